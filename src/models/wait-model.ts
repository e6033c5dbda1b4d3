/**
 * A park's wait models: what each ride's posted wait will be at each hour of the next 30 days, with
 * an 80% band, and how the rest of today follows this morning's waits.
 *
 * Two views of a ride are combined (geometrically):
 * - the level model (`wait-forecast.ts`): typical waits × the ride's recent level × the seasonal
 *   change seen in earlier years; it follows a change of level at once;
 * - the calendar model (`calendar-model.ts`): how this park's days differ by weekday, season,
 *   holidays, school sessions, event nights, early entry and hours, learned from its history.
 * The calendar model's share grows with the park's uninterrupted history: none before a year of
 * operation (a year is needed to see a season once), the full share from two. A long closure (two
 * months or more without a recorded wait) starts the count again, as a reopened park's calendar
 * from before the closure no longer holds. A ride new to the park, or back from a refurbishment,
 * takes its share over its first three months (`rideCalendarShare`).
 *
 * Bands are the combined model's own errors at earlier origins whose 30 target days all end before
 * the origin (nothing scored is ever fitted), per horizon band. The same earlier origins teach how
 * a morning's waits tell the afternoon's (`nowcast`): for each hour after a cut, the afternoon's
 * log error regressed on the ride's and the park's morning errors, shrunk toward no change.
 *
 * Pure: no clock, no I/O; the caller chooses the origin and hands only days before it.
 */
import { runSteps, type Steps } from '../lib/steps.js';
import {
  calendarTreesSteps,
  type CalendarModel,
  type CalendarModelOptions,
  DEFAULT_CALENDAR_MODEL_OPTIONS,
} from './calendar-model.js';
import type { ParkCalendar } from './calendar-features.js';
import { FIRST_HOUR, LAST_HOUR, weekdayOf, type HourlyDay, type RideHistory } from './hourly-history.js';
import {
  DEFAULT_WAIT_MODEL_OPTIONS,
  fitParkPointModels,
  horizonBandOf,
  quantile,
  type PointModel,
  type WaitModelOptions,
} from './wait-forecast.js';
import { solveLinear } from './linear-solve.js';

/** How the calendar model is combined and the nowcast learned. */
export interface CombinedModelOptions {
  readonly level: WaitModelOptions;
  readonly calendar: CalendarModelOptions;
  /** The calendar model's share (geometric) once the park has two uninterrupted years. */
  readonly calendarShare: number;
  /** Days without a recorded wait that count as a closure. */
  readonly closureDays: number;
  /** Ridge penalty of the nowcast's regressions: how many rows of history outweigh the prior (`NOWCAST_PRIOR`). */
  readonly nowcastPenalty: number;
}

export const DEFAULT_COMBINED_OPTIONS: CombinedModelOptions = {
  level: DEFAULT_WAIT_MODEL_OPTIONS,
  calendar: DEFAULT_CALENDAR_MODEL_OPTIONS,
  calendarShare: 0.65,
  closureDays: 60,
  nowcastPenalty: 500,
};

const YEAR_DAYS = 365;

/** 80% band multipliers per horizon band: actual ÷ predicted at the `bandTail` percentiles. */
export interface BandMultipliers {
  readonly lower: readonly number[];
  readonly upper: readonly number[];
}

/**
 * The multipliers used when no earlier origin has scored anything (a new ride as unsteady as most;
 * `bandsFromErrors` narrows them for a calmer one and widens them for a wilder one).
 */
export const UNCALIBRATED_BANDS: BandMultipliers = { lower: [0.6, 0.55, 0.5], upper: [1.5, 1.6, 1.7] };

export interface HourForecast {
  readonly predicted: number;
  readonly lower: number;
  readonly upper: number;
}

/** A ride's model: the level model's parts, and the combined prediction with its band. */
export interface WaitModel extends PointModel {
  readonly bands: BandMultipliers;
  /** The calendar model's share in `predict` (0: the level model alone). */
  readonly calendarShare: number;
  /** Prediction with its 80% band; null when that weekday and hour were never observed. */
  forecast(day: number, hour: number): HourForecast | null;
}

/** A day's readings so far, ride by ride (undefined: none), and the hour they stop before. */
export interface Morning {
  readonly readings: readonly (HourlyDay | undefined)[];
  /** Readings of hours before this one are used; predictions start at it. */
  readonly cutHour: number;
}

