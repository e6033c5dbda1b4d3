import { defineEndpoint } from '../../../http/endpoint.js';
import { requireRide } from '../../../http/lookup.js';
import { RIDE_PARAM } from '../../../http/params.js';
import { RideDetailBody, rideDetail, rideDetailVersion } from '../../resources/ride-detail.js';

/** `GET /v1/rides/{ride}`. */
export const getRide = defineEndpoint({
  url: '/v1/rides/:ride',
  operationId: 'getRide',
  summary: 'One ride: its facts, live wait in `live` and 30-day summary in `reliability`.',
  description:
    'The ride’s facts, its live wait and status in `live` (with the park’s `data_status`: numbers only while live; while the ride is down, when it is expected back), and its 30-day reliability summary in `reliability` (null for attractions that are not queued rides). `live` and `reliability` are omitted when provider-derived data is disabled on the server.',
  tag: 'Rides',
  params: { ride: RIDE_PARAM },
  body: RideDetailBody,
  errors: [400, 401, 404, 429, 503],
  maxAge: 5,
  examples: ['/v1/rides/magic-kingdom_space-mountain', '/v1/rides/seven-dwarfs-mine-train'],
  resolve: ({ params }, context) => {
    const found = requireRide(context, params.ride);
    return { key: found.ride.id, version: rideDetailVersion(context, found.park), input: found };
  },
  build: ({ ride, park }, context) => rideDetail(context, ride, park),
});
