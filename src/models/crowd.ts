/**
 * The crowd index and the 1-10 crowd level.
 *
 * - A ride's midday level on a day: its mean posted wait from 11:00 to 16:59 over its own mean
 *   midday wait across every earlier day (1.0 = a typical day for that ride, whatever the weekday).
 * - A park's crowd index on a day: the mean of its rides' midday levels (rides with at least
 *   `MIN_MIDDAY_HOURS` observed midday hours). 1.0 = the park's typical day.
 * - The 1-10 level: the decile of the park's own observed index over the year before: level 1 is a
 *   day quieter than 90% of that year's days, level 10 busier than 90% of them.
 *
 * Pure: callers pass histories, predictions and days.
 */
import { type HourlyDay, type RideHistory } from './hourly-history.js';
import type { HourForecast } from './wait-bands.js';
import { meanOfFinite, quantile } from './stats.js';

export const MIDDAY_FIRST_HOUR = 11;
export const MIDDAY_LAST_HOUR = 16;
/** An hour of waits is enough for today's index; past days need three midday hours. */
export const MIN_MIDDAY_HOURS = 3;

/** Mean posted wait over the midday hours observed; NaN with fewer than `minimumHours`. */
export function middayMean(entry: HourlyDay, minimumHours = MIN_MIDDAY_HOURS): number {
  let sum = 0;
  let hours = 0;
  for (let hour = MIDDAY_FIRST_HOUR; hour <= MIDDAY_LAST_HOUR; hour++) {
    const mean = entry.means[hour] ?? Number.NaN;
    if (Number.isNaN(mean)) continue;
    sum += mean;
    hours++;
  }
  return hours >= minimumHours ? sum / hours : Number.NaN;
}

/** A ride's typical midday wait: the mean of its midday means over every day before `before`. */
export function typicalMidday(history: RideHistory, before: number): number {
  let sum = 0;
  let days = 0;
  for (const entry of history) {
    if (entry.day >= before) break;
    const mean = middayMean(entry);
    if (Number.isNaN(mean)) continue;
    sum += mean;
    days++;
  }
  return days > 0 ? sum / days : Number.NaN;
}

/**
 * A park's observed index per day: for each day on which some ride has a midday level, the mean of
 * those levels. `typical` gives each ride's typical midday wait (same order as `histories`).
 */
export function observedIndex(
  histories: readonly RideHistory[],
  typical: readonly number[],
  from: number,
  to: number,
  minimumHours = MIN_MIDDAY_HOURS,
): Map<number, number> {
  const levels = new Map<number, number[]>();
  histories.forEach((history, ride) => {
    const usual = typical[ride] ?? Number.NaN;
    if (!(usual > 0)) return;
    for (const entry of history) {
      if (entry.day < from) continue;
      if (entry.day > to) break;
      const mean = middayMean(entry, minimumHours);
      if (Number.isNaN(mean)) continue;
      const list = levels.get(entry.day) ?? [];
      list.push(mean / usual);
      levels.set(entry.day, list);
    }
  });
  const index = new Map<number, number>();
  for (const [day, list] of [...levels.entries()].sort((a, b) => a[0] - b[0]))
    index.set(day, meanOfFinite(list));
  return index;
}

/** The nine decile boundaries of the observed index values (the 1-10 scale). */
export interface CrowdScale {
  readonly thresholds: readonly number[];
}

export function crowdScale(indexValues: readonly number[]): CrowdScale {
  const finite = indexValues.filter((value) => Number.isFinite(value) && value > 0);
  if (finite.length < 10) {
    // Too few days: an even scale from 0.5 to 1.5 around the typical day.
    return { thresholds: Array.from({ length: 9 }, (_, i) => 0.6 + i * 0.1) };
  }
  return { thresholds: Array.from({ length: 9 }, (_, i) => quantile(finite, (i + 1) / 10)) };
}

