/**
 * The point model: hourly wait forecasts learned from one ride's own recorded history, following
 * the ride's recent level. `wait-model.ts` combines it with the calendar model and calibrates the
 * combination's bounds.
 *
 * prediction(day, hour) = typical(weekday, hour) × recent level × seasonal change × recent hour shape
 *
 * - typical: mean posted wait of that weekday and hour over all history before the origin
 *   (`typical-waits.ts`);
 * - recent level: median ratio of a day's observed to typical waits over the last 14, 28, 56 and
 *   84 days, averaged geometrically (one window alone is either noisy or slow), the strongest
 *   single signal on real parks (it carries level shifts such as a reopening);
 * - seasonal change: how much busier the same ±10 days of the year were than the same windows
 *   before the origin in each earlier year (52-week shifts keep weekdays and floating holidays such as
 *   Thanksgiving aligned), median over the years that have data on both sides; when the park's
 *   other rides are fitted together (`park-point-models.ts`), half of it (geometrically) comes from
 *   the median over the park's rides, since one ride's years are noisy and the season is the
 *   park's;
 * - recent hour shape: how each hour ran against typical over the last 28 days once the day's level
 *   is divided out (opening hours and ride mix change the daily curve);
 * - blended 60/40 with the last 21 days' own weekday × hour profile times the same seasonal change.
 *
 * Pure: no clock, no I/O; the caller chooses the origin.
 */
import { weekdayOf, type RideHistory } from './hourly-history.js';
import { DEFAULT_WAIT_MODEL_OPTIONS, type WaitModelOptions } from './level-model-options.js';
import { geometricMean, median } from './stats.js';
import { dayRatio, typicalWaits, WEEK_HOUR_SLOTS, type TypicalWaits } from './typical-waits.js';

const WEEK_SHIFT = 364;

/**
 * The model's weekday × hour shape: the recent window's table where it saw a slot on 4 days or
 * more, the baseline (all history) elsewhere.
 */
function shapeTable(recent: TypicalWaits, baseline: TypicalWaits): TypicalWaits {
  const means = new Float64Array(WEEK_HOUR_SLOTS);
  const daysObserved = new Uint16Array(WEEK_HOUR_SLOTS);
  for (let slot = 0; slot < WEEK_HOUR_SLOTS; slot++) {
    const recentDaysObserved = recent.daysObserved[slot] ?? 0;
    const useRecent = recentDaysObserved >= 4;
    means[slot] = useRecent ? (recent.means[slot] ?? Number.NaN) : (baseline.means[slot] ?? Number.NaN);
    daysObserved[slot] = useRecent ? recentDaysObserved : (baseline.daysObserved[slot] ?? 0);
  }
  return { means, daysObserved };
}

/** Days of a weekday a ride's history needs before its own hours stand without the pooled shape. */
const SPARSE_WEEKDAY_DAYS = 8;

/**
 * A table whose weekdays were seen on few days (a new deployment, a new ride): each hour of such a
 * weekday is pulled toward the hour's mean over every weekday times the weekday's own level, both
 * shrunk by the days behind them, so two Saturdays do not make a Saturday, and a weekday not seen
 * yet is predicted from the days that were. Weekdays seen on
 * `SPARSE_WEEKDAY_DAYS` days or more in `baseline` (the whole history) keep their own hours. The
 * returned table serves predictions only: what was observed stays as observed in `typical`.
 */
function poolSparseWeekdays(table: TypicalWaits, baseline: TypicalWaits): TypicalWaits {
  const weekdayDays = Array.from({ length: 7 }, (_, weekday) => {
    let days = 0;
    for (let hour = 0; hour < 24; hour++)
      days = Math.max(days, baseline.daysObserved[weekday * 24 + hour] ?? 0);
    return days;
  });
  if (weekdayDays.every((days) => days >= SPARSE_WEEKDAY_DAYS)) return table;
  // Each hour's mean over all weekdays, weighted by the days behind each.
  const hourMeans = Array.from({ length: 24 }, (_, hour) => {
    let sum = 0;
    let days = 0;
    for (let weekday = 0; weekday < 7; weekday++) {
      const slot = weekday * 24 + hour;
      const mean = table.means[slot] ?? Number.NaN;
      const observed = table.daysObserved[slot] ?? 0;
      if (Number.isNaN(mean) || observed === 0) continue;
      sum += mean * observed;
      days += observed;
    }
    return days > 0 ? sum / days : Number.NaN;
  });
  const means = Float64Array.from(table.means);
  for (let weekday = 0; weekday < 7; weekday++) {
    if ((weekdayDays[weekday] ?? 0) >= SPARSE_WEEKDAY_DAYS) continue;
    let own = 0;
    let pooled = 0;
    for (let hour = 0; hour < 24; hour++) {
      const mean = table.means[weekday * 24 + hour] ?? Number.NaN;
      const hourMean = hourMeans[hour] ?? Number.NaN;
      if (Number.isNaN(mean) || Number.isNaN(hourMean)) continue;
      own += mean;
      pooled += hourMean;
    }
    const days = weekdayDays[weekday] ?? 0;
    const weekdayLevel = pooled > 0 ? 1 + (own / pooled - 1) * (days / (days + 4)) : 1;
    for (let hour = 0; hour < 24; hour++) {
      const slot = weekday * 24 + hour;
      const mean = table.means[slot] ?? Number.NaN;
      const hourMean = hourMeans[hour] ?? Number.NaN;
      if (Number.isNaN(hourMean)) continue;
      // A weekday never seen yet (the first days of a deployment) takes the other days' hours.
      const observed = Number.isNaN(mean) ? 0 : (table.daysObserved[slot] ?? 0);
      const weight = observed / (observed + 4);
      means[slot] = weight * (Number.isNaN(mean) ? 0 : mean) + (1 - weight) * hourMean * weekdayLevel;
    }
  }
  return { means, daysObserved: table.daysObserved };
}

