import { Type, type Static } from 'typebox';
import type { Park } from '../../../catalog/types.js';
import { isoTimestamp, localClockTime, localDate } from '../../../lib/time.js';
import type { ApiContext } from '../../../http/context.js';
import { defineEndpoint } from '../../../http/endpoint.js';
import { requirePark } from '../../../http/lookup.js';
import { PARK_PARAM, dateParam, resolveDate } from '../../../http/params.js';
import { ParkHeaderProperties, parkHeader } from '../../resources/park.js';
import { Envelope, LocalDate, Nullable, Timestamp } from '../../../http/schemas/common.js';

const DATE_BOUNDS = { maxDaysAhead: 6, meaning: 'Park-local date' };

const LocalTime = Type.String({
  pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
  description: "Wall-clock time HH:MM in the park's time zone.",
});

const ShowtimeSchema = Type.Object(
  {
    show_id: Type.String({
      description:
        'Stable ID `<park_key>_<slug>` of the show, parade or meet: the same ID as `ride_id` in the ride list and `/waits` when the attraction is listed there (see `ride_id`).',
    }),
    ride_id: Nullable(
      Type.String({
        description:
          'The attraction ID of the ride list, usable in /v1/rides/{ride}; null for entertainment the ride list does not carry (a parade, fireworks, a party-night show).',
      }),
    ),
    name: Type.String(),
    type: Type.Union(
      [Type.Literal('show'), Type.Literal('meet'), Type.Literal('experience'), Type.Literal('ride')],
      {
        description:
          'show: a show, parade or fireworks performance. meet: a character meet, whose start and end bound the meet window. experience: a walk-through open from start to end. ride: a ride that runs on a timetable.',
      },
    ),
    land: Nullable(Type.String({ description: 'The land or area; null when not known.' })),
    start_at: Timestamp,
    end_at: {
      ...Timestamp,
      description: 'End of the performance, or of the window for a meet or walk-through.',
    },
    local_start: LocalTime,
    local_end: LocalTime,
    duration_minutes: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false, title: 'Showtime' },
);

const ShowtimesBody = Envelope(
  {
    ...ParkHeaderProperties,
    date: LocalDate,
    data_status: Type.Union(
      [Type.Literal('published'), Type.Literal('planned'), Type.Literal('unavailable')],
      {
        description:
          "published: the operator's own times for the date (operators publish a day's times on that day, so usually today only). planned: a later date; times from the park's regular entertainment schedule and its published hours, which the operator may change when it publishes the day. unavailable: the showtime source could not be read; `showtimes` is empty and `note` says why.",
      },
    ),
    showtimes: Type.Array(ShowtimeSchema, {
      description: 'Every performance and meet window of the date, earliest start first.',
    }),
    note: Type.String(),
  },
  'Shows, parades, fireworks and character meets of a park for a date.',
  'ParkShowtimes',
);
export type ParkShowtimesResponse = Static<typeof ShowtimesBody>;

/** `GET /v1/parks/{park}/showtimes`. */
export const listShowtimes = defineEndpoint({
  url: '/v1/parks/:park/showtimes',
  operationId: 'listParkShowtimes',
  summary:
    'Show, parade, fireworks and character-meet times for a park-local date within the next 7 days (usually published for today only), earliest first.',
  description:
    "Times for the park-local `date` (today through 6 days ahead), earliest first, each with its `type` (`show`, `meet`, `experience`, `ride`). Operators publish a day's times on that day: today's are `published`; a later date holds `planned` times from the park's regular entertainment schedule and published hours (`data_status: planned`), which may change once the day's schedule is published. On a ticketed-event night, the event's shows are listed inside the event's window (see /hours), and day entertainment that the early close cancels is not listed.",
  tag: 'Parks',
  params: { park: PARK_PARAM },
  query: { date: dateParam(DATE_BOUNDS) },
  body: ShowtimesBody,
  errors: [400, 401, 403, 404, 429, 503],
  maxAge: 300,
  provider: true,
  examples: ['/v1/parks/magic-kingdom/showtimes', '/v1/parks/epcot/showtimes'],
  resolve: ({ params, query }, context) => {
    const park = requirePark(context, params.park);
    const now = context.clock.now();
    const date = resolveDate(query.date, park.time_zone, now, DATE_BOUNDS);
    // A date moves from planned to published when it becomes today.
    return { key: `${park.key}|${date}`, version: localDate(now, park.time_zone), input: { park, date } };
  },
  build: ({ park, date }, context) => showtimesBody(context, park, date),
});

async function showtimesBody(context: ApiContext, park: Park, date: string): Promise<ParkShowtimesResponse> {
  const day = await context.services.showtimes.forDate(park, date);
  const zone = park.time_zone;
  const listed = new Set(park.attractions.map((a) => a.id));
  return context.envelopes.wrap(
    {
      ...parkHeader(park),
      date,
      data_status: day.status,
      showtimes: day.showtimes.map((s) => ({
        show_id: s.show_id,
        ride_id: listed.has(s.show_id) ? s.show_id : null,
        name: s.name,
        type: s.type,
        land: s.land,
        start_at: isoTimestamp(s.starts_at),
        end_at: isoTimestamp(s.ends_at),
        local_start: localClockTime(s.starts_at, zone),
        local_end: localClockTime(s.ends_at, zone),
        duration_minutes: Math.round((s.ends_at - s.starts_at) / 60_000),
      })),
      note:
        day.status === 'published'
          ? "The operator's published times for the date; performances can be cancelled for weather."
          : day.status === 'planned'
            ? "Planned from the park's regular schedule: the operator publishes this date's times on the day, and they may differ."
            : `Showtimes are unavailable right now: ${(day.reason ?? 'the source could not be read').replace(/\.$/, '')}.`,
    },
    context.links.parkPage(park),
  );
}
