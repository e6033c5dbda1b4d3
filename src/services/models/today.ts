/**
 * Today's crowd index from the waits recorded so far: observed (for the day's actuals), and as the
 * day is expected to end (today's level in the forecast). Both count once the park has an hour of
 * waits, and read on the same scale as the finished days' index.
 */
import { expectedTodayRange, indexSoFar, type IndexEstimate } from '../../models/crowd.js';
import { weekdayOf, type HourlyDay } from '../../models/hourly-history.js';
import type { RideNowcast } from '../../models/nowcast.js';
import type { RideModel } from './day-fit.js';
import { SAMPLE_MS } from './history.js';

/** Samples in an hour: "an hour of waits" before today's index counts. */
const SAMPLES_PER_HOUR = 3_600_000 / SAMPLE_MS;

/**
 * The day's index from its waits so far (`indexSoFar`); NaN until the rides together reported an
 * hour's worth of samples per ride.
 */
export function todayIndex(
  rides: readonly RideModel[],
  today: ReadonlyMap<string, HourlyDay>,
  todayDay: number,
): number {
  const base = weekdayOf(todayDay) * 24;
  let samples = 0;
  let reporting = 0;
  for (const { ride, typicalMidday } of rides) {
    const entry = today.get(ride.id);
    if (!entry || !(typicalMidday > 0)) continue;
    reporting++;
    for (const count of entry.counts) samples += count;
  }
  if (samples < SAMPLES_PER_HOUR * Math.max(1, reporting)) return Number.NaN;
  return indexSoFar(
    rides.map(({ ride, model, typicalMidday }) => ({
      readings: today.get(ride.id),
      typical: (hour: number) => model.typical.means[base + hour] ?? Number.NaN,
      typicalMidday,
    })),
  );
}

/**
 * Today's index as the day is expected to end, with its 80% range: each ride's midday as observed so
 * far and as its nowcast (`nowcasts`, by ride id; the forecast for a ride without one) expects the
 * rest (`expectedTodayRange`).
 */
export function expectedIndex(
  rides: readonly RideModel[],
  today: ReadonlyMap<string, HourlyDay>,
  nowcasts: ReadonlyMap<string, RideNowcast>,
  todayDay: number,
): IndexEstimate {
  return expectedTodayRange(
    rides.map(({ ride, model, typicalMidday }) => {
      const nowcast = nowcasts.get(ride.id);
      return {
        readings: today.get(ride.id),
        forecast: (hour: number) => (nowcast ? nowcast(hour) : model.forecast(todayDay, hour)),
        typicalMidday,
      };
    }),
  );
}
