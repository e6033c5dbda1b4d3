import { Type } from 'typebox';
import type { Park } from '../../../catalog/types.js';
import type { ApiContext } from '../../context.js';
import { endpoint } from '../../endpoint.js';
import { findRide, requireRide } from '../../lookup.js';
import { RideDetailBody, rideDetail } from '../../resources/ride-detail.js';
import { sendPrepared } from '../../prepared/body.js';
import { PreparedCache } from '../../prepared/cache.js';
import type { ApiServer } from '../../server.js';
import { RideParam } from '../parks/params.js';

/** Row 12: `GET /v1/rides/{ride}`. */
export function registerGetRide(app: ApiServer, context: ApiContext): void {
  const cache = new PreparedCache(context.clock);
  const MAX_AGE = 5;
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
        maxAge: MAX_AGE,
        prepared: (params) => {
          const found = findRide(context, params.ride);
          return found && cache.peek(found.ride.id, rideVersion(context, found.park));
        },
      }),
    },
    async (request, reply) => {
      const { ride, park } = requireRide(context, request.params.ride);
      const body = await cache.get(ride.id, rideVersion(context, park), MAX_AGE, () =>
        rideDetail(context, ride, park),
      );
      return sendPrepared(request, reply, body);
    },
  );
}

/** Its park's live state and reliability: the inputs of `live` and `reliability` in the body. */
function rideVersion(context: ApiContext, park: Park): string {
  return `${context.live.version(park.key)}|${context.reliability.version(park)}`;
}
