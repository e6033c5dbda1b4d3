import { Type, type Static } from 'typebox';
import type { Resort } from '../../../catalog/types.js';
import type { ApiContext } from '../../../http/context.js';
import { defineEndpoint } from '../../../http/endpoint.js';
import { requireResort } from '../../../http/lookup.js';
import { RESORT_PARAM, dateParam, daysParam, resolveDate } from '../../../http/params.js';
import {
  CheckedAt,
  Currency,
  DailyDataStatus,
  Price,
  ResortHeader,
  checkedAtOf,
  resortHeader,
} from '../../resources/resort-data.js';
import { Envelope, LocalDate, Nullable } from '../../../http/schemas/common.js';

const DATE_BOUNDS = { maxDaysAhead: 119, meaning: 'First night' } as const;

const HotelSchema = Type.Object(
  {
    hotel_id: Type.String({ description: 'Stable hotel ID (`pop-century`).' }),
    name: Type.String(),
    tier: Type.Union(
      [
        Type.Literal('value'),
        Type.Literal('moderate'),
        Type.Literal('deluxe'),
        Type.Literal('villa'),
        Type.Literal('prime_value'),
        Type.Literal('preferred'),
        Type.Literal('premier'),
        Type.Literal('partner'),
      ],
      {
        description:
          "The operator's tier: Disney's value, moderate, deluxe and villa (Disney Vacation Club); Universal Orlando's value, prime_value, preferred and premier; `partner` for official partner hotels.",
      },
    ),
  },
  { additionalProperties: false, title: 'Hotel' },
);

const HotelNightSchema = Type.Object(
  {
    hotel_id: Type.String({ description: 'A `hotel_id` of the top-level `hotels` list.' }),
    available: Type.Boolean({ description: 'False when the hotel is sold out that night.' }),
    lowest_rate: Nullable({
      ...Price,
      description: 'Lowest nightly rate for two adults before tax, in `currency`; null when sold out.',
    }),
    rooms_left_at_rate: Nullable(
      Type.Integer({ minimum: 0, description: 'Rooms left at the lowest rate; null when sold out.' }),
    ),
  },
  { additionalProperties: false, title: 'HotelNight' },
);

const HotelAvailabilityBody = Envelope(
  {
    ...ResortHeader,
    date: { ...LocalDate, description: 'First night, local to the resort.' },
    days: Type.Integer({ minimum: 1, maximum: 14, description: 'Number of nights.' }),
    currency: Currency,
    checked_at: CheckedAt,
    hotels: Type.Array(HotelSchema, { description: "The resort's hotels, cheapest tier first." }),
    nights: Type.Array(
      Type.Object(
        {
          date: LocalDate,
          hotels_sold_out: Type.Integer({
            minimum: 0,
            description: "Number of the resort's hotels sold out that night.",
          }),
          median_rate: Nullable({
            ...Price,
            description:
              "Median of the available hotels' lowest rates for two adults; null when all are sold out.",
          }),
          hotels: Type.Array(HotelNightSchema, { description: 'Every hotel, in the order of `hotels`.' }),
        },
        { additionalProperties: false, title: 'HotelAvailabilityNight' },
      ),
      { description: 'One entry per night, oldest first.' },
    ),
    data_status: DailyDataStatus,
    note: Type.String(),
  },
  "Availability and rates of the resort's hotels per night.",
  'HotelAvailability',
);
export type HotelAvailabilityResponse = Static<typeof HotelAvailabilityBody>;

/** `GET /v1/resorts/{resort}/hotel-availability`. */
export const getHotelAvailability = defineEndpoint({
  url: '/v1/resorts/:resort/hotel-availability',
  operationId: 'getResortHotelAvailability',
  summary:
    'Per night, the hotels sold out and the median rate; per hotel, availability, lowest rate and rooms left.',
  description:
    "Up to 14 nights from `date` (tonight through 119 days ahead, in the resort's time zone), as of the service's last daily check: per night the number of the resort's hotels sold out and the median lowest rate; per hotel and night whether it has rooms, the lowest rate for two adults before tax and the rooms left at it.",
  tag: 'Resorts',
  params: { resort: RESORT_PARAM },
  query: {
    date: dateParam(DATE_BOUNDS),
    days: daysParam({ max: 14, fallback: 7, meaning: 'nights from `date`' }),
  },
  body: HotelAvailabilityBody,
  errors: [400, 401, 403, 404, 429, 503],
  maxAge: 300,
  provider: true,
  examples: [
    '/v1/resorts/walt-disney-world/hotel-availability',
    '/v1/resorts/uor/hotel-availability?days=14',
  ],
  resolve: ({ params, query }, context) => {
    const resort = requireResort(context, params.resort);
    const date = resolveDate(query.date, resort.time_zone, context.clock.now(), DATE_BOUNDS);
    return {
      key: `${resort.key}/${date}/${query.days}`,
      version: context.services.resortData.version(resort, 'hotels'),
      input: { resort, date, days: query.days },
    };
  },
  build: ({ resort, date, days }, context) => hotelBody(context, resort, date, days),
});

function hotelBody(
  context: ApiContext,
  resort: Resort,
  date: string,
  days: number,
): HotelAvailabilityResponse {
  const service = context.services.resortData;
  const checked = service.hotelNights(resort, date, days);
  const hotels = service.hotels(resort);
  return context.envelopes.wrap({
    ...resortHeader(resort),
    date,
    days,
    currency: 'USD',
    checked_at: checkedAtOf(checked.checkedAt),
    hotels: hotels.map(({ hotel_id, name, tier }) => ({ hotel_id, name, tier })),
    nights: checked.current
      ? checked.value.map((night) => ({
          date: night.date,
          hotels_sold_out: night.soldOut,
          median_rate: night.medianRate,
          hotels: night.hotels.map((h) => ({
            hotel_id: h.hotel_id,
            available: h.available,
            lowest_rate: h.lowest_rate?.amount ?? null,
            rooms_left_at_rate: h.rooms_left_at_rate,
          })),
        }))
      : [],
    data_status: checked.current ? 'available' : 'unavailable',
    note:
      context.services.resortData.unsourced(resort, 'hotels') ??
      'Rates for two adults before tax, from the daily check of the operator’s booking engine; they can change between checks.',
  });
}