/** 1-10: one plus the number of decile boundaries the index is above. */
export function crowdLevel(index: number, scale: CrowdScale): number {
  let level = 1;
  for (const threshold of scale.thresholds) if (index > threshold) level++;
  return level;
}

/** Index bounds (an 80% range): the lowest and highest index the day may run at. */
export interface IndexRange {
  readonly lower: number;
  readonly upper: number;
}

/** An index with its 80% range. */
export type IndexEstimate = IndexRange & { readonly index: number };

/** The 1-10 levels of a forecast index and its range (never narrower than the index's own level). */
export function crowdLevelRange(
  index: number,
  range: IndexRange,
  scale: CrowdScale,
): { level: number; low: number; high: number } {
  return {
    level: crowdLevel(index, scale),
    low: crowdLevel(Math.min(index, range.lower), scale),
    high: crowdLevel(Math.max(index, range.upper), scale),
  };
}

/** A ride's morning: its readings so far, its typical wait at each hour of the day's weekday, its typical midday wait. */
export interface RideMorning {
  readonly readings: HourlyDay | undefined;
  readonly typical: (hour: number) => number;
  readonly typicalMidday: number;
}

/**
 * A day's index from its waits so far: each ride's waits over its typical waits for the same hours,
 * times its weekday's typical midday over its overall typical midday (the scale of finished days),
 * averaged over the rides with readings.
 */
export function indexSoFar(rides: readonly RideMorning[]): number {
  const levels: number[] = [];
  for (const { readings, typical, typicalMidday } of rides) {
    if (!readings || !(typicalMidday > 0)) continue;
    let observedSum = 0;
    let typicalSum = 0;
    for (let hour = 0; hour < 24; hour++) {
      const mean = readings.means[hour] ?? Number.NaN;
      const usual = typical(hour);
      if (Number.isNaN(mean) || Number.isNaN(usual)) continue;
      observedSum += mean;
      typicalSum += usual;
    }
    const weekdayMidday: number[] = [];
    for (let hour = MIDDAY_FIRST_HOUR; hour <= MIDDAY_LAST_HOUR; hour++) weekdayMidday.push(typical(hour));
    const middayOfWeekday = meanOfFinite(weekdayMidday);
    if (typicalSum > 0 && middayOfWeekday > 0)
      levels.push((observedSum / typicalSum) * (middayOfWeekday / typicalMidday));
  }
  return meanOfFinite(levels);
}

/** A ride's day so far: its readings, its forecast of each hour today with its band, its typical midday wait. */
export interface RideToday {
  readonly readings: HourlyDay | undefined;
  readonly forecast: (hour: number) => HourForecast | null;
  readonly typicalMidday: number;
}

/**
 * Today's index as the day will end, with its 80% range: each ride's midday hours as observed where
 * they have been and as forecast where not (from the morning's waits: the nowcast), over its typical
 * midday wait, averaged over the rides. The morning's ratio to typical carried to the whole day
 * tells it less: afternoons drift back toward the forecast, as the nowcast learned
 * (docs/models.md). The range takes the forecast hours at their bands' ends, the observed ones as
 * they were (so it narrows as the day is observed), the ends taken together across hours and rides
 * (most of a day's surprise is the park's).
 */
export function expectedTodayRange(rides: readonly RideToday[]): IndexEstimate {
  // The square root of the hours' range, as a forecast day's range takes when it has no errors of
  // its own: a day's index averages hours and rides, and errs less than one ride's hour.
  const index = todayIndexAt(rides, ({ predicted }) => predicted);
  return {
    index,
    lower: index * Math.sqrt(todayIndexAt(rides, ({ lower }) => lower) / index),
    upper: index * Math.sqrt(todayIndexAt(rides, ({ upper }) => upper) / index),
  };
}