/** The nowcast of one ride: its hours from the cut on, following the morning. */
export type RideNowcast = (hour: number) => HourForecast | null;

export interface ParkWaitModels {
  readonly rides: readonly WaitModel[];
  /** Each ride's predictions for `day` given the morning's readings (the forecast where there are none). */
  nowcast(day: number, morning: Morning): RideNowcast[];
}

/**
 * Inputs of one nowcast regression: the ride's and the park's last hour and whole morning against
 * the forecast, their last hour against typical waits, the forecast of the hour against typical,
 * and a constant.
 */
const NOWCAST_INPUTS = 8;
/** Hours after the cut with a regression of their own; later hours share the last. */
const NOWCAST_GAPS = 6;
/** Cut hours the earlier origins teach the nowcast at. */
const TEACHING_CUTS = [10, 11, 12, 13, 14, 15];
/** Minutes added before taking log ratios of waits. */
export const NOWCAST_OFFSET = 2;
/**
 * What the nowcast assumes before its history teaches it: the rest of the day runs at the square
 * root of the morning's ratio to the forecast, half the ride's own and half its park's (the simple
 * reference that gains on the forecast in every recorded year).
 */
const NOWCAST_PRIOR = [0, 0.25, 0, 0.25, 0, 0, 0, 0];
/** The log spread of the afternoon around the prior's answer, until history measures it. */
const NOWCAST_PRIOR_SPREAD = 0.35;
/** Rows a gap's regression needs before its own residual spread is trusted. */
const NOWCAST_MIN_ROWS = 50;

/** Days of continuous history before `origin`: since the first day, or since the last closure. */
function uninterruptedDays(history: RideHistory, origin: number, closureDays: number): number {
  let start = Number.NaN;
  let previous = Number.NaN;
  for (const entry of history) {
    if (entry.day >= origin) break;
    if (Number.isNaN(start) || entry.day - previous > closureDays) start = entry.day;
    previous = entry.day;
  }
  return Number.isNaN(start) ? 0 : origin - start;
}

/** The calendar model's share for a park at `origin`: by the median ride's uninterrupted history. */
export function calendarShareAt(
  histories: readonly RideHistory[],
  origin: number,
  options: CombinedModelOptions = DEFAULT_COMBINED_OPTIONS,
): number {
  const spans = histories
    .map((history) => uninterruptedDays(history, origin, options.closureDays))
    .sort((a, b) => a - b);
  const span = spans[spans.length >> 1] ?? 0;
  return options.calendarShare * Math.min(1, Math.max(0, (span - YEAR_DAYS) / YEAR_DAYS));
}

/**
 * The calendar model's share for one ride of a park whose share is `parkShare`. The trees take a
 * ride's level from the median of its last `recentDays` days and learned their ratios against such
 * full windows; a ride new to the park or back from a closure of its own (a refurbishment) has only
 * the weeks since it opened there, often a reopening's busy first week or a holiday, and the trees'
 * season would scale that. The level model compares those weeks with the same weeks of earlier
 * years instead, so the ride's calendar share grows with its days since it opened, full once the
 * window holds only them.
 */
export function rideCalendarShare(
  history: RideHistory,
  origin: number,
  parkShare: number,
  options: CombinedModelOptions = DEFAULT_COMBINED_OPTIONS,
): number {
  return shareOfSpan(parkShare, uninterruptedDays(history, origin, options.closureDays), options);
}

/** `rideCalendarShare` of a ride with `days` of uninterrupted history. */
function shareOfSpan(parkShare: number, days: number, options: CombinedModelOptions): number {
  return parkShare * Math.min(1, days / options.calendar.recentDays);
}

/** The combined point prediction of ride `ride` from its level model and the calendar model. */
function combined(
  point: PointModel,
  calendar: CalendarModel | undefined,
  ride: number,
  share: number,
): (day: number, hour: number) => number {
  if (!calendar || share === 0) return point.predict;
  return (day, hour) => {
    const level = point.predict(day, hour);
    if (Number.isNaN(level)) return level;
    const seasonal = calendar.predict(ride, day, hour);
    if (Number.isNaN(seasonal)) return level;
    return Math.exp((1 - share) * Math.log(Math.max(level, 0.5)) + share * Math.log(Math.max(seasonal, 0.5)));
  };
}

