import { Type } from 'typebox';
import type { ApiContext } from '../../context.js';
import { endpoint } from '../../endpoint.js';
import { requireRide } from '../../lookup.js';
import { RideDetailBody, rideDetail } from '../../resources/ride-detail.js';
import type { ApiServer } from '../../server.js';
import { RideParam } from '../parks/params.js';

/** Row 12: `GET /v1/rides/{ride}`. */
export function registerGetRide(app: ApiServer, context: ApiContext): void {
  app.get(
    '/v1/rides/:ride',
    {
      ...endpoint({
        operationId: 'getRide',
        summary: 'One ride: its facts, live wait in `live` and 30-day summary in `reliability`.',
        tag: 'Rides',
        params: Type.Object({ ride: RideParam }),
        body: RideDetailBody,
        errors: [400, 401, 404, 429, 503],
        maxAge: 5,
      }),
    },
    async (request) => {
      const { ride, park } = requireRide(context, request.params.ride);
      return rideDetail(context, ride, park);
    },
  );
}
