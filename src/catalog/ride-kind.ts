/**
 * The kind of a ride, from its published facts alone, so that what the models learn of one ride can
 * stand in for another of its kind that has no history yet (a new ride, a real feed's first days):
 *
 * - `headliner`: sold as a single-ride priority lane (Disney's Lightning Lane Single Pass rides);
 * - `thrill`: a height requirement of 40 inches or more;
 * - `family`: every other ride.
 */
import type { AttractionRecord } from './types.js';

export const RIDE_KINDS = ['headliner', 'thrill', 'family'] as const;
export type RideKind = (typeof RIDE_KINDS)[number];

/** The thrill rides' threshold: most coasters and drops start here. */
const THRILL_HEIGHT_INCHES = 40;

export function rideKind(
  ride: Pick<AttractionRecord, 'priority_lane' | 'height_requirement_inches'>,
): RideKind {
  if (ride.priority_lane.includes('single_pass')) return 'headliner';
  if ((ride.height_requirement_inches ?? 0) >= THRILL_HEIGHT_INCHES) return 'thrill';
  return 'family';
}
