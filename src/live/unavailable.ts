import type { Attraction } from '../catalog/types.js';
import type { LiveEntry } from './types.js';

/** A queued ride with no live value: listed, status `unavailable`, with no numbers. */
export function unavailableEntry(ride: Attraction, at: number): LiveEntry {
  return {
    ride_id: ride.id,
    name: ride.name,
    type: ride.type,
    status: 'unavailable',
    standby_wait_minutes: null,
    estimated_actual: null,
    single_rider_wait_minutes: null,
    priority_lane: null,
    changed_at: at,
  };
}
