import { Type } from 'typebox';
import { isoTimestamp, startOfLocalDay } from '../../../lib/time.js';
import type { LiveStatus } from '../../../live/types.js';
import type { ApiContext } from '../../context.js';
import { endpoint } from '../../endpoint.js';
import { requireRide } from '../../lookup.js';
import { daysQuery, localDaysBack } from '../../params.js';
import { LiveStatusSchema } from '../../resources/live-entry.js';
import { Envelope, LocalDate, Nullable, Timestamp } from '../../schemas/common.js';
import type { ApiServer } from '../../server.js';
import { RideParam } from '../parks/params.js';

const HistoryBody = Envelope(
  {
    ride_id: Type.String(),
    ride_name: Type.String(),
    park_id: Type.String(),
    park_key: Type.String(),
    time_zone: Type.String(),
    days: Type.Integer(),
    from_date: LocalDate,
    to_date: LocalDate,
    changes: Type.Array(
      Type.Object(
        {
          at: Timestamp,
          status: LiveStatusSchema,
          standby_wait_minutes: Nullable(Type.Integer()),
        },
        { additionalProperties: false },
      ),
      {
        description:
          'Every change of posted standby wait or status, oldest first; a value holds until the next row.',
      },
    ),
    note: Type.String(),
  },
  "One ride's changes of posted standby wait and status.",
);

/** Row 14: `GET /v1/rides/{ride}/history`. */
export function registerGetHistory(app: ApiServer, context: ApiContext): void {
  app.get(
    '/v1/rides/:ride/history',
    {
      ...endpoint({
        operationId: 'getRideHistory',
        summary:
          "Every change in one ride's posted standby wait and status over the last 1 to 7 park-local days, oldest first.",
        tag: 'Rides',
        params: Type.Object({ ride: RideParam }),
        querystring: Type.Object({
          days: daysQuery({ max: 7, fallback: 7, meaning: 'park-local days back, including today' }),
        }),
        body: HistoryBody,
        errors: [400, 401, 403, 404, 429, 503],
        maxAge: 60,
        provider: true,
      }),
    },
    async (request) => {
      const { ride, park } = requireRide(context, request.params.ride);
      const days = request.query.days ?? 7;
      const now = context.clock.now();
      const dates = localDaysBack(days, park.time_zone, now);
      const fromDate = dates[0] ?? '';
      const changes = await context.history.changes(
        ride.id,
        startOfLocalDay(fromDate, park.time_zone),
        now + 1,
      );
      return context.envelopes.wrap(
        {
          ride_id: ride.id,
          ride_name: ride.name,
          park_id: park.id,
          park_key: park.key,
          time_zone: park.time_zone,
          days,
          from_date: fromDate,
          to_date: dates.at(-1) ?? fromDate,
          changes: changes.map((c) => ({
            at: isoTimestamp(c.at),
            status: c.status as LiveStatus,
            standby_wait_minutes: c.standby_wait_minutes,
          })),
          note: `Rows exist only where the wait or status changed; coverage starts ${context.config.coverageStart}.`,
        },
        context.links.ridePage(ride),
      );
    },
  );
}
