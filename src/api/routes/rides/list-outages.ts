import { Type, type Static } from 'typebox';
import { defineEndpoint } from '../../../http/endpoint.js';
import { RIDE_PARAM, daysParam } from '../../../http/params.js';
import { OutageSchema, presentOutage } from '../../resources/outage.js';
import { RideWindowProperties, presentRideWindow, resolveRideDays } from '../../resources/ride-window.js';
import { Envelope, LocalDate } from '../../../http/schemas/common.js';

const RideOutagesBody = Envelope(
  {
    ...RideWindowProperties,
    coverage_start: LocalDate,
    outages: Type.Array(OutageSchema, {
      description: 'Newest first; an outage open since before from_date is included.',
    }),
  },
  "One ride's outages.",
  'RideOutages',
);
export type RideOutagesResponse = Static<typeof RideOutagesBody>;

/** `GET /v1/rides/{ride}/outages`. */
export const listRideOutages = defineEndpoint({
  url: '/v1/rides/:ride/outages',
  operationId: 'listRideOutages',
  summary: 'Each outage of one ride with start and end over the last 1 to 30 park-local days, newest first.',
  description:
    'An outage opens at the first Down, Brief Delay or Weather Delay report and ends at the next report of any other status; `ongoing` is true while the ride is still down, and the open outage carries an estimate of when the ride reopens (`expected_reopen_at`, with an 80% range in `reopen_earliest` and `reopen_latest`), learned from the recorded outages and recomputed every minute. `days` counts park-local days back, today included; coverage starts at `coverage_start`.',
  tag: 'Rides',
  params: { ride: RIDE_PARAM },
  query: { days: daysParam({ max: 30, fallback: 7, meaning: 'park-local days back, including today' }) },
  body: RideOutagesBody,
  errors: [400, 401, 403, 404, 429, 503],
  maxAge: 60,
  provider: true,
  examples: [
    '/v1/rides/magic-kingdom_space-mountain/outages',
    '/v1/rides/magic-kingdom_space-mountain/outages?days=30',
  ],
  resolve: ({ params, query }, context) =>
    resolveRideDays(context, params.ride, query.days, (park) => context.services.outages.version(park)),
  build: async ({ ride, park, days }, { services, envelopes, links, config }) => {
    const window = services.history.window(ride, park, days);
    const outages = await services.outages.forRide(window);
    return envelopes.wrap(
      {
        ...presentRideWindow(window),
        coverage_start: config.coverageStart,
        outages: outages.map((outage) => presentOutage(outage, window.now)),
      },
      links.ridePage(ride),
    );
  },
});