/** Log ratio of observed to predicted waits over `hours` of a day (NaN without a pair). */
function logRatio(
  entry: HourlyDay | undefined,
  predict: (hour: number) => number,
  fromHour: number,
  toHour: number,
): number {
  if (!entry) return Number.NaN;
  let observed = 0;
  let expected = 0;
  for (let hour = fromHour; hour <= toHour; hour++) {
    if ((entry.counts[hour] ?? 0) === 0) continue;
    const predicted = predict(hour);
    if (!(predicted >= 0)) continue;
    observed += entry.means[hour] ?? 0;
    expected += predicted;
  }
  return expected > 0 ? Math.log((observed + NOWCAST_OFFSET) / (expected + NOWCAST_OFFSET)) : Number.NaN;
}

/** A ride's and its park's morning: the hour-free inputs of the nowcast regressions (0 where unknown). */
function morningInputs(
  readings: readonly (HourlyDay | undefined)[],
  predictors: readonly ((hour: number) => number)[],
  typicals: readonly ((hour: number) => number)[],
  cutHour: number,
): (Float64Array | undefined)[] {
  const ratios = (predict: readonly ((hour: number) => number)[], from: number) =>
    readings.map((entry, ride) => logRatio(entry, predict[ride] ?? (() => Number.NaN), from, cutHour - 1));
  const last = ratios(predictors, cutHour - 1);
  const whole = ratios(predictors, FIRST_HOUR);
  const lastTypical = ratios(typicals, cutHour - 1);
  const meanOf = (values: readonly number[]) => {
    const known = values.filter((value) => !Number.isNaN(value));
    return known.length > 0 ? known.reduce((a, b) => a + b, 0) / known.length : 0;
  };
  // A park with no morning yet has nothing to follow: its forecast stands.
  if (whole.every((value) => Number.isNaN(value))) return readings.map(() => undefined);
  const park = [meanOf(last), meanOf(whole), meanOf(lastTypical)];
  // A ride without its own morning follows the park's.
  const own = (values: readonly number[], ride: number, fallback: number) => {
    const value = values[ride] ?? Number.NaN;
    return Number.isNaN(value) ? fallback : value;
  };
  return readings.map((_, ride) =>
    Float64Array.from([
      own(last, ride, park[0] ?? 0),
      own(whole, ride, park[1] ?? 0),
      park[0] ?? 0,
      park[1] ?? 0,
      own(lastTypical, ride, park[2] ?? 0),
      park[2] ?? 0,
      0,
      1,
    ]),
  );
}

/** The forecast of an hour against its typical wait (the hour's own nowcast input). */
function forecastAgainstTypical(predicted: number, typical: number): number {
  return Number.isNaN(typical) ? 0 : Math.log((predicted + NOWCAST_OFFSET) / (typical + NOWCAST_OFFSET));
}

/** Normal equations of the nowcast's regressions, one per gap after the cut. */
class NowcastFit {
  private readonly xtx = Array.from({ length: NOWCAST_GAPS }, () => new Float64Array(NOWCAST_INPUTS ** 2));
  private readonly xty = Array.from({ length: NOWCAST_GAPS }, () => new Float64Array(NOWCAST_INPUTS));
  private readonly yty = new Float64Array(NOWCAST_GAPS);
  private readonly rows = new Float64Array(NOWCAST_GAPS);

  add(gap: number, inputs: Float64Array, target: number): void {
    const g = Math.min(gap, NOWCAST_GAPS) - 1;
    const xtx = this.xtx[g];
    const xty = this.xty[g];
    if (!xtx || !xty) return;
    for (let i = 0; i < NOWCAST_INPUTS; i++) {
      xty[i] = (xty[i] ?? 0) + (inputs[i] ?? 0) * target;
      for (let j = 0; j < NOWCAST_INPUTS; j++)
        xtx[i * NOWCAST_INPUTS + j] =
          (xtx[i * NOWCAST_INPUTS + j] ?? 0) + (inputs[i] ?? 0) * (inputs[j] ?? 0);
    }
    this.yty[g] = (this.yty[g] ?? 0) + target * target;
    this.rows[g] = (this.rows[g] ?? 0) + 1;
  }

