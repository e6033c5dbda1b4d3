/**
 * The level model: hourly wait forecasts learned from one ride's own recorded history (and, pooled,
 * its park's), following the ride's recent level. `wait-model.ts` combines it with the calendar
 * model and calibrates the combination's bounds (the options for that live here too).
 *
 * prediction(day, hour) = typical(weekday, hour) × recent level × seasonal change × recent hour shape
 *
 * - typical: mean posted wait of that weekday and hour over all history before the origin;
 * - recent level: median ratio of a day's observed to typical waits over the last 14, 28, 56 and
 *   84 days, averaged geometrically (one window alone is either noisy or slow), the strongest
 *   single signal on real parks (it carries level shifts such as a reopening);
 * - seasonal change: how much busier the same ±10 days of the year were than the same windows
 *   before the origin in each earlier year (52-week shifts keep weekdays and floating holidays such as
 *   Thanksgiving aligned), median over the years that have data on both sides; when the park's
 *   other rides are fitted together (`fitParkPointModels`), half of it (geometrically) comes from
 *   the median over the park's rides, since one ride's years are noisy and the season is the
 *   park's;
 * - recent hour shape: how each hour ran against typical over the last 28 days once the day's level
 *   is divided out (opening hours and ride mix change the daily curve);
 * - blended 60/40 with the last 21 days' own weekday × hour profile times the same seasonal change.
 *
 * Pure: no clock, no I/O; the caller chooses the origin.
 */
import type { ParkCalendar } from './calendar-features.js';
import { FIRST_HOUR, LAST_HOUR, weekdayOf, type HourlyDay, type RideHistory } from './hourly-history.js';

export interface WaitModelOptions {
  /** Days before the origin the hour shape looks at (and the calendar's recent mix). */
  readonly recentDays: number;
  /** Windows (days before the origin) whose median levels are averaged into the recent level. */
  readonly recentWindows: readonly number[];
  /** Largest |log| gap between a window's older days' level and the shortest window's level. */
  readonly levelShiftLimit: number;
  /** Share (geometric) of the seasonal change taken from the park's rides when fitted together. */
  readonly peerSeasonalWeight: number;
  /** Half-width in days of the seasonal window around the same date in earlier years. */
  readonly seasonalHalfWidth: number;
  /** How many earlier years the seasonal change looks at. */
  readonly seasonalYears: number;
  /** Exponent damping the seasonal change (0 ignores it, 1 trusts it fully). */
  readonly seasonalWeight: number;
  /** Earlier origins whose errors calibrate the bounds. */
  readonly calibrationOrigins: number;
  /** Days between calibration origins. */
  readonly calibrationStep: number;
  /** Days before the origin the model's weekday × hour shape comes from (the baseline uses all). */
  readonly shapeDays: number;
  /** Days before the origin each weekday's own recent level comes from (0: no weekday adjustment). */
  readonly weekdayDays: number;
  /** Days before the origin the recent weekday × hour profile averages. */
  readonly profileDays: number;
  /** Weight of the recent profile (× seasonal change) blended with the level model. */
  readonly profileWeight: number;
  /**
   * Share of past errors left outside each side of the 80% band. Measured on the real data: the
   * errors of earlier origins understate later ones a little (parks drift), so 8.5% tails, not 10%,
   * give 75-84% coverage per attraction (docs/models.md).
   */
  readonly bandTail: number;
  /**
   * Days in session (as squared deviations of the share of schools in session) that count as much as
   * the prior of no effect, when the school sessions stand in for an unknown season: the fewer
   * sessions and breaks the history has seen, the less a break moves the level.
   */
  readonly schoolSessionPenalty: number;
  /**
   * The most a day's school sessions move its level either way (a factor), when they stand in for
   * an unknown season: their effect is learned from a few months, and a break far from those
   * months' shares would be an extrapolation.
   */
  readonly schoolSessionLimit: number;
}

export const DEFAULT_WAIT_MODEL_OPTIONS: WaitModelOptions = {
  recentDays: 28,
  recentWindows: [14, 28, 56, 84],
  levelShiftLimit: 0.5,
  peerSeasonalWeight: 0.5,
  seasonalHalfWidth: 10,
  seasonalYears: 6,
  seasonalWeight: 1,
  calibrationOrigins: 20,
  calibrationStep: 7,
  shapeDays: 100_000,
  weekdayDays: 0,
  profileDays: 21,
  profileWeight: 0.4,
  bandTail: 0.085,
  schoolSessionPenalty: 0.1,
  schoolSessionLimit: 1.3,
};

/** Horizon bands the bounds are calibrated in (days after the origin, inclusive). */
export const HORIZON_BANDS = [
  { label: '1-7', from: 1, to: 7 },
  { label: '8-14', from: 8, to: 14 },
  { label: '15-30', from: 15, to: 30 },
] as const;

