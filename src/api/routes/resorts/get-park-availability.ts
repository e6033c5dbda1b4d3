import { Type, type Static } from 'typebox';
import type { Resort } from '../../../catalog/types.js';
import type { ApiContext } from '../../../http/context.js';
import { defineEndpoint } from '../../../http/endpoint.js';
import { requireResort } from '../../../http/lookup.js';
import { RESORT_PARAM, dateParam, daysParam, resolveDate } from '../../../http/params.js';
import {
  CheckedAt,
  DailyDataStatus,
  ResortHeader,
  checkedAtOf,
  resortHeader,
} from '../../resources/resort-data.js';
import { Envelope, LocalDate } from '../../../http/schemas/common.js';

const DATE_BOUNDS = { maxDaysAhead: 399, meaning: 'First date' } as const;

const AccessStatusSchema = Type.Union(
  [
    Type.Literal('available'),
    Type.Literal('limited'),
    Type.Literal('unavailable'),
    Type.Literal('blocked_out'),
  ],
  {
    description:
      '`available`: reservations open (or none needed); `limited`: few reservations left; `unavailable`: reservations or tickets for the park are gone; `blocked_out`: the pass does not admit on that date.',
  },
);

const SegmentSchema = Type.Object(
  {
    segment: Type.String({
      description: '`broad` (date-based tickets) or an annual-pass tier ID (`incredi-pass`).',
    }),
    name: Type.String(),
    kind: Type.Union([Type.Literal('ticket'), Type.Literal('annual_pass')]),
  },
  { additionalProperties: false, title: 'AccessSegment' },
);

const ParkDateSchema = Type.Object(
  {
    park_id: Type.String(),
    park_key: Type.String(),
    segments: Type.Array(
      Type.Object(
        {
          segment: Type.String({ description: 'A `segment` of the top-level `segments` list.' }),
          status: AccessStatusSchema,
          reservation_required: Type.Boolean({
            description: 'Whether this segment needs a park reservation on that date.',
          }),
        },
        { additionalProperties: false, title: 'SegmentAvailability' },
      ),
      { description: 'One entry per segment, in the order of `segments`.' },
    ),
  },
  { additionalProperties: false, title: 'ParkDateAvailability' },
);

const AvailabilityBody = Envelope(
  {
    ...ResortHeader,
    date: { ...LocalDate, description: 'First date, local to the resort.' },
    days: Type.Integer({ minimum: 1, maximum: 31, description: 'Number of dates.' }),
    checked_at: CheckedAt,
    segments: Type.Array(SegmentSchema, {
      description:
        'Ticket and pass types whose access is tracked: `broad` tickets first, then each annual-pass tier the resort sells.',
    }),
    dates: Type.Array(
      Type.Object(
        { date: LocalDate, parks: Type.Array(ParkDateSchema) },
        { additionalProperties: false, title: 'AvailabilityDate' },
      ),
      { description: 'One entry per date, oldest first; each lists every park of the resort.' },
    ),
    data_status: DailyDataStatus,
    note: Type.String(),
  },
  'Park reservation and blockout availability per park and segment.',
  'ParkAvailability',
);
export type ParkAvailabilityResponse = Static<typeof AvailabilityBody>;

/** `GET /v1/resorts/{resort}/park-availability`. */
export const getParkAvailability = defineEndpoint({
  url: '/v1/resorts/:resort/park-availability',
  operationId: 'getResortParkAvailability',
  summary: 'Park reservation and blockout availability per park and ticket or pass type, for up to 31 days.',
  description:
    "For each date from `date` (today through 399 days ahead, in the resort's time zone) and each park: whether date-based tickets (`broad`) and each annual-pass tier can get in, as of the service's last daily check. Blockouts follow each pass's calendar; reservations fill as a date nears.",
  tag: 'Resorts',
  params: { resort: RESORT_PARAM },
  query: {
    date: dateParam(DATE_BOUNDS),
    days: daysParam({ max: 31, fallback: 7, meaning: 'dates from `date`' }),
  },
  body: AvailabilityBody,
  errors: [400, 401, 403, 404, 429, 503],
  maxAge: 300,
  provider: true,
  examples: ['/v1/resorts/walt-disney-world/park-availability', '/v1/resorts/dlr/park-availability?days=31'],
  resolve: ({ params, query }, context) => {
    const resort = requireResort(context, params.resort);
    const date = resolveDate(query.date, resort.time_zone, context.clock.now(), DATE_BOUNDS);
    return {
      key: `${resort.key}/${date}/${query.days}`,
      version: context.services.resortData.version(resort, 'parkAvailability'),
      input: { resort, date, days: query.days },
    };
  },
  build: ({ resort, date, days }, context) => availabilityBody(context, resort, date, days),
});

function availabilityBody(
  context: ApiContext,
  resort: Resort,
  date: string,
  days: number,
): ParkAvailabilityResponse {
  const service = context.services.resortData;
  const checked = service.parkAvailability(resort, date, days);
  const segments = service.segments(resort);
  return context.envelopes.wrap({
    ...resortHeader(resort),
    date,
    days,
    checked_at: checkedAtOf(checked.checkedAt),
    segments: segments.map(({ segment, name, kind }) => ({ segment, name, kind })),
    dates: checked.current
      ? checked.value.map(({ date: day, access }) => ({
          date: day,
          parks: resort.parks.map((park) => ({
            park_id: park.id,
            park_key: park.key,
            segments: access
              .filter((a) => a.park_key === park.key)
              .map((a) => ({
                segment: a.segment,
                status: a.status,
                reservation_required: a.reservation_required,
              })),
          })),
        }))
      : [],
    data_status: checked.current ? 'available' : 'unavailable',
    note:
      context.services.resortData.unsourced(resort, 'parkAvailability') ??
      'From the daily check of the operator’s reservation and blockout calendars.',
  });
}