/** A fitted model: point predictions without bounds. */
export interface PointModel {
  readonly origin: number;
  readonly typical: TypicalWaits;
  /** Median observed ÷ typical over the recent days; 1 with no recent data. */
  readonly recentLevel: number;
  /** Hour shape multipliers 0-23. */
  readonly hourShape: Float64Array;
  /** How much busier a day should be than the recent days, from earlier years (1 = no change). */
  readonly seasonalChange: (day: number) => number;
  /** Whether some earlier year had data on both sides for that day's seasonal change. */
  readonly seasonKnown: (day: number) => boolean;
  /** Predicted level of a day relative to typical (recent level × seasonal change). */
  readonly dayLevel: (day: number) => number;
  /** Predicted mean posted wait for that day and hour; NaN when the hour was never observed. */
  readonly predict: (day: number, hour: number) => number;
}

/** Fits the point model on days strictly before `origin`. */
export function fitPointModel(
  history: RideHistory,
  origin: number,
  options: WaitModelOptions = DEFAULT_WAIT_MODEL_OPTIONS,
): PointModel {
  const baseline = typicalWaits(history, origin);
  // With no day older than the shape window, the window's table is the baseline itself.
  const recentShape =
    (history[0]?.day ?? Number.POSITIVE_INFINITY) >= origin - options.shapeDays
      ? baseline
      : typicalWaits(history, origin, origin - options.shapeDays);
  const typical = poolSparseWeekdays(
    recentShape === baseline ? baseline : shapeTable(recentShape, baseline),
    baseline,
  );
  // Each day's level by day number (NaN where the day has none): a dense array over the span of
  // the history before the origin, which a fitted model keeps for its seasonal lookups.
  const firstDay = history[0]?.day ?? origin;
  const ratios = new Float64Array(Math.max(0, origin - firstDay)).fill(Number.NaN);
  for (const entry of history) {
    if (entry.day >= origin) break;
    ratios[entry.day - firstDay] = dayRatio(entry, typical);
  }
  const ratioOf = (day: number): number =>
    day >= firstDay && day < origin ? (ratios[day - firstDay] ?? Number.NaN) : Number.NaN;
  const levelBetween = (from: number, to: number, minimumDays: number): number => {
    const values: number[] = [];
    for (let day = Math.max(from, firstDay); day <= Math.min(to, origin - 1); day++) {
      const ratio = ratioOf(day);
      if (!Number.isNaN(ratio)) values.push(ratio);
    }
    return values.length >= minimumDays ? median(values) : Number.NaN;
  };

  const recentFrom = origin - options.recentDays;
  // Longer windows smooth the level while it holds; after a shift (a reopening, a new season)
  // they still carry the old one, so a window whose older days ran at another level than the
  // shortest window's is left out (a third apart or more: about a 1.65× shift).
  // A window reaches back only to the ride's first recorded day in it: after a closure (the ride's
  // refurbishment, or the park's), the nominal 84 days may hold two weeks since it reopened, and the
  // seasonal change below must compare those two weeks, not 84 days, with the same span of earlier
  // years: a ride reopened at Thanksgiving and forecast for Christmas would otherwise be scaled by
  // Christmas over a whole autumn, 1.5-2× too high.
  const firstRecordedFrom = (from: number): number => {
    for (let day = Math.max(from, firstDay); day < origin; day++) if (!Number.isNaN(ratioOf(day))) return day;
    return from;
  };
  const windows: number[] = [];
  const windowLevels: number[] = [];
  let shortest = Number.NaN;
  let shortestDays = 0;
  for (const nominal of [...options.recentWindows].sort((a, b) => a - b)) {
    const days = origin - firstRecordedFrom(origin - nominal);
    // Windows cut to the same span are one window.
    if (windows.includes(days)) continue;
    const level = levelBetween(origin - days, origin - 1, 3);
    if (Number.isNaN(level)) continue;
    if (Number.isNaN(shortest)) {
      shortest = level;
      shortestDays = days;
    } else {
      const older = levelBetween(origin - days, origin - shortestDays - 1, 3);
      if (!Number.isNaN(older) && Math.abs(Math.log(older / shortest)) > options.levelShiftLimit) continue;
    }
    windows.push(days);
    windowLevels.push(level);
  }
  const recentLevel = windowLevels.length === 0 ? 1 : geometricMean(windowLevels);

  const hourShape = new Float64Array(24).fill(1);
  const byHour: number[][] = Array.from({ length: 24 }, () => []);
  for (const entry of history) {
    if (entry.day < recentFrom) continue;
    if (entry.day >= origin) break;
    const level = ratioOf(entry.day);
    if (Number.isNaN(level)) continue;
    const base = weekdayOf(entry.day) * 24;
    for (let hour = 0; hour < 24; hour++) {
      const mean = entry.means[hour] ?? Number.NaN;
      const usual = typical.means[base + hour] ?? Number.NaN;
      if (Number.isNaN(mean) || !(usual > 0)) continue;
      byHour[hour]?.push(mean / (usual * level));
    }
  }
  for (let hour = 0; hour < 24; hour++) {
    const values = byHour[hour] ?? [];
    if (values.length === 0) continue;
    // Shrunk toward 1 so an hour seen on a few days only moves a little.
    const weight = values.length / (values.length + 5);
    hourShape[hour] = 1 + (median(values) - 1) * weight;
  }

  const originLevels: number[] = [];
  for (let years = 1; years <= options.seasonalYears; years++) {
    const shifted = origin - WEEK_SHIFT * years;
    // The same windows as the recent level, so the change compares like with like.
    const levels = (windows.length > 0 ? windows : options.recentWindows).map((days) =>
      levelBetween(shifted - days, shifted - 1, 7),
    );
    originLevels.push(levels.some((level) => Number.isNaN(level)) ? Number.NaN : geometricMean(levels));
  }
  const seasonalCache = new Map<number, number>();
  const seasonKnownDays = new Set<number>();
  const seasonalChange = (day: number): number => {
    const cached = seasonalCache.get(day);
    if (cached !== undefined) return cached;
    const factors: number[] = [];
    for (let years = 1; years <= options.seasonalYears; years++) {
      const before = originLevels[years - 1] ?? Number.NaN;
      if (Number.isNaN(before)) continue;
      const centre = day - WEEK_SHIFT * years;
      const then = levelBetween(centre - options.seasonalHalfWidth, centre + options.seasonalHalfWidth, 5);
      if (!Number.isNaN(then)) factors.push(then / before);
    }
    if (factors.length > 0) seasonKnownDays.add(day);
    const change = factors.length === 0 ? 1 : Math.min(2.5, Math.max(0.4, median(factors)));
    const damped = change ** options.seasonalWeight;
    seasonalCache.set(day, damped);
    return damped;
  };

  // Each weekday's recent level against the overall recent level (weekend patterns shift too).
  const weekdayFactor = new Float64Array(7).fill(1);
  if (options.weekdayDays > 0) {
    const overall = levelBetween(origin - options.weekdayDays, origin - 1, 14);
    const byWeekday: number[][] = Array.from({ length: 7 }, () => []);
    for (let day = origin - options.weekdayDays; day < origin; day++) {
      const ratio = ratioOf(day);
      if (!Number.isNaN(ratio)) byWeekday[weekdayOf(day)]?.push(ratio);
    }
    if (!Number.isNaN(overall)) {
      for (let weekday = 0; weekday < 7; weekday++) {
        const values = byWeekday[weekday] ?? [];
        if (values.length < 3) continue;
        const weight = values.length / (values.length + 4);
        weekdayFactor[weekday] = 1 + (median(values) / overall - 1) * weight;
      }
    }
  }

  const dayLevel = (day: number) => recentLevel * seasonalChange(day) * (weekdayFactor[weekdayOf(day)] ?? 1);
  const profile = typicalWaits(history, origin, origin - options.profileDays);
  return {
    origin,
    typical: baseline,
    recentLevel,
    hourShape,
    seasonalChange,
    seasonKnown: (day) => {
      seasonalChange(day);
      return seasonKnownDays.has(day);
    },
    dayLevel,
    predict: (day, hour) => {
      const slot = weekdayOf(day) * 24 + hour;
      const usual = typical.means[slot] ?? Number.NaN;
      const levelModel = usual * dayLevel(day) * (hourShape[hour] ?? 1);
      const recentProfile = profile.means[slot] ?? Number.NaN;
      if (Number.isNaN(recentProfile) || (profile.daysObserved[slot] ?? 0) < 3) return levelModel;
      const profileModel = recentProfile * seasonalChange(day);
      return levelModel * (1 - options.profileWeight) + profileModel * options.profileWeight;
    },
  };
}
