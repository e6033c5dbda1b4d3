import { Type } from 'typebox';
import { startOfLocalDay } from '../../../lib/time.js';
import type { ApiContext } from '../../context.js';
import { endpoint } from '../../endpoint.js';
import { requireRide } from '../../lookup.js';
import { daysQuery, localDaysBack } from '../../params.js';
import { OutageSchema, presentOutage } from '../../resources/outage.js';
import { Envelope, LocalDate } from '../../schemas/common.js';
import type { ApiServer } from '../../server.js';
import { RideParam } from '../parks/params.js';

const RideOutagesBody = Envelope(
  {
    ride_id: Type.String(),
    ride_name: Type.String(),
    park_id: Type.String(),
    park_key: Type.String(),
    time_zone: Type.String(),
    days: Type.Integer(),
    from_date: LocalDate,
    to_date: LocalDate,
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
      const { ride, park } = requireRide(context, request.params.ride);
      const days = request.query.days ?? 7;
      const now = context.clock.now();
      const dates = localDaysBack(days, park.time_zone, now);
      const fromDate = dates[0] ?? '';
      const outages = await context.history.rideOutages(
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
          coverage_start: context.config.coverageStart,
          outages: outages.map((outage) => presentOutage(outage, now)),
        },
        context.links.ridePage(ride),
      );
    },
  );
}
