/**
 * A park's wait models: what each ride's posted wait will be at each hour of the next 30 days, with
 * an 80% band, and how the rest of today follows this morning's waits.
 *
 * Two views of a ride are combined (geometrically):
 * - the level model (`point-model.ts`): typical waits × the ride's recent level × the seasonal
 *   change seen in earlier years; it follows a change of level at once;
 * - the calendar model (`calendar-model.ts`): how this park's days differ by weekday, season,
 *   holidays, school sessions, event nights, early entry and hours, learned from its history.
 * The calendar model's share grows with the park's uninterrupted history: none before a year of
 * operation (a year is needed to see a season once), the full share from two. A long closure (two
 * months or more without a recorded wait) starts the count again, as a reopened park's calendar
 * from before the closure no longer holds. A ride new to the park, or back from a refurbishment,
 * takes its share over its first three months (`rideCalendarShare`).
 *
 * The fit scores the combined model at earlier origins whose 30 target days all end before the
 * origin (nothing scored is ever fitted): the days just after each teach how much of how far the
 * last two days ran from the model carries into the days ahead (`recent-miss.ts`); the errors of
 * the models with that carry are the rides' 80% bands (`wait-bands.ts`), and the same target days
 * teach how a morning's waits tell the afternoon's (`nowcast.ts`).
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
import { FIRST_HOUR, LAST_HOUR, type HourlyDay, type RideHistory } from './hourly-history.js';
import {
  nowcastDay,
  NowcastFit,
  type Morning,
  type NowcastCoefficients,
  type RideNowcast,
} from './nowcast.js';
import {
  DEFAULT_RECENT_MISS_OPTIONS,
  RecentMissFit,
  carriedMiss,
  recentMiss,
  withRecentMiss,
  type Predict,
  type RecentMissOptions,
} from './recent-miss.js';
import {
  BandErrors,
  bandOrigins,
  inSampleRatios,
  withBand,
  type BandMultipliers,
  type HourForecast,
} from './wait-bands.js';
import { DEFAULT_WAIT_MODEL_OPTIONS, type WaitModelOptions } from './level-model-options.js';
import { fitParkPointModels } from './park-point-models.js';
import type { PointModel } from './point-model.js';

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
  /** How the last days' miss is carried into the days just ahead. */
  readonly recentMiss: RecentMissOptions;
}

export const DEFAULT_COMBINED_OPTIONS: CombinedModelOptions = {
  level: DEFAULT_WAIT_MODEL_OPTIONS,
  calendar: DEFAULT_CALENDAR_MODEL_OPTIONS,
  calendarShare: 0.65,
  closureDays: 60,
  nowcastPenalty: 500,
  recentMiss: DEFAULT_RECENT_MISS_OPTIONS,
};

const YEAR_DAYS = 365;

/** A ride's model: the level model's parts, and the combined prediction with its band. */
export interface WaitModel extends PointModel {
  readonly bands: BandMultipliers;
  /** The calendar model's share in `predict` (0: the level model alone). */
  readonly calendarShare: number;
  /** What the last days' miss multiplies `day`'s predictions by (1 where none carries). */
  lastDays(day: number): number;
  /** Prediction with its 80% band; null when that weekday and hour were never observed. */
  forecast(day: number, hour: number): HourForecast | null;
}

