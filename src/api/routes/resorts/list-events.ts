import { Type, type Static } from 'typebox';
import type { Resort } from '../../../catalog/types.js';
import { isoTimestamp } from '../../../lib/time.js';
import type { ApiContext } from '../../../http/context.js';
import { defineEndpoint } from '../../../http/endpoint.js';
import { requireResort } from '../../../http/lookup.js';
import { RESORT_PARAM, dateRangeParams, resolveDateRange } from '../../../http/params.js';
import {
  CheckedAt,
  Currency,
  DailyDataStatus,
  Price,
  ResortHeader,
  checkedAtOf,
  resortHeader,
} from '../../resources/resort-data.js';
import { Envelope, LocalDate, Nullable, Timestamp } from '../../../http/schemas/common.js';

const RANGE = { fromMaxDaysAhead: 365, maxSpanDays: 59, defaultSpanDays: 29 } as const;

const EventNightSchema = Type.Object(
  {
    series_id: Type.String({
      description: 'Stable ID of the event series (`mickeys-very-merry-christmas-party`).',
    }),
    name: Type.String({ description: "The series' name, as the operator sells it." }),
    park_id: Type.String(),
    park_key: Type.String(),
    date: { ...LocalDate, description: 'Night the event starts on, local to the resort.' },
    opens_at: { ...Timestamp, description: 'Event start (UTC).' },
    closes_at: { ...Timestamp, description: 'Event end (UTC); may be after local midnight.' },
    status: Type.Union([Type.Literal('on_sale'), Type.Literal('sold_out'), Type.Literal('not_on_sale')], {
      description:
        'At the last check: `on_sale`, `sold_out`, or `not_on_sale` (announced, tickets not yet released).',
    }),
    lowest_adult_price: {
      ...Price,
      description: 'Lowest adult price any check has seen for the night, in `currency`.',
    },
    first_sold_out_at: Nullable({
      ...Timestamp,
      description:
        'When the service first saw the night sold out (recorded by the check that saw it, never moved by later checks); null if it has not been seen sold out.',
    }),
    first_seen_at: { ...Timestamp, description: 'When the service first saw the night listed.' },
    last_checked_at: Timestamp,
  },
  { additionalProperties: false, title: 'EventNight' },
);

const EventsBody = Envelope(
  {
    ...ResortHeader,
    from: { ...LocalDate, description: 'First night of the range, local to the resort.' },
    to: { ...LocalDate, description: 'Last night of the range (inclusive).' },
    currency: Currency,
    checked_at: CheckedAt,
    events: Type.Array(EventNightSchema, {
      description: 'Every separately ticketed event night in the range, by date then park.',
    }),
    data_status: DailyDataStatus,
    note: Type.String(),
  },
  'Separately ticketed event nights of a resort.',
  'ResortEvents',
);
export type ResortEventsResponse = Static<typeof EventsBody>;

/** `GET /v1/resorts/{resort}/events`. */
export const listEvents = defineEndpoint({
  url: '/v1/resorts/:resort/events',
  operationId: 'listResortEvents',
  summary:
    'Separately ticketed event nights between two dates, with on-sale or sold-out status, lowest adult price and first sell-out time.',
  description:
    "Event nights (Mickey's Not-So-Scary Halloween Party, Mickey's Very Merry Christmas Party, Halloween Horror Nights, Oogie Boogie Bash, Disneyland After Dark…) from `from` (today through 365 days ahead, in the resort's time zone) to `to` (at most 59 days later; default 29). Statuses come from the daily check; `first_sold_out_at` is recorded by the check that first saw the night sold out and kept from then on. The same calendar drives the parks' hours and the crowd forecast.",
  tag: 'Resorts',
  params: { resort: RESORT_PARAM },
  query: dateRangeParams(RANGE),
  body: EventsBody,
  errors: [400, 401, 403, 404, 429, 503],
  maxAge: 300,
  provider: true,
  examples: [
    '/v1/resorts/walt-disney-world/events',
    '/v1/resorts/universal-orlando/events?from=2027-09-01&to=2027-10-30',
  ],
  resolve: ({ params, query }, context) => {
    const resort = requireResort(context, params.resort);
    const { from, to } = resolveDateRange(query, resort.time_zone, context.clock.now(), RANGE);
    return {
      key: `${resort.key}/${from}/${to}`,
      version: context.services.resortData.version(resort, 'events'),
      input: { resort, from, to },
    };
  },
  build: ({ resort, from, to }, context) => eventsBody(context, resort, from, to),
});

async function eventsBody(
  context: ApiContext,
  resort: Resort,
  from: string,
  to: string,
): Promise<ResortEventsResponse> {
  const checked = await context.services.resortData.eventNights(resort, from, to);
  const park = (key: string) => resort.parks.find((p) => p.key === key);
  return context.envelopes.wrap({
    ...resortHeader(resort),
    from,
    to,
    currency: 'USD',
    checked_at: checkedAtOf(checked.checkedAt),
    events: checked.current
      ? checked.value.map((night) => ({
          series_id: night.series_id,
          name: night.series_name,
          park_id: park(night.park_key)?.id ?? night.park_key,
          park_key: night.park_key,
          date: night.date,
          opens_at: isoTimestamp(night.opens_at),
          closes_at: isoTimestamp(night.closes_at),
          status: night.status as 'on_sale' | 'sold_out' | 'not_on_sale',
          lowest_adult_price: night.lowest_adult_price_cents / 100,
          first_sold_out_at: night.first_sold_out_at === null ? null : isoTimestamp(night.first_sold_out_at),
          first_seen_at: isoTimestamp(night.first_seen_at),
          last_checked_at: isoTimestamp(night.last_checked_at),
        }))
      : [],
    data_status: checked.current ? 'available' : 'unavailable',
    note:
      context.services.resortData.unsourced(resort, 'events') ??
      'Statuses from the daily check of the operator’s event calendars; first_sold_out_at is when this service first saw the night sold out, not the operator’s own record.',
  });
}
