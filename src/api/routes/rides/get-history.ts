import { Type } from 'typebox';
import { isoTimestamp } from '../../../lib/time.js';
import type { LiveStatus } from '../../../live/types.js';
import type { ApiContext } from '../../context.js';
import { endpoint } from '../../endpoint.js';
import { findRide, requireRide } from '../../lookup.js';
import { daysQuery, daysQueryValues } from '../../params.js';
import { LiveStatusSchema } from '../../resources/live-entry.js';
import { RideWindowProperties, rideWindow, type RideWindow } from '../../resources/ride-window.js';
import { Envelope, Nullable, Timestamp } from '../../schemas/common.js';
import type { Attraction } from '../../../catalog/types.js';
import { sendPrepared } from '../../prepared/body.js';
import { PreparedCache } from '../../prepared/cache.js';
import type { ApiServer } from '../../server.js';
import { RideParam } from '../parks/params.js';

const HistoryBody = Envelope(
  {
    ...RideWindowProperties,
    changes: Type.Array(
      Type.Object(
        { at: Timestamp, status: LiveStatusSchema, standby_wait_minutes: Nullable(Type.Integer()) },
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
  const cache = new PreparedCache(context.clock);
  const MAX_AGE = 60;
  const DAYS = { max: 7, fallback: 7, meaning: 'park-local days back, including today' };
  // New rows land with a refresh of the ride's park, so its live state versions the body.
  const key = (ride: Attraction, days: number) => `${ride.id}|${days}`;
  app.get(
    '/v1/rides/:ride/history',
    {
      ...endpoint({
        operationId: 'getRideHistory',
        summary:
          "Every change in one ride's posted standby wait and status over the last 1 to 7 park-local days, oldest first.",
        tag: 'Rides',
        params: Type.Object({ ride: RideParam }),
        querystring: Type.Object({ days: daysQuery(DAYS) }),
        body: HistoryBody,
        errors: [400, 401, 403, 404, 429, 503],
        maxAge: MAX_AGE,
        provider: true,
        prepared: (params, query) => {
          const found = findRide(context, params.ride);
          const days = query.days === undefined ? DAYS.fallback : Number(query.days);
          return found && cache.peek(key(found.ride, days), context.live.version(found.park.key));
        },
        preparedQueries: daysQueryValues(DAYS),
      }),
    },
    async (request, reply) => {
      const { ride, park } = requireRide(context, request.params.ride);
      const days = request.query.days ?? DAYS.fallback;
      const body = await cache.get(key(ride, days), context.live.version(park.key), MAX_AGE, () =>
        historyBody(context, rideWindow(context, ride.id, days)),
      );
      return sendPrepared(request, reply, body);
    },
  );
}

async function historyBody(context: ApiContext, window: RideWindow) {
  const changes = await context.history.changes(window.ride.id, window.from, window.now + 1);
  return context.envelopes.wrap(
    {
      ...window.header,
      changes: changes.map((c) => ({
        at: isoTimestamp(c.at),
        status: c.status as LiveStatus,
        standby_wait_minutes: c.standby_wait_minutes,
      })),
      note: `Rows exist only where the wait or status changed; coverage starts ${context.config.coverageStart}.`,
    },
    context.links.ridePage(window.ride),
  );
}