  /**
   * Coefficients and residual spread (log) per gap, pulled toward `NOWCAST_PRIOR`: with little
   * history (a new deployment) the prior answers, with years of it the history does.
   */
  solve(penalty: number): { coefficients: Float64Array[]; spread: number[] } {
    const coefficients: Float64Array[] = [];
    const spread: number[] = [];
    const n = NOWCAST_INPUTS;
    for (let g = 0; g < NOWCAST_GAPS; g++) {
      const rows = this.rows[g] ?? 0;
      const xtx = this.xtx[g] ?? new Float64Array(n * n);
      const xty = this.xty[g] ?? new Float64Array(n);
      const a = Float64Array.from(xtx);
      const b = Float64Array.from(xty);
      for (let i = 0; i < n; i++) {
        a[i * n + i] = (a[i * n + i] ?? 0) + penalty;
        b[i] = (b[i] ?? 0) + penalty * (NOWCAST_PRIOR[i] ?? 0);
      }
      const beta = solveLinear(a, b, n);
      coefficients.push(beta);
      if (rows < NOWCAST_MIN_ROWS) {
        spread.push(NOWCAST_PRIOR_SPREAD);
        continue;
      }
      // Residual sum of squares: y'y − 2β'X'y + β'X'Xβ.
      let residual = this.yty[g] ?? 0;
      for (let i = 0; i < n; i++) {
        residual -= 2 * (beta[i] ?? 0) * (xty[i] ?? 0);
        for (let j = 0; j < n; j++) residual += (beta[i] ?? 0) * (xtx[i * n + j] ?? 0) * (beta[j] ?? 0);
      }
      spread.push(Math.sqrt(Math.max(0, residual / rows)));
    }
    return { coefficients, spread };
  }
}

/** A ride's typical wait at each hour of `day`'s weekday. */
function typicalOf(point: PointModel, day: number): (hour: number) => number {
  const base = weekdayOf(day) * 24;
  return (hour) => point.typical.means[base + hour] ?? Number.NaN;
}

/** The calibration origins of `origin`: each one's 30 target days end before `origin`. */
function calibrationOrigins(origin: number, options: WaitModelOptions): number[] {
  return Array.from(
    { length: options.calibrationOrigins },
    (_, k) => origin - 31 - options.calibrationStep * k,
  );
}

/** Days of a ride's history before `origin`, by day number. */
function daysBefore(history: RideHistory, origin: number): Map<number, HourlyDay> {
  const byDay = new Map<number, HourlyDay>();
  for (const entry of history) {
    if (entry.day >= origin) break;
    byDay.set(entry.day, entry);
  }
  return byDay;
}

/**
 * Fits the wait models of a park's rides at `origin` from their days before it (`histories` may
 * hold later days; they are not read). `calendar` tells the days' facts; without it the calendar
 * model learns from weekdays, seasons and holidays alone.
 */
export function fitParkWaitModels(
  histories: readonly RideHistory[],
  origin: number,
  calendar: ParkCalendar = () => undefined,
  options: CombinedModelOptions = DEFAULT_COMBINED_OPTIONS,
): ParkWaitModels {
  return runSteps(parkWaitModelsSteps(histories, origin, calendar, options));
}

/**
 * Told what the calibration makes at each earlier origin as it makes it, newest origin first (31
 * days before the fit's origin, then every `calibrationStep` days back): the level models fitted
 * there, then each target day's recorded entries (per ride, in the order of the histories) and the
 * combined models' predictions of its hours. The served accuracy scores them, so it measures the
 * models the service serves without fitting them again.
 */
export interface CalibrationObserver {
  origin(earlier: number, points: readonly PointModel[]): void;
  day(
    earlier: number,
    day: number,
    entries: readonly (HourlyDay | undefined)[],
    predict: readonly ((hour: number) => number)[],
  ): void;
}

/**
 * `fitParkWaitModels` in steps (a park of years and dozens of rides takes seconds): it yields
 * between rides' level models, trees and calibration days.
 */
