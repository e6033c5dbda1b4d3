import { defineEndpoint } from '../../../http/endpoint.js';
import { requirePark, requireRide } from '../../../http/lookup.js';
import { PARK_PARAM, PARK_RIDE_PARAM } from '../../../http/params.js';
import { RideDetailBody, rideDetail, rideDetailVersion } from '../../resources/ride-detail.js';

/** `GET /v1/parks/{park}/rides/{ride}`; the ride may be named by ID, name or slug within the park. */
export const getParkRide = defineEndpoint({
  url: '/v1/parks/:park/rides/:ride',
  operationId: 'getParkRide',
  summary: 'One ride of a park by ID, name or site slug: facts, live wait and 30-day reliability.',
  description:
    'As `GET /v1/rides/{ride}`, but `{ride}` may also be the ride’s name or site slug, resolved within the park. `live` and `reliability` are omitted when provider-derived data is disabled on the server.',
  tag: 'Parks',
  params: { park: PARK_PARAM, ride: PARK_RIDE_PARAM },
  body: RideDetailBody,
  errors: [400, 401, 404, 429, 503],
  maxAge: 5,
  examples: ['/v1/parks/magic-kingdom/rides/space-mountain', '/v1/parks/mk/rides/Space%20Mountain'],
  resolve: ({ params }, context) => {
    const park = requirePark(context, params.park);
    const found = requireRide(context, params.ride, park);
    return { key: found.ride.id, version: rideDetailVersion(context, found.park), input: found };
  },
  build: ({ ride, park }, context) => rideDetail(context, ride, park),
});