/** `expectedTodayRange`'s index with each forecast hour read by `pick`. */
function todayIndexAt(rides: readonly RideToday[], pick: (forecast: HourForecast) => number): number {
  const levels: number[] = [];
  for (const { readings, forecast, typicalMidday } of rides) {
    if (!(typicalMidday > 0)) continue;
    let sum = 0;
    let hours = 0;
    for (let hour = MIDDAY_FIRST_HOUR; hour <= MIDDAY_LAST_HOUR; hour++) {
      const observed = (readings?.counts[hour] ?? 0) > 0 ? (readings?.means[hour] ?? Number.NaN) : Number.NaN;
      const hourForecast = Number.isNaN(observed) ? forecast(hour) : null;
      const value = hourForecast ? pick(hourForecast) : observed;
      if (Number.isNaN(value)) continue;
      sum += value;
      hours++;
    }
    if (hours > 0) levels.push(sum / hours / typicalMidday);
  }
  return meanOfFinite(levels);
}

/** A ride's predictions for the crowd index: its point prediction and typical midday wait. */
export interface RidePredictor {
  readonly predict: (day: number, hour: number) => number;
  readonly typicalMidday: number;
}

/** The predicted crowd index of a day: the mean of the rides' predicted midday levels. */
export function predictedIndex(rides: readonly RidePredictor[], day: number): number {
  const levels: number[] = [];
  for (const ride of rides) {
    if (!(ride.typicalMidday > 0)) continue;
    let sum = 0;
    let hours = 0;
    for (let hour = MIDDAY_FIRST_HOUR; hour <= MIDDAY_LAST_HOUR; hour++) {
      const predicted = ride.predict(day, hour);
      if (Number.isNaN(predicted)) continue;
      sum += predicted;
      hours++;
    }
    if (hours > 0) levels.push(sum / hours / ride.typicalMidday);
  }
  return meanOfFinite(levels);
}

/**
 * Calendar drivers a crowd forecast names, each with how the park's own days it applied to ran. They
 * explain the forecast; they do not scale it: the wait models carry the calendar themselves (the
 * season, school sessions in a park's first year, the calendar trees from its second).
 */
export const CALENDAR_DRIVERS = ['holiday', 'school_break', 'event_night', 'hours_length'] as const;
export type CalendarDriver = (typeof CALENDAR_DRIVERS)[number];

/** Which calendar drivers apply to a day (hours_length: the park opens longer than usual). */
export type DayDrivers = Readonly<Record<CalendarDriver, boolean>>;

export interface LearnedEffect {
  /** How much busier the days it applied to ran than the others (1 = no effect learned). */
  readonly effect: number;
  /** Observed days on which the driver applied. */
  readonly days: number;
}

/**
 * Learns each calendar driver's effect: the median index of the days it applied to over the median
 * of the days it did not, each divided by its weekday's mean first, shrunk toward no effect when
 * few days carry it.
 */
export function learnCalendarEffects(
  observed: ReadonlyMap<number, number>,
  driversOf: (day: number) => DayDrivers,
  weekdayOf: (day: number) => number,
): Record<CalendarDriver, LearnedEffect> {
  const byWeekday: number[][] = Array.from({ length: 7 }, () => []);
  for (const [day, index] of observed) byWeekday[weekdayOf(day)]?.push(index);
  const weekdayMean = byWeekday.map((values) => meanOfFinite(values));
  const result = {} as Record<CalendarDriver, LearnedEffect>;
  for (const driver of CALENDAR_DRIVERS) {
    const on: number[] = [];
    const off: number[] = [];
    for (const [day, index] of observed) {
      const usual = weekdayMean[weekdayOf(day)] ?? Number.NaN;
      if (!(usual > 0)) continue;
      (driversOf(day)[driver] ? on : off).push(index / usual);
    }
    let effect = 1;
    if (on.length >= 2 && off.length >= 2) {
      const raw = quantile(on, 0.5) / quantile(off, 0.5);
      const weight = on.length / (on.length + 5);
      effect = Math.exp(Math.log(raw) * weight);
    }
    result[driver] = { effect, days: on.length };
  }
  return result;
}