export function* parkWaitModelsSteps(
  histories: readonly RideHistory[],
  origin: number,
  calendar: ParkCalendar = () => undefined,
  options: CombinedModelOptions = DEFAULT_COMBINED_OPTIONS,
  observer?: CalibrationObserver,
): Steps<ParkWaitModels> {
  const level = options.level;
  const share = calendarShareAt(histories, origin, options);
  const calibration = calibrationOrigins(origin, level);
  const earliest = Math.min(...calibration);
  const points = fitParkPointModels(histories, origin, level, calendar);
  yield;
  // The calendar model at the origin, and once at the earliest calibration origin for calibration:
  // its trees then learned from days before every calibration origin.
  const trees =
    share > 0
      ? yield* calendarTreesSteps(
          histories,
          points.map((point) => point.typical),
          origin,
          calendar,
          options.calendar,
        )
      : undefined;
  const calendarModel = trees?.at(
    origin,
    histories,
    points.map((point) => point.typical),
  );
  // The level models at each calibration origin, fitted once (the earliest also gives the earlier
  // trees their typical waits).
  const calibrationPoints = new Map<number, PointModel[]>();
  for (const earlier of calibration) {
    calibrationPoints.set(earlier, fitParkPointModels(histories, earlier, level, calendar));
    yield;
  }
  const earlierTrees =
    share > 0
      ? yield* calendarTreesSteps(
          histories,
          (calibrationPoints.get(earliest) ?? []).map((point) => point.typical),
          earliest,
          calendar,
          options.calendar,
        )
      : undefined;

  const byDays = histories.map((history) => daysBefore(history, origin));
  const errors = histories.map((): number[][] => [[], [], []]);
  // The earlier origins behind each ride's errors per horizon band.
  const errorOrigins = histories.map((): Set<number>[] => [new Set(), new Set(), new Set()]);
  const nowcastFit = new NowcastFit();
  // Each ride's uninterrupted days at the origin and at each calibration origin, worked out once:
  // its calendar share and the origins its bands read both follow them.
  const spans = histories.map(
    (history) =>
      new Map(
        [origin, ...calibration].map((at) => [at, uninterruptedDays(history, at, options.closureDays)]),
      ),
  );
  const spanOf = (ride: number, at: number) => spans[ride]?.get(at) ?? 0;
  const calibratesBands = spans.map((_, ride) => bandOrigins((at) => spanOf(ride, at), origin, calibration));
  for (const earlier of calibration) {
    const earlierPoints = calibrationPoints.get(earlier) ?? [];
    const earlierCalendar = earlierTrees?.at(
      earlier,
      histories,
      earlierPoints.map((point) => point.typical),
    );
    const predictors = earlierPoints.map((point, ride) =>
      combined(point, earlierCalendar, ride, shareOfSpan(share, spanOf(ride, earlier), options)),
    );
    observer?.origin(earlier, earlierPoints);
    for (let horizon = 1; horizon <= 30; horizon++) {
      const day = earlier + horizon;
      const entries = byDays.map((byDay) => byDay.get(day));
      if (entries.every((entry) => entry === undefined)) continue;
      yield;
      // The bands and each teaching cut read the same hours: the day's predictions are made once.
      const dayPredictors = predictors.map((predict) => {
        const hours = Array.from({ length: LAST_HOUR + 1 }, (_, hour) =>
          hour < FIRST_HOUR ? Number.NaN : predict(day, hour),
        );
        return (hour: number) => hours[hour] ?? Number.NaN;
      });
      observer?.day(earlier, day, entries, dayPredictors);
      const band = errors.map((rideErrors) => rideErrors[horizonBandOf(horizon)]);
      entries.forEach((entry, ride) => {
        if (!entry) return;
        if (!calibratesBands[ride]?.has(earlier)) return;
        for (let hour = FIRST_HOUR; hour <= LAST_HOUR; hour++) {
          if ((entry.counts[hour] ?? 0) < 2) continue;
          const predicted = dayPredictors[ride]?.(hour) ?? Number.NaN;
          const actual = entry.means[hour] ?? Number.NaN;
          if (!(predicted > 0) || Number.isNaN(actual)) continue;
          band[ride]?.push(Math.max(actual, 1) / Math.max(predicted, 1));
          errorOrigins[ride]?.[horizonBandOf(horizon)]?.add(earlier);
        }
      });
      const dayTypicals = earlierPoints.map((point) => typicalOf(point, day));
      for (const cut of TEACHING_CUTS) {
        const inputs = morningInputs(entries, dayPredictors, dayTypicals, cut);
        entries.forEach((entry, ride) => {
          const x = inputs[ride];
          if (!entry || !x) return;
          for (let hour = cut + 1; hour <= LAST_HOUR; hour++) {
            if ((entry.counts[hour] ?? 0) < 2) continue;
            const predicted = dayPredictors[ride]?.(hour) ?? Number.NaN;
            if (!(predicted >= 0)) continue;
            const target = Math.log(
              ((entry.means[hour] ?? 0) + NOWCAST_OFFSET) / (predicted + NOWCAST_OFFSET),
            );
            x[6] = forecastAgainstTypical(predicted, dayTypicals[ride]?.(hour) ?? Number.NaN);
            nowcastFit.add(hour - cut, x, target);
          }
        });
      }
    }
  }
  const { coefficients, spread } = nowcastFit.solve(options.nowcastPenalty);

  const rides = points.map((point, ride): WaitModel => {
    const rideShare = shareOfSpan(share, spanOf(ride, origin), options);
    const predict = combined(point, calendarModel, ride, rideShare);
    const bands = bandsFromErrors(
      errors[ride] ?? [],
      errorOrigins[ride]?.map((set) => set.size) ?? [],
      level.bandTail,
      () => inSampleRatios(byDays[ride], predict, origin),
    );
    return {
      ...point,
      predict,
      bands,
      calendarShare: rideShare,
      forecast(day, hour) {
        const predicted = predict(day, hour);
        if (Number.isNaN(predicted)) return null;
        const band = horizonBandOf(Math.max(1, day - origin));
        return {
          predicted,
          lower: predicted * (bands.lower[band] ?? 1),
          upper: predicted * (bands.upper[band] ?? 1),
        };
      },
    };
  });

  return {
    rides,
    nowcast(day, { readings, cutHour }) {
      const dayPredictors = rides.map((model) => (hour: number) => model.predict(day, hour));
      const dayTypicals = rides.map((model) => typicalOf(model, day));
      const inputs = morningInputs(readings, dayPredictors, dayTypicals, cutHour);
      return rides.map((model, ride) => (hour) => {
        const forecast = model.forecast(day, hour);
        if (!forecast || hour < cutHour) return forecast;
        const gap = Math.min(Math.max(1, hour - cutHour), NOWCAST_GAPS) - 1;
        const beta = coefficients[gap];
        const sigma = spread[gap] ?? Number.NaN;
        const x = inputs[ride];
        if (!beta || !x || Number.isNaN(sigma)) return forecast;
        const hourInputs = Float64Array.from(x);
        hourInputs[6] = forecastAgainstTypical(forecast.predicted, dayTypicals[ride]?.(hour) ?? Number.NaN);
        let adjustment = 0;
        for (let i = 0; i < NOWCAST_INPUTS; i++) adjustment += (beta[i] ?? 0) * (hourInputs[i] ?? 0);
        const predicted = (forecast.predicted + NOWCAST_OFFSET) * Math.exp(adjustment) - NOWCAST_OFFSET;
        // The band of the rest of a day known this far: the regressions' residual spread (80%).
        const z = 1.2816 * sigma;
        return {
          predicted: Math.max(0, predicted),
          lower: Math.max(0, (predicted + NOWCAST_OFFSET) * Math.exp(-z) - NOWCAST_OFFSET),
          upper: (predicted + NOWCAST_OFFSET) * Math.exp(z) - NOWCAST_OFFSET,
        };
      });
    },
  };
}

