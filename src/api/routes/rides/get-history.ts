import { Type, type Static } from 'typebox';
import { isoTimestamp } from '../../../lib/time.js';
import type { LiveStatus } from '../../../live/types.js';
import { defineEndpoint } from '../../../http/endpoint.js';
import { RIDE_PARAM, daysParam } from '../../../http/params.js';
import { LiveStatusSchema } from '../../../http/resources/live-entry.js';
import { RideWindowProperties, presentRideWindow, resolveRideDays } from '../../resources/ride-window.js';
import { Envelope, Nullable, Timestamp } from '../../../http/schemas/common.js';

const HistoryBody = Envelope(
  {
    ...RideWindowProperties,
    changes: Type.Array(
      Type.Object(
        { at: Timestamp, status: LiveStatusSchema, standby_wait_minutes: Nullable(Type.Integer()) },
        { additionalProperties: false, title: 'WaitChange' },
      ),
      {
        description:
          'Every change of posted standby wait or status, oldest first; a value holds until the next row.',
      },
    ),
    note: Type.String(),
  },
  "One ride's changes of posted standby wait and status.",
  'RideHistory',
);
export type RideHistoryResponse = Static<typeof HistoryBody>;

/** `GET /v1/rides/{ride}/history`. */
export const getHistory = defineEndpoint({
  url: '/v1/rides/:ride/history',
  operationId: 'getRideHistory',
  summary:
    "Every change in one ride's posted standby wait and status over the last 1 to 7 park-local days, oldest first.",
  description:
    'A row exists only where the posted standby wait or the status changed, so a value holds until the next row. `days` counts park-local days back, today included; history starts at the coverage start.',
  tag: 'Rides',
  params: { ride: RIDE_PARAM },
  query: { days: daysParam({ max: 7, fallback: 7, meaning: 'park-local days back, including today' }) },
  body: HistoryBody,
  errors: [400, 401, 403, 404, 429, 503],
  maxAge: 60,
  provider: true,
  examples: [
    '/v1/rides/magic-kingdom_seven-dwarfs-mine-train/history',
    '/v1/rides/magic-kingdom_space-mountain/history?days=1',
  ],
  resolve: ({ params, query }, context) =>
    resolveRideDays(context, params.ride, query.days, (park) => context.services.history.version(park)),
  build: async ({ ride, park, days }, { services, envelopes, links, config }) => {
    const window = services.history.window(ride, park, days);
    const changes = await services.history.changes(window);
    return envelopes.wrap(
      {
        ...presentRideWindow(window),
        changes: changes.map((c) => ({
          at: isoTimestamp(c.at),
          status: c.status as LiveStatus,
          standby_wait_minutes: c.standby_wait_minutes,
        })),
        note: `Rows exist only where the wait or status changed; coverage starts ${config.coverageStart}.`,
      },
      links.ridePage(ride),
    );
  },
});