export interface ParkWaitModels {
  readonly rides: readonly WaitModel[];
  /** Each ride's predictions for `day` given the morning's readings (the forecast where there are none). */
  nowcast(day: number, morning: Morning): RideNowcast[];
}

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
): Predict {
  if (!calendar || share === 0) return point.predict;
  return (day, hour) => {
    const level = point.predict(day, hour);
    if (Number.isNaN(level)) return level;
    const seasonal = calendar.predict(ride, day, hour);
    if (Number.isNaN(seasonal)) return level;
    return Math.exp((1 - share) * Math.log(Math.max(level, 0.5)) + share * Math.log(Math.max(seasonal, 0.5)));
  };
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
  const bandErrors = histories.map(() => new BandErrors());
  const nowcastFit = new NowcastFit();
  const missFit = new RecentMissFit(options.recentMiss);
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
  // The combined models at each calibration origin, and how far each ride's last days before it
  // ran from them: what follows those days teaches how much of that miss carries ahead.
  const calibrationModels = new Map<number, { predictors: Predict[]; misses: number[] }>();
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
    const misses = predictors.map((predict, ride) =>
      recentMiss(byDays[ride] ?? new Map(), predict, earlier, options.recentMiss.days),
    );
    predictors.forEach((predict, ride) => {
      for (let ahead = 1; ahead <= options.recentMiss.teachingDays; ahead++) {
        const entry = byDays[ride]?.get(earlier + ahead);
        if (entry) missFit.teach(misses[ride] ?? 0, ahead, entry, predict);
      }
    });
    calibrationModels.set(earlier, { predictors, misses });
    yield;
  }
  const missShare = missFit.share();

  for (const earlier of calibration) {
    const earlierPoints = calibrationPoints.get(earlier) ?? [];
    const { predictors: combinedAt = [], misses = [] } = calibrationModels.get(earlier) ?? {};
    // The models as served there: with the miss before that origin carried.
    const predictors = combinedAt.map((predict, ride) =>
      withRecentMiss(predict, carriedMiss(earlier, misses[ride] ?? 0, missShare, options.recentMiss)),
    );
    observer?.origin(earlier, earlierPoints);
    for (let horizon = 1; horizon <= 30; horizon++) {
      const day = earlier + horizon;
      const entries = byDays.map((byDay) => byDay.get(day));
      if (entries.every((entry) => entry === undefined)) continue;
      yield;
      // The bands and each teaching cut read the same hours: the day's predictions are made once.
      const dayPredictors = predictors.map((predict) => {
        const hours = new Float64Array(LAST_HOUR + 1);
        for (let hour = 0; hour <= LAST_HOUR; hour++)
          hours[hour] = hour < FIRST_HOUR ? Number.NaN : predict(day, hour);
        return (hour: number) => hours[hour] ?? Number.NaN;
      });
      observer?.day(earlier, day, entries, dayPredictors);
      entries.forEach((entry, ride) => {
        const predict = dayPredictors[ride];
        if (entry && predict && calibratesBands[ride]?.has(earlier))
          bandErrors[ride]?.addDay(earlier, horizon, entry, predict);
      });
      nowcastFit.teach(
        day,
        entries,
        dayPredictors,
        earlierPoints.map((point) => point.typical),
      );
    }
  }
  const nowcastCoefficients = nowcastFit.solve(
    options.nowcastPenalty,
    Math.max(0, ...byDays.map((days) => days.size)),
  );
  yield;

  // A ride at a time: each ride's bands sort its errors from every calibration origin.
  const rides: WaitModel[] = [];
  for (const [ride, point] of points.entries()) {
    const rideShare = shareOfSpan(share, spanOf(ride, origin), options);
    const base = combined(point, calendarModel, ride, rideShare);
    const miss = recentMiss(byDays[ride] ?? new Map(), base, origin, options.recentMiss.days);
    const lastDays = carriedMiss(origin, miss, missShare, options.recentMiss);
    const predict = withRecentMiss(base, lastDays);
    const bands = (bandErrors[ride] ?? new BandErrors()).bands(
      level.bandTail,
      () => inSampleRatios(byDays[ride], predict, origin),
      byDays[ride]?.size ?? 0,
    );
    rides.push(servedModel(point, predict, bands, rideShare, lastDays, origin));
    yield;
  }
  return servedParkModels(rides, nowcastCoefficients);
}

/*
 * The served models are built outside `parkWaitModelsSteps`: a closure made there would keep its
 * whole scope alive for as long as the models are served (every ride's calibration errors and
 * days), though the models read none of it.
 */

function servedModel(
  point: PointModel,
  predict: Predict,
  bands: BandMultipliers,
  calendarShare: number,
  lastDays: (day: number) => number,
  origin: number,
): WaitModel {
  return {
    ...point,
    predict,
    bands,
    calendarShare,
    lastDays,
    forecast(day, hour) {
      const predicted = predict(day, hour);
      return Number.isNaN(predicted) ? null : withBand(predicted, bands, day - origin);
    },
  };
}

function servedParkModels(rides: readonly WaitModel[], coefficients: NowcastCoefficients): ParkWaitModels {
  return { rides, nowcast: (day, morning) => nowcastDay(rides, coefficients, day, morning) };
}