/**
 * Days a ride's model must have learned from before its errors stand for a model that has learned
 * from more: a ride's first weeks (a level from a few days, an opening's rush fading) err far more
 * than it will once it has a month behind it.
 */
const BAND_MIN_HISTORY_DAYS = 28;

/**
 * The calibration origins whose errors calibrate a ride's bands at `origin`: those where its
 * uninterrupted history (`spanAt`, in days) was at least `BAND_MIN_HISTORY_DAYS` long, or as long
 * as it is now.
 */
function bandOrigins(
  spanAt: (at: number) => number,
  origin: number,
  calibration: readonly number[],
): Set<number> {
  const needed = Math.min(BAND_MIN_HISTORY_DAYS, spanAt(origin));
  return new Set(calibration.filter((earlier) => spanAt(earlier) >= needed));
}

/** Days before the origin whose in-sample errors stand in for a new ride's calibration. */
const IN_SAMPLE_DAYS = 28;
/** Rows a band needs before its own errors (or the in-sample ones) are trusted. */
const BAND_MIN_ROWS = 50;
/**
 * Earlier origins a band's own errors must come from before they are trusted alone: the errors of
 * one origin share its level's one miss, so a few origins' worth (a park two months old) see a few
 * misses and understate the next.
 */
const BAND_MIN_ORIGINS = 6;
/**
 * How much wider than its in-sample errors a new ride's band is, per horizon band (a power on the
 * error ratios): a model's errors on the days it was fitted on understate its errors ahead.
 */
