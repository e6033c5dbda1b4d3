import { Type } from 'typebox';
import type { ApiContext } from '../../context.js';
import { endpoint } from '../../endpoint.js';
import { requirePark, requireRide } from '../../lookup.js';
import { RideDetailBody, rideDetail } from '../../resources/ride-detail.js';
import type { ApiServer } from '../../server.js';
import { ParkParam } from './params.js';

/** Row 7: `GET /v1/parks/{park}/rides/{ride}`; the ride may be named by ID, name or slug within the park. */
export function registerGetParkRide(app: ApiServer, context: ApiContext): void {
  app.get(
    '/v1/parks/:park/rides/:ride',
    {
      ...endpoint({
        operationId: 'getParkRide',
        summary: 'One ride of a park by ID, name or site slug: facts, live wait and 30-day reliability.',
        tag: 'Parks',
        params: Type.Object({
          park: ParkParam,
          ride: Type.String({
            description: 'Ride ID, or the ride’s name or site slug within the park, case-insensitive.',
            examples: ['space-mountain'],
          }),
        }),
        body: RideDetailBody,
        errors: [400, 401, 404, 429, 503],
        maxAge: 5,
      }),
    },
    async (request) => {
      const park = requirePark(context, request.params.park);
      const { ride } = requireRide(context, request.params.ride, park);
      return rideDetail(context, ride, park);
    },
  );
}
