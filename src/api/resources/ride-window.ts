/**
 * The opening of the bodies about one ride over its last N park-local days (history, outages):
 * the ride, its park and the window, as the ride history service worked it out.
 */
import { Type } from 'typebox';
import type { Attraction, Park } from '../../catalog/types.js';
import type { RideDays } from '../../services/ride-history.js';
import type { ApiContext } from '../../http/context.js';
import type { Resolution } from '../../http/endpoint.js';
import { requireRide } from '../../http/lookup.js';
import type { Version } from '../../http/prepared/cache.js';
import { LocalDate } from '../../http/schemas/common.js';

export interface RideDaysInput {
  readonly ride: Attraction;
  readonly park: Park;
  readonly days: number;
}

/** Resolves `{ride}` and `days` for a body about the ride's last days, versioned by `version`. */
export function resolveRideDays(
  context: ApiContext,
  identifier: string,
  days: number,
  version: (park: Park) => Version,
): Resolution<RideDaysInput> {
  const { ride, park } = requireRide(context, identifier);
  return { key: `${ride.id}|${days}`, version: version(park), input: { ride, park, days } };
}

export const RideWindowProperties = {
  ride_id: Type.String(),
  ride_name: Type.String(),
  park_id: Type.String(),
  park_key: Type.String(),
  time_zone: Type.String(),
  days: Type.Integer(),
  from_date: { ...LocalDate, description: 'First park-local day of the window.' },
  to_date: { ...LocalDate, description: 'Last park-local day of the window: today.' },
};

export function presentRideWindow(window: RideDays) {
  return {
    ride_id: window.ride.id,
    ride_name: window.ride.name,
    park_id: window.park.id,
    park_key: window.park.key,
    time_zone: window.park.time_zone,
    days: window.days,
    from_date: window.from_date,
    to_date: window.to_date,
  };
}
