/**
 * Today's observed crowd index, from the waits recorded so far: it counts once the park has an
 * hour of waits, and reads on the same scale as the finished days' index.
 */
import { MIDDAY_FIRST_HOUR, MIDDAY_LAST_HOUR, meanOfFinite } from '../../models/crowd.js';
import { weekdayOf, type HourlyDay } from '../../models/hourly-history.js';
import type { RideModel } from './day-fit.js';
import { SAMPLE_MS } from './history.js';

/** Samples in an hour: "an hour of waits" before today's index counts. */
const SAMPLES_PER_HOUR = 3_600_000 / SAMPLE_MS;

/**
 * Each ride's waits so far over its typical waits for the same weekday and hours, times that
 * weekday's typical midday over the ride's overall typical midday; NaN until the rides together
 * reported an hour's worth of samples per ride.
 */
export function todayIndex(
  rides: readonly RideModel[],
  today: ReadonlyMap<string, HourlyDay>,
  todayDay: number,
): number {
  let samples = 0;
  const levels: number[] = [];
  const weekday = weekdayOf(todayDay);
  for (const { ride, model, typicalMidday: midday } of rides) {
    const entry = today.get(ride.id);
    if (!entry || !(midday > 0)) continue;
    let observedSum = 0;
    let typicalSum = 0;
    for (let hour = 0; hour < 24; hour++) {
      samples += entry.counts[hour] ?? 0;
      const mean = entry.means[hour] ?? Number.NaN;
      const usual = model.typical.means[weekday * 24 + hour] ?? Number.NaN;
      if (Number.isNaN(mean) || Number.isNaN(usual)) continue;
      observedSum += mean;
      typicalSum += usual;
    }
    const weekdayMidday: number[] = [];
    for (let hour = MIDDAY_FIRST_HOUR; hour <= MIDDAY_LAST_HOUR; hour++) {
      weekdayMidday.push(model.typical.means[weekday * 24 + hour] ?? Number.NaN);
    }
    const middayOfWeekday = meanOfFinite(weekdayMidday);
    if (typicalSum > 0 && middayOfWeekday > 0)
      levels.push((observedSum / typicalSum) * (middayOfWeekday / midday));
  }
  return samples >= SAMPLES_PER_HOUR * Math.max(1, levels.length) ? meanOfFinite(levels) : Number.NaN;
}
