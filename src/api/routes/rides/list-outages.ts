import { Type } from 'typebox';
import type { ApiContext } from '../../context.js';
import { endpoint } from '../../endpoint.js';
import { daysQuery } from '../../params.js';
import { OutageSchema, presentOutage } from '../../resources/outage.js';
import { RideWindowProperties, rideWindow } from '../../resources/ride-window.js';
import { Envelope, LocalDate } from '../../schemas/common.js';
import type { ApiServer } from '../../server.js';
import { RideParam } from '../parks/params.js';

const RideOutagesBody = Envelope(
  {
    ...RideWindowProperties,
    coverage_start: LocalDate,
    outages: Type.Array(OutageSchema, {
      description: 'Newest first; an outage open since before from_date is included.',
    }),
  },
  "One ride's outages.",
);

/** Row 15: `GET /v1/rides/{ride}/outages`. */
export function registerListRideOutages(app: ApiServer, context: ApiContext): void {
  app.get(
    '/v1/rides/:ride/outages',
    {
      ...endpoint({
        operationId: 'listRideOutages',
        summary:
          'Each outage of one ride with start and end over the last 1 to 30 park-local days, newest first.',
        tag: 'Rides',
        params: Type.Object({ ride: RideParam }),
        querystring: Type.Object({
          days: daysQuery({ max: 30, fallback: 7, meaning: 'park-local days back, including today' }),
        }),
        body: RideOutagesBody,
        errors: [400, 401, 403, 404, 429, 503],
        maxAge: 60,
        provider: true,
      }),
    },
    async (request) => {
      const window = rideWindow(context, request.params.ride, request.query.days ?? 7);
      const outages = await context.history.rideOutages(window.ride.id, window.from, window.now + 1);
      return context.envelopes.wrap(
        {
          ...window.header,
          coverage_start: context.config.coverageStart,
          outages: outages.map((outage) => presentOutage(outage, window.now)),
        },
        context.links.ridePage(window.ride),
      );
    },
  );
}
