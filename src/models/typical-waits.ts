/**
 * The typical-waits table: a ride's mean posted wait per weekday and hour, the base every wait
 * model scales, and a day's level read against it. Pure: no clock, no I/O.
 */
import { FIRST_HOUR, LAST_HOUR, weekdayOf, type HourlyDay, type RideHistory } from './hourly-history.js';

/** Slots of a typical-waits table: weekday × 24 + hour. */
export const WEEK_HOUR_SLOTS = 7 * 24;

export interface TypicalWaits {
  /** Mean posted wait by weekday × 24 + hour (NaN where never observed). */
  readonly means: Float64Array;
  /** Distinct days behind each mean. */
  readonly daysObserved: Uint16Array;
}

// Scratch sums of `typicalWaits`, reused by every call: a park's refit computes thousands of
// typical tables, and two fresh arrays each would be that many more short-lived allocations
// outside the JS heap. Safe to share: the function is synchronous and never re-entered.
const scratchSums = new Float64Array(WEEK_HOUR_SLOTS);
const scratchReadings = new Float64Array(WEEK_HOUR_SLOTS);

/** Typical wait per weekday and hour: the mean of every reading before `before` (a day number). */
export function typicalWaits(
  history: RideHistory,
  before: number,
  since = Number.NEGATIVE_INFINITY,
): TypicalWaits {
  const sums = scratchSums.fill(0);
  const readings = scratchReadings.fill(0);
  const daysObserved = new Uint16Array(WEEK_HOUR_SLOTS);
  for (const entry of history) {
    if (entry.day >= before) break;
    if (entry.day < since) continue;
    const base = weekdayOf(entry.day) * 24;
    for (let hour = 0; hour < 24; hour++) {
      const count = entry.counts[hour] ?? 0;
      if (count === 0) continue;
      sums[base + hour] = (sums[base + hour] ?? 0) + (entry.means[hour] ?? 0) * count;
      readings[base + hour] = (readings[base + hour] ?? 0) + count;
      daysObserved[base + hour] = (daysObserved[base + hour] ?? 0) + 1;
    }
  }
  const means = new Float64Array(WEEK_HOUR_SLOTS);
  for (let slot = 0; slot < WEEK_HOUR_SLOTS; slot++) {
    const count = readings[slot] ?? 0;
    means[slot] = count > 0 ? (sums[slot] ?? 0) / count : Number.NaN;
  }
  return { means, daysObserved };
}

/** A day's level: its observed waits over the typical waits of the same hours (8:00-21:59). */
export function dayRatio(entry: HourlyDay, typical: TypicalWaits): number {
  const base = weekdayOf(entry.day) * 24;
  let observed = 0;
  let expected = 0;
  for (let hour = FIRST_HOUR; hour <= LAST_HOUR; hour++) {
    const mean = entry.means[hour] ?? Number.NaN;
    const usual = typical.means[base + hour] ?? Number.NaN;
    if (Number.isNaN(mean) || Number.isNaN(usual)) continue;
    observed += mean;
    expected += usual;
  }
  return expected > 0 && observed > 0 ? observed / expected : Number.NaN;
}
