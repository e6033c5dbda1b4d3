import type { Attraction, Park } from '../../catalog/types.js';
import type { ApiContext } from '../context.js';
import { Envelope } from '../schemas/common.js';
import { RideSchema, presentRide } from './ride.js';

/** Rows 7 and 12 answer the same body: the ride's facts (live and reliability join later). */
export const RideDetailBody = Envelope(
  { ...RideSchema.properties },
  'One ride: its facts. Facts that are not public are omitted.',
);

export function rideDetail(context: ApiContext, ride: Attraction, park: Park) {
  return context.envelopes.wrap(presentRide(ride, park, context.links), context.links.ridePage(ride));
}
