/**
 * Lightning storms that close outdoor rides (WEATHER_DELAY). Central Florida has thunderstorms on
 * roughly 55-60% of June-August afternoons, mostly 13:00-18:00, each closing outdoor rides for
 * ~30-90 minutes (the 10-mile lightning rule); November-March storms are rare fronts. Southern
 * California almost never sees lightning (a handful of winter days a year, under 2% of days). A storm cell is drawn per
 * resort and day, then each park of the resort is hit or missed and shifted a little.
 */
import type { Region } from './calendar.js';
import { localInstant } from './local-time.js';
import { Rng } from '../../lib/random.js';

export interface Interval {
  /** Epoch ms, whole minutes. */
  readonly start: number;
  readonly end: number;
}

const STORM_DAY_PROBABILITY: Readonly<Record<Region, readonly number[]>> = {
  //          Jan   Feb   Mar   Apr  May   Jun   Jul  Aug  Sep  Oct   Nov   Dec
  florida: [0.05, 0.06, 0.08, 0.1, 0.25, 0.55, 0.6, 0.6, 0.5, 0.22, 0.07, 0.05],
  california: [0.01, 0.01, 0.008, 0.004, 0, 0, 0, 0.003, 0.003, 0.003, 0.006, 0.01],
};

export function stormsOf(
  seed: number,
  region: Region,
  resortHash: number,
  parkHash: number,
  zone: string,
  dayNumber: number,
  month: number,
): Interval[] {
  const resort = new Rng(seed, resortHash, dayNumber, 0x57);
  if (!resort.chance(STORM_DAY_PROBABILITY[region][month - 1] ?? 0)) return [];
  const summer = month >= 5 && month <= 9;
  const cells: { start: number; duration: number }[] = [];
  const first = summer ? resort.range(13 * 60, 18 * 60) : resort.range(10 * 60, 19 * 60);
  cells.push({ start: first, duration: 20 + resort.exponential(40) });
  if (summer && resort.chance(0.25)) {
    cells.push({ start: first + resort.range(90, 180), duration: 20 + resort.exponential(30) });
  }
  const park = new Rng(seed, parkHash, dayNumber, 0x58);
  const storms: Interval[] = [];
  for (const cell of cells) {
    if (!park.chance(0.8)) continue;
    const start = Math.round(cell.start + park.range(-20, 20));
    const duration = Math.round(Math.min(180, cell.duration * park.range(0.8, 1.2)));
    storms.push({
      start: localInstant(zone, dayNumber, start),
      end: localInstant(zone, dayNumber, start + duration),
    });
  }
  return storms;
}
