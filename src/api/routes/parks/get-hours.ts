import { Type, type Static } from 'typebox';
import type { Park } from '../../../catalog/types.js';
import { UpstreamError } from '../../../feeds/types.js';
import { upstreamApiError } from '../../upstream-error.js';
import { isoTimestamp, localClockTime, localDate } from '../../../lib/time.js';
import type { HoursDay, HoursWindow } from '../../../services/park-hours.js';
import type { ApiContext } from '../../../http/context.js';
import { defineEndpoint } from '../../../http/endpoint.js';
import { requirePark } from '../../../http/lookup.js';
import { PARK_PARAM, dateParam, daysParam, resolveDate } from '../../../http/params.js';
import { ParkHeaderProperties, parkHeader } from '../../resources/park.js';
import { Envelope, LocalDate, Nullable, Timestamp } from '../../../http/schemas/common.js';

const DATE_BOUNDS = { maxDaysAhead: 59, meaning: 'First park-local date' };
const DAYS_BOUNDS = { max: 60, fallback: 1, meaning: 'park-local days from `date`, including it' };

const LocalTime = Type.String({
  pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
  description: "Wall-clock time HH:MM in the park's time zone (a window past midnight ends on the next day).",
});

const HoursWindowSchema = Type.Object(
  {
    type: Type.Union(
      [
        Type.Literal('operating'),
        Type.Literal('early_entry'),
        Type.Literal('extended_evening'),
        Type.Literal('ticketed_event'),
      ],
      {
        description:
          'operating: regular park hours for every ticket holder. early_entry: the morning window before opening for eligible hotel guests (Early Theme Park Entry at Walt Disney World, Early Park Admission at Universal Orlando). extended_evening: the evening window after closing for eligible hotel guests (Extended Evening Theme Park Hours). ticketed_event: a separately ticketed night (a Halloween or Christmas party, Halloween Horror Nights) that needs its own ticket.',
      },
    ),
    name: Type.String({
      description: "The resort's own name for the window, with who may enter when it is restricted.",
    }),
    opens_at: Timestamp,
    closes_at: Timestamp,
    local_open: LocalTime,
    local_close: LocalTime,
    ticket_required: Type.Boolean({
      description:
        'True when the window needs a ticket of its own (ticketed_event); a park ticket does not admit.',
    }),
  },
  { additionalProperties: false, title: 'ParkHoursWindow' },
);

const HoursDaySchema = Type.Object(
  {
    date: LocalDate,
    status: Type.Union([Type.Literal('open'), Type.Literal('closed'), Type.Literal('unknown')], {
      description:
        "closed: the park does not open to day guests on this date (windows may still list an event). unknown: the park's feed publishes no schedule (a park beyond the spec's ten on a feed without schedules, or one its upstream has no schedule for): no hours are given, and the live data says whether it is open (`/waits` `park_status`).",
    }),
    opens_at: Nullable({
      ...Timestamp,
      description: 'Opening of the operating window; null when closed or unknown.',
    }),
    closes_at: Nullable({
      ...Timestamp,
      description:
        'Closing of the operating window for day guests; null when closed or unknown. On a ticketed-event night day guests leave at this time.',
    }),
    windows: Type.Array(HoursWindowSchema, {
      description:
        'Every window of the date, earliest opening first: operating hours, early entry, extended evening hours and ticketed events. A window may run past midnight; it belongs to the date it opens on.',
    }),
  },
  { additionalProperties: false, title: 'ParkHoursDay' },
);

const HoursBody = Envelope(
  {
    ...ParkHeaderProperties,
    date: { ...LocalDate, description: 'First park-local date listed.' },
    days: Type.Array(HoursDaySchema, {
      description:
        'One entry per park-local date from `date`, in date order (as many as the `days` parameter asks).',
    }),
    note: Type.String(),
  },
  'Operating hours and schedule windows of a park.',
  'ParkHours',
);
export type ParkHoursResponse = Static<typeof HoursBody>;

/** `GET /v1/parks/{park}/hours`. */
export const getHours = defineEndpoint({
  url: '/v1/parks/:park/hours',
  operationId: 'getParkHours',
  summary:
    'Operating hours and guest-facing windows (early entry, extended evening hours, ticketed events) for up to 60 park-local days.',
  description:
    "The park's published schedule for `days` park-local dates from `date`. The same schedule opens and closes the park in the live data: `/waits` reports `park_status: open` exactly while one of the windows is in progress, and the streams send `park` when one starts or the last ends. Early entry and extended evening hours admit eligible hotel guests only; a ticketed event needs its own ticket, and on such a night the operating window closes early for day guests. A park whose feed publishes no schedule answers each day `status: unknown` with no hours; its `park_status` then follows its live rides (open while any operates).",
  tag: 'Parks',
  params: { park: PARK_PARAM },
  query: { date: dateParam(DATE_BOUNDS), days: daysParam(DAYS_BOUNDS) },
  body: HoursBody,
  errors: [400, 401, 403, 404, 429, 503],
  maxAge: 300,
  provider: true,
  examples: ['/v1/parks/magic-kingdom/hours', '/v1/parks/usf/hours?days=7'],
  resolve: ({ params, query }, context) => {
    const park = requirePark(context, params.park);
    const now = context.clock.now();
    const date = resolveDate(query.date, park.time_zone, now, DATE_BOUNDS);
    return {
      key: `${park.key}|${date}|${query.days}`,
      // Schedules are published weeks ahead; a new local day moves the window of accepted dates.
      version: localDate(now, park.time_zone),
      input: { park, date, days: query.days },
    };
  },
  build: ({ park, date, days }, context) => hoursBody(context, park, date, days),
});

async function hoursBody(
  context: ApiContext,
  park: Park,
  date: string,
  count: number,
): Promise<ParkHoursResponse> {
  let days;
  try {
    days = await context.services.parkHours.forDates(park, date, count);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    throw upstreamApiError(error, 'Park hours');
  }
  const zone = park.time_zone;
  const presentWindow = (w: HoursWindow) => ({
    type: w.kind,
    name: w.name,
    opens_at: isoTimestamp(w.opens_at),
    closes_at: isoTimestamp(w.closes_at),
    local_open: localClockTime(w.opens_at, zone),
    local_close: localClockTime(w.closes_at, zone),
    ticket_required: w.kind === 'ticketed_event',
  });
  return context.envelopes.wrap(
    {
      ...parkHeader(park),
      date,
      days: days.map((day) => ({
        date: day.date,
        status: dayStatus(day),
        opens_at: day.operating ? isoTimestamp(day.operating.opens_at) : null,
        closes_at: day.operating ? isoTimestamp(day.operating.closes_at) : null,
        windows: day.windows.map(presentWindow),
      })),
      note: days.every((day) => day.published) ? PUBLISHED_NOTE : UNPUBLISHED_NOTE,
    },
    context.links.parkPage(park),
  );
}

const PUBLISHED_NOTE =
  'Hours as published by the operator; they may change. Early entry and extended evening hours admit eligible hotel guests only; ticketed events need their own ticket.';
const UNPUBLISHED_NOTE =
  "This park's feed publishes no schedule, so its hours are unknown and none are given. Whether it is open now follows its live rides (`/waits` `park_status`).";

function dayStatus(day: HoursDay): 'open' | 'closed' | 'unknown' {
  if (!day.published) return 'unknown';
  return day.operating ? 'open' : 'closed';
}
