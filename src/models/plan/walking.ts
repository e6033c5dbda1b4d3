/**
 * Walking minutes between two places in a park, from their straight-line distance.
 *
 * - Distance: haversine on a sphere of the Earth's mean radius (6,371 km); within a park the error
 *   against the ellipsoid is well under a metre.
 * - Detour: park paths wind around lands, water and buildings, so a walk is longer than the straight
 *   line; `PATH_DETOUR` (1.35) is the usual ratio of network to straight-line distance on
 *   pedestrian paths, and is applied to every walk alike.
 * - Pace, in metres per minute: `slow` 55 (small children, strollers, a crowded midday path),
 *   `normal` 70 (an adult at an unhurried stroll through crowds, below the 80 of an open pavement),
 *   `fast` 85 (a brisk walk, as at rope drop).
 *
 * Pure: no clock, no I/O.
 */

export interface GeoPoint {
  readonly latitude: number;
  readonly longitude: number;
}

export const WALKING_PACES = ['slow', 'normal', 'fast'] as const;
export type WalkingPace = (typeof WALKING_PACES)[number];

const EARTH_RADIUS_METRES = 6_371_000;
export const PATH_DETOUR = 1.35;
export const PACE_METRES_PER_MINUTE: Readonly<Record<WalkingPace, number>> = {
  slow: 55,
  normal: 70,
  fast: 85,
};

const radians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Straight-line (great-circle) distance in metres. */
export function distanceMetres(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Minutes to walk from `a` to `b` along the paths at `pace`. */
export function walkMinutes(a: GeoPoint, b: GeoPoint, pace: WalkingPace = 'normal'): number {
  return (distanceMetres(a, b) * PATH_DETOUR) / PACE_METRES_PER_MINUTE[pace];
}