const IN_SAMPLE_WIDENING = [1.2, 1.35, 1.5];

/**
 * The log width of the 80% range of a typical ride's errors on the days its model was fitted on
 * (the middle of the recorded rides', 0.55-0.7): the uncalibrated band is made for such a ride.
 */
const TYPICAL_IN_SAMPLE_SPREAD = 0.55;
/**
 * The narrowest uncalibrated band, as a power of it: a ride whose fitted days held steady is still
 * forecast from a few weeks, and its days ahead may not.
 */
export const UNCALIBRATED_NARROWEST_POWER = 0.75;

/**
 * The power the uncalibrated band is raised to for a ride with these in-sample errors: its log
 * width against `TYPICAL_IN_SAMPLE_SPREAD`'s, between `UNCALIBRATED_NARROWEST_POWER` and 1. (A ride
 * that swings more than typical is widened by its in-sample errors themselves.)
 */
function uncalibratedPower(fitted: readonly number[], tail: number): number {
  const spread = Math.log(quantile(fitted, 1 - tail) / quantile(fitted, tail));
  return Math.min(1, Math.max(UNCALIBRATED_NARROWEST_POWER, spread / TYPICAL_IN_SAMPLE_SPREAD));
}

/** Actual ÷ predicted over the last `IN_SAMPLE_DAYS` days before `origin` (the fit's own days). */
function inSampleRatios(
  byDay: ReadonlyMap<number, HourlyDay> | undefined,
  predict: (day: number, hour: number) => number,
  origin: number,
): number[] {
  const ratios: number[] = [];
  if (!byDay) return ratios;
  for (let day = origin - IN_SAMPLE_DAYS; day < origin; day++) {
    const entry = byDay.get(day);
    if (!entry) continue;
    for (let hour = FIRST_HOUR; hour <= LAST_HOUR; hour++) {
      if ((entry.counts[hour] ?? 0) < 2) continue;
      const predicted = predict(day, hour);
      const actual = entry.means[hour] ?? Number.NaN;
      if (!(predicted > 0) || Number.isNaN(actual)) continue;
      ratios.push(Math.max(actual, 1) / Math.max(predicted, 1));
    }
  }
  return ratios;
}

/**
 * The band multipliers from the collected errors of each horizon band. A band without enough of
 * them (a new ride, a new deployment) is the uncalibrated one, narrowed for a ride whose days ran
 * closer to its model than most rides' do (`uncalibratedPower`), and widened where the model's
 * errors on the days it was fitted on (widened again: they understate the errors ahead) or the few
 * earlier origins' errors say the ride swings more, until errors from enough origins ahead have
 * been scored.
 */
function bandsFromErrors(
  errors: readonly number[][],
  origins: readonly number[],
  tail: number,
  inSample: () => readonly number[],
): BandMultipliers {
  const lower: number[] = [];
  const upper: number[] = [];
  let fitted: readonly number[] | undefined;
  let power: number | undefined;
  for (let band = 0; band < 3; band++) {
    const values = errors[band] ?? [];
    const own = values.length >= BAND_MIN_ROWS;
    if (own && (origins[band] ?? 0) >= BAND_MIN_ORIGINS) {
      lower.push(quantile(values, tail));
      upper.push(quantile(values, 1 - tail));
      continue;
    }
    fitted ??= inSample();
    power ??= fitted.length >= BAND_MIN_ROWS ? uncalibratedPower(fitted, tail) : 1;
    const widening = IN_SAMPLE_WIDENING[band] ?? 1;
    // Never narrower than the uncalibrated band (narrowed for a ride calmer than most), nor than
    // the few origins' errors already scored.
    let floorLower = (UNCALIBRATED_BANDS.lower[band] ?? 0.5) ** power;
    let floorUpper = (UNCALIBRATED_BANDS.upper[band] ?? 1.7) ** power;
    if (own) {
      floorLower = Math.min(floorLower, quantile(values, tail));
      floorUpper = Math.max(floorUpper, quantile(values, 1 - tail));
    }
    if (fitted.length >= BAND_MIN_ROWS) {
      lower.push(Math.min(floorLower, quantile(fitted, tail) ** widening));
      upper.push(Math.max(floorUpper, quantile(fitted, 1 - tail) ** widening));
      continue;
    }
    lower.push(floorLower);
    upper.push(floorUpper);
  }
  return { lower, upper };
}
