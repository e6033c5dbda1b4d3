/**
 * The calendar's effect on a park's waits, learned from its own history: gradient-boosted trees on
 * every recorded hour of the park's rides over the years before the origin, predicting how much
 * busier than its typical wait (weekday × hour) a ride's hour ran, from the ride, the hour and what
 * was known of the day in advance (`calendar-features.ts`: weekday, place in the year, the nearest
 * holiday, schools in session, ticketed event, early entry and extended evening, published hours).
 * The rides of a park are fitted together: holidays come once a year, and a park's rides share them.
 *
 * The trees learn how a day differs from the level a forecast knew, not from all history: the
 * target is an hour's log ratio to its typical wait minus the ride's median level over the
 * `recentDays` before a forecast origin `horizon` days earlier (the horizon, 1-30, is a feature).
 * A season is then learned as a change from the recent level, and a lasting change of level (a new
 * attraction nearby, a change of capacity) is followed at once instead of learned as a season.
 *
 * Pure: no clock, no I/O; the caller chooses the origin and hands only days before it.
 */
import { runSteps, type Steps } from '../lib/steps.js';
import { boostedTreesSteps, type BoostingOptions } from './gradient-boosting.js';
import { DAY_FEATURES, writeDayFeatures, type ParkCalendar } from './calendar-features.js';
import { FIRST_HOUR, LAST_HOUR, weekdayOf, type HourlyDay, type RideHistory } from './hourly-history.js';
import { median } from './stats.js';
import type { TypicalWaits } from './typical-waits.js';

export interface CalendarModelOptions {
  /** Years of history before the origin the trees learn from. */
  readonly years: number;
  /**
   * Days whose median level (waits against typical) is the level the trees' ratios are taken
   * against: long enough to hold a season's middle, short enough to follow a lasting change.
   */
  readonly recentDays: number;
  /** Minutes added to waits before taking ratios, so short waits do not dominate. */
  readonly offsetMinutes: number;
  /** The most hours the trees learn from (a sample of ride-days beyond it). */
  readonly maxRows: number;
  readonly boosting: BoostingOptions;
}

export const DEFAULT_CALENDAR_MODEL_OPTIONS: CalendarModelOptions = {
  years: 3,
  recentDays: 91,
  offsetMinutes: 5,
  maxRows: 120_000,
  boosting: { rounds: 100, learningRate: 0.1, depth: 5, minLeafWeight: 30, lambda: 1, bins: 32 },
};

/** Ride, hour, days ahead of the level and the day's features, in this order. */
const FEATURES = 3 + DAY_FEATURES.length;
/** The longest forecast horizon, in days: the trees learn each one up to it. */
const MAX_HORIZON = 30;

export interface CalendarModel {
  /** The predicted mean posted wait of a ride (by its index) for a day and hour; NaN without a typical wait there. */
  predict(ride: number, day: number, hour: number): number;
}

/** Trees fitted at one origin, which can be placed at that origin or a later one. */
export interface CalendarTrees {
  /**
   * The model at `origin` (not before the trees' own): each ride's level from its residuals over the
   * recent days before `origin` in `histories` (only days before `origin` are read).
   */
  at(origin: number, histories: readonly RideHistory[], typicals: readonly TypicalWaits[]): CalendarModel;
}

/**
 * Fits the calendar trees of a park's rides from their days before `origin`. `typicals` are the
 * rides' typical waits (the ratios' denominators); undefined when there is too little to learn from.
 */
export function fitCalendarTrees(
  histories: readonly RideHistory[],
  typicals: readonly TypicalWaits[],
  origin: number,
  calendar: ParkCalendar,
  options: CalendarModelOptions = DEFAULT_CALENDAR_MODEL_OPTIONS,
): CalendarTrees | undefined {
  return runSteps(calendarTreesSteps(histories, typicals, origin, calendar, options));
}

