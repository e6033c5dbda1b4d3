/**
 * The school-session regression: where no earlier year tells a day's season, how much the share of
 * schools in session moves a park's level. Pure: no clock, no I/O.
 */
import type { ParkCalendar } from './calendar-features.js';
import type { RideHistory } from './hourly-history.js';
import { DEFAULT_WAIT_MODEL_OPTIONS, type WaitModelOptions } from './level-model-options.js';
import type { PointModel } from './point-model.js';
import { dayRatio } from './typical-waits.js';

/** Days before the origin the school-session effect is learned from. */
const SCHOOL_SESSION_DAYS = 365;

/**
 * Where no earlier year tells a day's season (a park with under a year of history), the share of
 * schools in session, published in advance, stands in for it: the park's rides' daily levels
 * regressed on that share over the days recorded, the slope shrunk toward no effect
 * (`schoolSessionPenalty`), and a day ahead scaled by how far its share lies from that of the
 * recent days the level came from. Days whose season some ride of the park knows keep the season.
 */
export function withSchoolSessions(
  models: readonly PointModel[],
  histories: readonly RideHistory[],
  origin: number,
  calendar: ParkCalendar,
  options: WaitModelOptions = DEFAULT_WAIT_MODEL_OPTIONS,
): PointModel[] {
  const shareOf = (day: number) => calendar(day)?.schoolsInSession ?? Number.NaN;
  // Each ride's daily log level about its own mean over the days, averaged per day over the rides.
  const sums = new Map<number, { total: number; rides: number }>();
  histories.forEach((history, ride) => {
    const model = models[ride];
    if (!model) return;
    const levels: { day: number; log: number }[] = [];
    for (const entry of history) {
      if (entry.day >= origin) break;
      if (entry.day < origin - SCHOOL_SESSION_DAYS || Number.isNaN(shareOf(entry.day))) continue;
      const ratio = dayRatio(entry, model.typical);
      if (ratio > 0) levels.push({ day: entry.day, log: Math.log(ratio) });
    }
    if (levels.length < 2) return;
    const mean = levels.reduce((sum, { log }) => sum + log, 0) / levels.length;
    for (const { day, log } of levels) {
      const sum = sums.get(day) ?? { total: 0, rides: 0 };
      sum.total += log - mean;
      sum.rides += 1;
      sums.set(day, sum);
    }
  });
  const days = [...sums.keys()];
  if (days.length < 2) return [...models];
  const meanShare = days.reduce((sum, day) => sum + shareOf(day), 0) / days.length;
  let covariance = 0;
  let variance = 0;
  for (const day of days) {
    const sum = sums.get(day);
    if (!sum) continue;
    const deviation = shareOf(day) - meanShare;
    covariance += deviation * (sum.total / sum.rides);
    variance += deviation * deviation;
  }
  const slope = covariance / (variance + options.schoolSessionPenalty);
  if (slope === 0) return [...models];
  // The recent level is a geometric mean over the recent windows: so is the share it saw.
  const windowShares = options.recentWindows.flatMap((window) => {
    const shares = days.filter((day) => day >= origin - window).map(shareOf);
    return shares.length === 0 ? [] : [shares.reduce((a, b) => a + b, 0) / shares.length];
  });
  if (windowShares.length === 0) return [...models];
  const recentShare = windowShares.reduce((a, b) => a + b, 0) / windowShares.length;
  const changeCache = new Map<number, number>();
  const change = (day: number): number => {
    let factor = changeCache.get(day);
    if (factor === undefined) {
      const share = shareOf(day);
      factor =
        Number.isNaN(share) || models.some((model) => model.seasonKnown(day))
          ? 1
          : Math.min(
              options.schoolSessionLimit,
              Math.max(1 / options.schoolSessionLimit, Math.exp(slope * (share - recentShare))),
            );
      changeCache.set(day, factor);
    }
    return factor;
  };
  return models.map((model) => ({
    ...model,
    seasonalChange: (day) => model.seasonalChange(day) * change(day),
    dayLevel: (day) => model.dayLevel(day) * change(day),
    predict: (day, hour) => model.predict(day, hour) * change(day),
  }));
}
