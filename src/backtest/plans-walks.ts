/**
 * The backtest's walks between a recorded park's stops: each TouringPlans.com attraction file is
 * matched to the catalog ride that runs there now (`recordedMatcher`, as the models backtest
 * matches kinds), and the walk between two stops is `walking.ts`'s at normal pace between the
 * catalog's locations, from the park's entrance for the first ride. A stop the catalog cannot place
 * (a gone attraction, a file it does not know) walks the constant typical minutes.
 */
import type { Catalog } from '../catalog/catalog.js';
import { recordedMatcher } from '../catalog/recorded-attractions.js';
import type { GeoLocation } from '../catalog/types.js';
import { walkMinutes } from '../models/plan/walking.js';
import type { BacktestAttraction } from './origins.js';

/** Walking minutes between any two stops where the catalog lacks a location. */
export const CONSTANT_WALK_MINUTES = 8;

/** A park's walks: `from` and `to` are attraction file names, `entrance` the park's entrance. */
export type RecordedWalks = (park: string, from: string, to: string) => number;

export function catalogWalks(catalog: Catalog, attractions: readonly BacktestAttraction[]): RecordedWalks {
  const match = recordedMatcher(catalog);
  const locations = new Map<string, GeoLocation>();
  const entrances = new Map<string, GeoLocation>();
  for (const attraction of attractions) {
    const matched = match(attraction.attraction, { park: attraction.park, names: attraction.names ?? [] });
    if (!matched?.ride) continue;
    const lookup = catalog.ride(matched.ride);
    if (lookup.kind !== 'found') continue;
    const { location, park_key } = lookup.ride;
    if (location) locations.set(`${attraction.park}/${attraction.attraction}`, location);
    const entrance = catalog.park(park_key)?.entrance;
    if (entrance && !entrances.has(attraction.park)) entrances.set(attraction.park, entrance);
  }
  return (park, from, to) => {
    const start = from === 'entrance' ? entrances.get(park) : locations.get(`${park}/${from}`);
    const end = locations.get(`${park}/${to}`);
    return start && end ? walkMinutes(start, end, 'normal') : CONSTANT_WALK_MINUTES;
  };
}