/** `fitCalendarTrees` in steps: it yields after each ride's rows and each tree. */
export function* calendarTreesSteps(
  histories: readonly RideHistory[],
  typicals: readonly TypicalWaits[],
  origin: number,
  calendar: ParkCalendar,
  options: CalendarModelOptions = DEFAULT_CALENDAR_MODEL_OPTIONS,
): Steps<CalendarTrees | undefined> {
  const from = origin - Math.round(365 * options.years);
  const c = options.offsetMinutes;
  const values: number[] = [];
  const targets: number[] = [];
  const row = new Float64Array(FEATURES);
  // A park of many rides and years would hold hundreds of thousands of hours: the trees learn from
  // an even sample of ride-days, which bounds the fit's time and memory whatever the park's size.
  let rideDays = 0;
  histories.forEach((history) => {
    for (const entry of history) if (entry.day >= from && entry.day < origin) rideDays++;
  });
  const stride = Math.max(1, Math.ceil((rideDays * (LAST_HOUR - FIRST_HOUR + 1)) / options.maxRows));
  for (const [ride, history] of histories.entries()) {
    yield;
    const typical = typicals[ride];
    if (!typical) continue;
    const dayLevels = new Map<number, number>();
    for (const entry of history) {
      if (entry.day >= origin) break;
      const level = dayLevel(entry, typical, c);
      if (!Number.isNaN(level)) dayLevels.set(entry.day, level);
    }
    for (const entry of history) {
      if (entry.day < from) continue;
      if (entry.day >= origin) break;
      // The trees learn how a day differs from the ride's level a forecast made `horizon` days before
      // would have known, not from all its history: a lasting change of level is then no season.
      // Each day stands for one horizon, spread evenly, so the trees learn them all.
      if (stride > 1 && sampleSlot(entry.day, ride) % stride !== 0) continue;
      const horizon = 1 + ((entry.day * 7 + ride * 11) % MAX_HORIZON);
      const trailing = trailingLevel(dayLevels, entry.day - horizon, options.recentDays);
      if (Number.isNaN(trailing)) continue;
      writeDayFeatures(entry.day, calendar, row, 3);
      row[0] = ride;
      row[2] = horizon;
      for (let hour = FIRST_HOUR; hour <= LAST_HOUR; hour++) {
        // Every hour with a reading teaches, a lone one too (unlike the scoring's MIN_HOUR_READINGS):
        // among the trees' many rows its noise averages out, and leaving it out gained nothing
        // (docs/models.md).
        if ((entry.counts[hour] ?? 0) === 0) continue;
        const usual = typical.means[weekdayOf(entry.day) * 24 + hour] ?? Number.NaN;
        if (Number.isNaN(usual)) continue;
        row[1] = hour;
        for (const value of row) values.push(value);
        targets.push(Math.log(((entry.means[hour] ?? 0) + c) / (usual + c)) - trailing);
      }
    }
  }
  if (targets.length < 1000) return undefined;
  const trees = yield* boostedTreesSteps(
    {
      rows: targets.length,
      features: FEATURES,
      values: Float64Array.from(values),
      targets: Float64Array.from(targets),
    },
    options.boosting,
  );
  const features = new Float64Array(FEATURES);
  let featuresDay = Number.NaN;
  const logRatio = (ride: number, day: number, hour: number, horizon: number): number => {
    // Callers ask a day's hours in turn: its features (holidays, calendar) are written once.
    if (day !== featuresDay) {
      writeDayFeatures(day, calendar, features, 3);
      featuresDay = day;
    }
    features[0] = ride;
    features[1] = hour;
    features[2] = horizon;
    return trees.predict(features);
  };
  return {
    at(at, atHistories, atTypicals) {
      // Each ride's level at `at`: the median day level of its recent days, as in the learning.
      const levels = atHistories.map((history, ride) => {
        const typical = atTypicals[ride];
        if (!typical) return Number.NaN;
        const dayLevels = new Map<number, number>();
        for (const entry of history) {
          if (entry.day < at - options.recentDays) continue;
          if (entry.day >= at) break;
          const level = dayLevel(entry, typical, c);
          if (!Number.isNaN(level)) dayLevels.set(entry.day, level);
        }
        return trailingLevel(dayLevels, at, options.recentDays);
      });
      return {
        predict(ride, day, hour) {
          const usual = atTypicals[ride]?.means[weekdayOf(day) * 24 + hour] ?? Number.NaN;
          const level = levels[ride] ?? Number.NaN;
          if (Number.isNaN(usual) || Number.isNaN(level)) return Number.NaN;
          const horizon = Math.min(MAX_HORIZON, Math.max(1, day - at));
          return (usual + c) * Math.exp(logRatio(ride, day, hour, horizon) + level) - c;
        },
      };
    },
  };
}

/** A day's mean log ratio of its waits to the ride's typical ones (NaN without a typical hour). */
function dayLevel(entry: HourlyDay, typical: TypicalWaits, offset: number): number {
  let sum = 0;
  let count = 0;
  for (let hour = FIRST_HOUR; hour <= LAST_HOUR; hour++) {
    if ((entry.counts[hour] ?? 0) === 0) continue;
    const usual = typical.means[weekdayOf(entry.day) * 24 + hour] ?? Number.NaN;
    if (Number.isNaN(usual)) continue;
    sum += Math.log(((entry.means[hour] ?? 0) + offset) / (usual + offset));
    count++;
  }
  return count > 0 ? sum / count : Number.NaN;
}

/** The median day level over the `days` days before `before`; NaN with fewer than five. */
function trailingLevel(levels: ReadonlyMap<number, number>, before: number, days: number): number {
  const values: number[] = [];
  for (let day = before - days; day < before; day++) {
    const level = levels.get(day);
    if (level !== undefined) values.push(level);
  }
  return values.length >= 5 ? median(values) : Number.NaN;
}

/** A ride-day's place in the sample: a hash, so no weekday or season is favoured. */
function sampleSlot(day: number, ride: number): number {
  return Math.imul(day * 31 + ride, 2_654_435_761) >>> 0;
}