const SLOTS = 7 * 24;
const WEEK_SHIFT = 364;

export interface TypicalWaits {
  /** Mean posted wait by weekday × 24 + hour (NaN where never observed). */
  readonly means: Float64Array;
  /** Distinct days behind each mean. */
  readonly daysObserved: Uint16Array;
}

// Scratch sums of `typicalWaits`, reused by every call: a park's refit computes thousands of
// typical tables, and two fresh arrays each would be that many more short-lived allocations
// outside the JS heap. Safe to share: the function is synchronous and never re-entered.
const scratchSums = new Float64Array(SLOTS);
const scratchReadings = new Float64Array(SLOTS);

/** Typical wait per weekday and hour: the mean of every reading before `before` (a day number). */
export function typicalWaits(
  history: RideHistory,
  before: number,
  since = Number.NEGATIVE_INFINITY,
): TypicalWaits {
  const sums = scratchSums.fill(0);
  const readings = scratchReadings.fill(0);
  const daysObserved = new Uint16Array(SLOTS);
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
  const means = new Float64Array(SLOTS);
  for (let slot = 0; slot < SLOTS; slot++) {
    const count = readings[slot] ?? 0;
    means[slot] = count > 0 ? (sums[slot] ?? 0) / count : Number.NaN;
  }
  return { means, daysObserved };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** exp(mean(log values)): the average of ratios. */
function geometricMean(values: readonly number[]): number {
  return Math.exp(values.reduce((sum, value) => sum + Math.log(value), 0) / values.length);
}

/** The q-quantile (0-1) by linear interpolation. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * Math.min(1, Math.max(0, q));
  const low = Math.floor(position);
  const high = Math.ceil(position);
  const lowValue = sorted[low] ?? Number.NaN;
  return lowValue + ((sorted[high] ?? lowValue) - lowValue) * (position - low);
}

/** A day's level: its observed waits over the typical waits of the same hours (8:00-21:59). */
function dayRatio(entry: HourlyDay, typical: TypicalWaits): number {
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

/**
 * The model's weekday × hour shape: the recent window's table where it saw a slot on 4 days or
 * more, the baseline (all history) elsewhere.
 */
function shapeTable(recent: TypicalWaits, baseline: TypicalWaits): TypicalWaits {
  const means = new Float64Array(SLOTS);
  const daysObserved = new Uint16Array(SLOTS);
  for (let slot = 0; slot < SLOTS; slot++) {
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

/**
 * The rides of one park fitted together: each ride's seasonal change is blended (geometrically,
 * `peerSeasonalWeight`) with the median change over the park's rides. A prediction is its ride's
 * seasonal change times the rest of the model, so swapping the change rescales it exactly.
 */
export function poolSeasonalChange(
  models: readonly PointModel[],
  options: WaitModelOptions = DEFAULT_WAIT_MODEL_OPTIONS,
): PointModel[] {
  const weight = options.peerSeasonalWeight;
  if (models.length < 2 || weight === 0) return [...models];
  const parkCache = new Map<number, number>();
  const parkChange = (day: number): number => {
    let change = parkCache.get(day);
    if (change === undefined) {
      const known = models.filter((model) => model.seasonKnown(day));
      change = known.length === 0 ? 1 : median(known.map((model) => model.seasonalChange(day)));
      parkCache.set(day, change);
    }
    return change;
  };
  return models.map((model) => {
    const rescale = (day: number) => {
      // A ride with no earlier year of its own takes the park's season whole.
      const own = model.seasonalChange(day);
      const share = model.seasonKnown(day) ? weight : 1;
      return own > 0 ? (parkChange(day) / own) ** share : 1;
    };
    return {
      ...model,
      seasonalChange: (day) => model.seasonalChange(day) * rescale(day),
      dayLevel: (day) => model.dayLevel(day) * rescale(day),
      predict: (day, hour) => model.predict(day, hour) * rescale(day),
    };
  });
}

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

/**
 * Fits the point models of a park's rides on days strictly before `origin`, seasons pooled (and,
 * given the park's calendar, school sessions standing in where no season is known).
 */
export function fitParkPointModels(
  histories: readonly RideHistory[],
  origin: number,
  options: WaitModelOptions = DEFAULT_WAIT_MODEL_OPTIONS,
  calendar?: ParkCalendar,
): PointModel[] {
  const pooled = poolSeasonalChange(
    histories.map((history) => fitPointModel(history, origin, options)),
    options,
  );
  return calendar ? withSchoolSessions(pooled, histories, origin, calendar, options) : pooled;
}

/** The horizon band (index into `HORIZON_BANDS`) of a day `horizon` days after the origin. */
export function horizonBandOf(horizon: number): number {
  return horizon <= 7 ? 0 : horizon <= 14 ? 1 : 2;
}
