/**
 * Rolling-origin backtest of the wait and crowd models on recorded waits.
 *
 * For each origin spread over the 365 days that end at `until` (or a file's last day), the models
 * are fitted on the days strictly before the origin (the split hands them nothing else; with
 * `historyDays`, only that many days before it: a cold start) and predict every hour 8:00-21:59 of
 * origin+1 … origin+30; each hour with at least two readings is scored against its mean posted
 * wait. Baseline: the typical wait (mean posted wait of that weekday and hour over all data before
 * the origin, whatever the models were shown). The calendar columns of a scored day are published
 * in advance and may be read; nothing else of it.
 *
 * The attractions of one park (from the metadata; `unknown` without it) are fitted together at each
 * origin, as the service fits a park's rides. A park's crowd levels are scored as the service scores
 * its published accuracy (`scoreCrowdLevels`, on `CrowdLevelTally`). The nowcast: each scored day
 * again, the models given the park's readings of that day before 11:00 (and 13:00) predicting the
 * hours from one after. The estimated actual wait is scored on timed waits over the same 365 days
 * (`actual-waits.ts`).
 */
import type { TimedWait } from '../models/actual-wait-fit.js';
import {
  crowdLevel,
  crowdLevelRange,
  expectedTodayRange,
  indexSoFar,
  middayMean,
  predictedIndex,
} from '../models/crowd.js';
import {
  crowdOriginFrame,
  forecastIndexRange,
  levelRange,
  modelCrowdForecast,
  scoreCrowdLevels,
  type CrowdForecast,
  type CrowdOriginFrame,
} from '../models/crowd-accuracy.js';
import type { ParkCalendar } from '../models/calendar-features.js';
import {
  backtestActualWaits,
  backtestWindow,
  boundActualWaits,
  type ActualWaitBound,
  type ActualWaitScore,
} from './actual-waits.js';
import {
  FIRST_HOUR,
  LAST_HOUR,
  weekdayOf,
  type HourlyDay,
  type RideHistory,
} from '../models/hourly-history.js';
import { HORIZON_BANDS, horizonBandOf, typicalWaits, type TypicalWaits } from '../models/wait-forecast.js';
import {
  DEFAULT_COMBINED_OPTIONS,
  parkWaitModelsSteps,
  type CombinedModelOptions,
  type ParkWaitModels,
  type WaitModel,
} from '../models/wait-model.js';
import { NOWCAST_OFFSET } from '../models/nowcast.js';
import type { HourForecast } from '../models/wait-bands.js';
import { runSteps } from '../lib/steps.js';
import { AccuracyMeter } from '../services/models/accuracy.js';

export const HORIZON_DAYS = 30;
export const ORIGIN_COUNT = 12;
const WINDOW_DAYS = 365;

export interface BacktestAttraction {
  readonly attraction: string;
  readonly park: string;
  /** Its names in the metadata: the kind of a file the recorded table lacks (`actual_waits`). */
  readonly names?: readonly string[];
  readonly history: RideHistory;
  /** Waits timed by guests in line, for the estimated actual wait (`actual_waits`). */
  readonly timedWaits?: readonly TimedWait[];
}

export interface HorizonScore {
  readonly mae_minutes: number;
  readonly baseline_mae_minutes: number;
}

/** The rest of the day predicted from its morning, against the same model without it. */
export interface NowcastScore {
  readonly hours_scored: number;
  readonly mae_minutes: number;
  readonly forecast_mae_minutes: number;
  /** Share of the hours whose mean posted wait fell inside the nowcast's 80% band. */
  readonly coverage_80: number;
}

/**
 * Yardsticks for the nowcast on the same hours (not forecasts): `day_level_mae_minutes`, the
 * forecast scaled by the ratio the rest of the day actually ran at (an oracle told the day's
 * level); `square_root_mae_minutes`, the forecast scaled by the square root of the ride's morning
 * ratio to it (the simple reference); `best_scaling_mae_minutes`, the best of every such scaling
 * (the ratio of the whole morning or of its last two hours, to a power from 0.1 to 1) chosen in
 * hindsight: what following the morning's level can reach at most on these days.
 */
export interface NowcastBound {
  readonly hours_scored: number;
  readonly forecast_mae_minutes: number;
  readonly day_level_mae_minutes: number;
  readonly square_root_mae_minutes: number;
  readonly best_scaling_mae_minutes: number;
}

/** The cut hours of the nowcast (readings before them are given), by their label. */
export const NOWCAST_CUTS = { '11:00': 11, '13:00': 13 } as const;

/**
 * Yardsticks for the wait forecast on the hours it is scored on (not forecasts), each told a level
 * in hindsight: `typical_month_level_mae_minutes`, the typical baseline scaled by the ratio the ride
 * ran at over the 30 days after each origin (the month's level alone, no calendar inside it);
 * `month_level_mae_minutes`, the forecast scaled by how far those 30 days ran above or below it
 * (the month's level known, each day's and hour's pattern still the forecast's);
 * `day_level_mae_minutes`, the forecast scaled by the ratio each day ran at (each day's level known).
 */
export interface WaitBound {
  readonly hours_scored: number;
  readonly typical_month_level_mae_minutes: number;
  readonly month_level_mae_minutes: number;
  readonly day_level_mae_minutes: number;
}

export interface AttractionScore {
  readonly attraction: string;
  readonly park: string;
  readonly hours_scored: number;
  readonly mae_minutes: number;
  readonly baseline_mae_minutes: number;
  readonly coverage_80: number;
  readonly band_width_80_minutes: number;
  readonly by_horizon: Record<string, HorizonScore>;
  readonly nowcast: Record<keyof typeof NOWCAST_CUTS, NowcastScore>;
  /** With `nowcastBound`: the nowcast's yardsticks on the same hours. */
  readonly nowcast_bounds?: Record<keyof typeof NOWCAST_CUTS, NowcastBound>;
  /** With `waitBound`: the wait forecast's hindsight yardsticks on the same hours. */
  readonly wait_bounds?: WaitBound;
}

export interface ParkScore {
  readonly park: string;
  readonly days_scored: number;
  readonly crowd_mae_levels: number;
  readonly crowd_within_1: number;
  readonly crowd_within_2: number;
  /** The day's level from its waits before each cut (the models' parks only). */
  readonly today?: Record<keyof typeof NOWCAST_CUTS, TodayLevelScore>;
  /** Share of scored days whose level fell inside the served low-high range (the models' parks only). */
  readonly crowd_range_coverage?: number;
  /** The served range's mean width, in levels (high − low). */
  readonly crowd_range_width_levels?: number;
}

/**
 * Each scored day's crowd level given its waits before a cut, within ±1 of the level the day
 * reached: as served (`within_1`: the midday observed so far and the nowcast of the rest), and two
 * yardsticks on the same days: the forecast without the morning, and the morning's ratio to typical
 * carried to the whole day (`indexSoFar`).
 */
export interface TodayLevelScore {
  readonly days_scored: number;
  readonly within_1: number;
  readonly forecast_within_1: number;
  readonly morning_within_1: number;
  /** Share of the days whose level fell inside the served low-high range, and its mean width. */
  readonly range_coverage: number;
  readonly range_width_levels: number;
}

export interface BacktestResult {
  readonly origins: number;
  readonly horizon_days: number;
  readonly attractions: AttractionScore[];
  readonly parks: ParkScore[];
  /** The estimated actual wait, per file with timed waits in the window ending at the last recorded day. */
  readonly actual_waits: ActualWaitScore[];
  /** With `actualBound`: the estimated actual wait's hindsight yardsticks, per file scored there. */
  readonly actual_wait_bounds?: ActualWaitBound[];
  /** With `crowdBound`: the neighbour oracle's crowd figures per park (not a forecast). */
  readonly crowd_bounds?: ParkScore[];
  /** With `crowdBound`: the forecast told each origin's month level in hindsight, per park (not a forecast). */
  readonly crowd_level_bounds?: ParkScore[];
}

/** `count` origins evenly spread so that the first is 365 days before the last day and the last leaves 30 days to score. */
export function rollingOrigins(lastDay: number, count = ORIGIN_COUNT): number[] {
  const first = lastDay - WINDOW_DAYS;
  const last = lastDay - HORIZON_DAYS;
  return Array.from({ length: count }, (_, i) => Math.round(first + ((last - first) * i) / (count - 1)));
}

/** The time split: what the models may see (strictly before the origin) and what is scored. */
export function splitAt(history: RideHistory, origin: number): { fit: HourlyDay[]; scored: HourlyDay[] } {
  return {
    fit: history.filter((entry) => entry.day < origin),
    scored: history.filter((entry) => entry.day > origin && entry.day <= origin + HORIZON_DAYS),
  };
}

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

class ErrorSum {
  model = 0;
  baseline = 0;
  count = 0;
  add(model: number, baseline: number): void {
    this.model += model;
    this.baseline += baseline;
    this.count++;
  }
  score(): HorizonScore {
    return {
      mae_minutes: round(this.count > 0 ? this.model / this.count : Number.NaN, 2),
      baseline_mae_minutes: round(this.count > 0 ? this.baseline / this.count : Number.NaN, 2),
    };
  }
}

interface FittedOrigin {
  readonly origin: number;
  /** What the models were shown. */
  readonly fit: HourlyDay[];
  readonly scored: HourlyDay[];
  readonly model: WaitModel;
  /** The park's models at this origin (for the nowcast) and this ride's place among them. */
  readonly park: ParkWaitModels;
  readonly ride: number;
  /** Each park ride's scored days by day number, in the park models' order. */
  readonly parkDays: readonly ReadonlyMap<number, HourlyDay>[];
  /** The crowd level range's multipliers from the index's errors at the fit's calibration, when enough. */
  readonly levelRange: { lower: number; upper: number } | undefined;
  /** The baseline: typical waits over every day before the origin. */
  readonly baseline: TypicalWaits;
}

/** A day's readings before `cutHour` only. */
function morningOf(entry: HourlyDay | undefined, cutHour: number): HourlyDay | undefined {
  if (!entry) return undefined;
  const means = entry.means.slice();
  const counts = entry.counts.slice();
  means.fill(Number.NaN, cutHour);
  counts.fill(0, cutHour);
  return { day: entry.day, means, counts };
}

function scoreNowcast(fitted: readonly FittedOrigin[], cutHour: number): NowcastScore {
  const sum = new ErrorSum();
  let inside = 0;
  for (const { scored, model, park, ride, parkDays } of fitted) {
    for (const entry of scored) {
      const readings = parkDays.map((days) => morningOf(days.get(entry.day), cutHour));
      const nowcast = park.nowcast(entry.day, { readings, cutHour })[ride];
      if (!nowcast) continue;
      for (let hour = cutHour + 1; hour <= LAST_HOUR; hour++) {
        if ((entry.counts[hour] ?? 0) < 2) continue;
        const actual = entry.means[hour] ?? Number.NaN;
        const forecast = model.forecast(entry.day, hour);
        const now = nowcast(hour);
        if (forecast === null || now === null || Number.isNaN(actual)) continue;
        sum.add(Math.abs(now.predicted - actual), Math.abs(forecast.predicted - actual));
        if (actual >= now.lower && actual <= now.upper) inside++;
      }
    }
  }
  const { mae_minutes, baseline_mae_minutes } = sum.score();
  return {
    hours_scored: sum.count,
    mae_minutes,
    forecast_mae_minutes: baseline_mae_minutes,
    coverage_80: round(sum.count > 0 ? inside / sum.count : Number.NaN, 3),
  };
}

/** The ratio of `actual` to `forecast` summed over `hours` (1 without a pair). */
function levelRatio(pairs: readonly (readonly [number, number])[]): number {
  let actual = 0;
  let forecast = 0;
  for (const [a, f] of pairs) {
    actual += a;
    forecast += f;
  }
  return pairs.length > 0 ? (actual + NOWCAST_OFFSET) / (forecast + NOWCAST_OFFSET) : 1;
}

/** A prediction scaled by a ratio of sums (`levelRatio`), the offset taken as there. */
const scale = (predicted: number, ratio: number) =>
  Math.max(0, (predicted + NOWCAST_OFFSET) * ratio - NOWCAST_OFFSET);

/** The powers of the hindsight scalings, each on the whole morning's and on its last hours' ratio. */
const SCALING_POWERS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];
/** The last hours before the cut the second morning ratio reads. */
const MORNING_TAIL_HOURS = 2;

function boundNowcast(fitted: readonly FittedOrigin[], cutHour: number): NowcastBound {
  let count = 0;
  let forecastError = 0;
  let dayLevelError = 0;
  let squareRootError = 0;
  // One row of errors per morning ratio (whole morning, its last hours), one column per power.
  const scalingErrors = [SCALING_POWERS.map(() => 0), SCALING_POWERS.map(() => 0)];
  for (const { scored, model } of fitted) {
    for (const entry of scored) {
      const morning: (readonly [number, number])[] = [];
      const lastHours: (readonly [number, number])[] = [];
      const rest: (readonly [number, number])[] = [];
      for (let hour = FIRST_HOUR; hour <= LAST_HOUR; hour++) {
        const actual = entry.means[hour] ?? Number.NaN;
        const forecast = model.forecast(entry.day, hour);
        if (forecast === null || Number.isNaN(actual)) continue;
        const pair = [actual, forecast.predicted] as const;
        if (hour < cutHour && (entry.counts[hour] ?? 0) > 0) {
          morning.push(pair);
          if (hour >= cutHour - MORNING_TAIL_HOURS) lastHours.push(pair);
        }
        if (hour > cutHour && (entry.counts[hour] ?? 0) >= 2) rest.push(pair);
      }
      const dayLevel = levelRatio(rest);
      const ratios = [levelRatio(morning), levelRatio(lastHours)];
      for (const [actual, forecast] of rest) {
        count++;
        forecastError += Math.abs(forecast - actual);
        dayLevelError += Math.abs(scale(forecast, dayLevel) - actual);
        squareRootError += Math.abs(scale(forecast, Math.sqrt(ratios[0] ?? 1)) - actual);
        scalingErrors.forEach((errors, which) => {
          SCALING_POWERS.forEach((power, p) => {
            errors[p] = (errors[p] ?? 0) + Math.abs(scale(forecast, (ratios[which] ?? 1) ** power) - actual);
          });
        });
      }
    }
  }
  const mean = (sum: number) => round(count > 0 ? sum / count : Number.NaN, 2);
  return {
    hours_scored: count,
    forecast_mae_minutes: mean(forecastError),
    day_level_mae_minutes: mean(dayLevelError),
    square_root_mae_minutes: mean(squareRootError),
    best_scaling_mae_minutes: mean(Math.min(...scalingErrors.flat())),
  };
}

/** One scored hour: the mean posted wait, the forecast's and the typical baseline's. */
interface ScoredHour {
  readonly actual: number;
  readonly forecast: HourForecast;
  readonly baseline: number;
}

/**
 * The hours of a scored day that count (2 readings or more, a forecast and a baseline): the same
 * hours for the scores and for their yardsticks.
 */
function scoredHours(model: WaitModel, entry: HourlyDay, typical: TypicalWaits): ScoredHour[] {
  const hours: ScoredHour[] = [];
  for (let hour = FIRST_HOUR; hour <= LAST_HOUR; hour++) {
    if ((entry.counts[hour] ?? 0) < 2) continue;
    const actual = entry.means[hour] ?? Number.NaN;
    const baseline = typical.means[weekdayOf(entry.day) * 24 + hour] ?? Number.NaN;
    const forecast = model.forecast(entry.day, hour);
    // An hour never observed before the origin has no baseline either: nothing to compare.
    if (forecast === null || Number.isNaN(baseline) || Number.isNaN(actual)) continue;
    hours.push({ actual, forecast, baseline });
  }
  return hours;
}

function boundWaits(fitted: readonly FittedOrigin[]): WaitBound {
  let count = 0;
  let typicalMonth = 0;
  let month = 0;
  let day = 0;
  for (const { scored, model, baseline: typical } of fitted) {
    const days = scored.map((entry) => scoredHours(model, entry, typical));
    const all = days.flat();
    const monthOfTypical = levelRatio(all.map(({ actual, baseline }) => [actual, baseline] as const));
    const monthOfForecast = levelRatio(
      all.map(({ actual, forecast }) => [actual, forecast.predicted] as const),
    );
    for (const hours of days) {
      const dayOfForecast = levelRatio(
        hours.map(({ actual, forecast }) => [actual, forecast.predicted] as const),
      );
      for (const { actual, forecast, baseline } of hours) {
        count++;
        typicalMonth += Math.abs(scale(baseline, monthOfTypical) - actual);
        month += Math.abs(scale(forecast.predicted, monthOfForecast) - actual);
        day += Math.abs(scale(forecast.predicted, dayOfForecast) - actual);
      }
    }
  }
  const mean = (sum: number) => round(count > 0 ? sum / count : Number.NaN, 2);
  return {
    hours_scored: count,
    typical_month_level_mae_minutes: mean(typicalMonth),
    month_level_mae_minutes: mean(month),
    day_level_mae_minutes: mean(day),
  };
}

function scoreAttraction(
  attraction: BacktestAttraction,
  fitted: readonly FittedOrigin[],
  nowcastBound: boolean,
  waitBound: boolean,
): AttractionScore {
  const total = new ErrorSum();
  const byHorizon = HORIZON_BANDS.map(() => new ErrorSum());
  let inside = 0;
  let width = 0;
  for (const { origin, scored, model, baseline: typical } of fitted) {
    for (const entry of scored) {
      const horizon = entry.day - origin;
      for (const { actual, forecast, baseline } of scoredHours(model, entry, typical)) {
        const modelError = Math.abs(forecast.predicted - actual);
        const baselineError = Math.abs(baseline - actual);
        total.add(modelError, baselineError);
        byHorizon[horizonBandOf(horizon)]?.add(modelError, baselineError);
        if (actual >= forecast.lower && actual <= forecast.upper) inside++;
        width += forecast.upper - forecast.lower;
      }
    }
  }
  const overall = total.score();
  return {
    attraction: attraction.attraction,
    park: attraction.park,
    hours_scored: total.count,
    mae_minutes: overall.mae_minutes,
    baseline_mae_minutes: overall.baseline_mae_minutes,
    coverage_80: round(total.count > 0 ? inside / total.count : Number.NaN, 3),
    band_width_80_minutes: round(total.count > 0 ? width / total.count : Number.NaN, 1),
    by_horizon: Object.fromEntries(
      HORIZON_BANDS.map((band, i) => [band.label, byHorizon[i]?.score() ?? new ErrorSum().score()]),
    ),
    nowcast: {
      '11:00': scoreNowcast(fitted, NOWCAST_CUTS['11:00']),
      '13:00': scoreNowcast(fitted, NOWCAST_CUTS['13:00']),
    },
    ...(nowcastBound
      ? {
          nowcast_bounds: {
            '11:00': boundNowcast(fitted, NOWCAST_CUTS['11:00']),
            '13:00': boundNowcast(fitted, NOWCAST_CUTS['13:00']),
          },
        }
      : {}),
    ...(waitBound ? { wait_bounds: boundWaits(fitted) } : {}),
  };
}

/**
 * Not a forecast: an oracle told the actual index of the three days either side of the scored day
 * (geometric mean): what knowing the surrounding days' actual crowds gives on this data, a yardstick
 * for the forecast's day-to-day noise. Shown with `--crowd-bound`; never part of the scored figures.
 */
const NEIGHBOUR_DAYS = 3;
const neighbourOracle: CrowdForecast = (day, actual) => {
  let logSum = 0;
  let count = 0;
  for (let other = day - NEIGHBOUR_DAYS; other <= day + NEIGHBOUR_DAYS; other++) {
    const index = actual.get(other);
    if (other === day || index === undefined || !(index > 0)) continue;
    logSum += Math.log(index);
    count++;
  }
  return count > 0 ? Math.exp(logSum / count) : Number.NaN;
};

/**
 * Not a forecast: the models' own forecast, scaled by how far the scored days after its origin ran
 * above or below it on average (geometric mean of actual ÷ forecast index, in hindsight): what the
 * forecast reaches once the level of the month ahead is known and only the day-to-day pattern is
 * its own. Shown with `--crowd-bound`; never part of the scored figures. Each origin hands the
 * forecast a map of its own scored days, so the month's factor is worked out once per map.
 */
const monthFactors = new WeakMap<ReadonlyMap<number, number>, number>();
const monthLevelOracle: CrowdForecast = (day, actual, rides) => {
  let factor = monthFactors.get(actual);
  if (factor === undefined) {
    let logSum = 0;
    let count = 0;
    for (const [other, index] of actual) {
      const forecast = predictedIndex(rides, other);
      if (!(index > 0) || !(forecast > 0)) continue;
      logSum += Math.log(index / forecast);
      count++;
    }
    factor = count > 0 ? Math.exp(logSum / count) : Number.NaN;
    monthFactors.set(actual, factor);
  }
  return predictedIndex(rides, day) * factor;
};

/**
 * A park's origins in order, each with the rides fitted there (one of them to reach the park's
 * models through) and the crowd scoring's frame (typical middays, scale, actual index).
 */
function* parkOrigins(rides: readonly { fitted: Map<number, FittedOrigin> }[]): Generator<{
  origin: number;
  fits: FittedOrigin[];
  first: FittedOrigin;
  frame: CrowdOriginFrame;
}> {
  const origins = [...new Set(rides.flatMap(({ fitted }) => [...fitted.keys()]))].sort((a, b) => a - b);
  for (const origin of origins) {
    const fits = rides.flatMap(({ fitted }) => fitted.get(origin) ?? []);
    const [first] = fits;
    if (!first) continue;
    const frame = crowdOriginFrame(
      fits.map(({ fit }) => fit),
      fits.map(({ scored }) => scored),
      origin,
      HORIZON_DAYS,
    );
    yield { origin, fits, first, frame };
  }
}

/** How often the served crowd level range held the level each scored day reached, and its width. */
function scoreLevelRange(rides: readonly { fitted: Map<number, FittedOrigin> }[]): {
  crowd_range_coverage: number;
  crowd_range_width_levels: number;
} {
  let days = 0;
  let held = 0;
  let width = 0;
  for (const { origin, fits, first, frame } of parkOrigins(rides)) {
    const { middays, scale, actual } = frame;
    const models = fits.map(({ model }) => model);
    for (const [day, index] of actual) {
      const forecast = predictedIndex(
        models.map((model, k) => ({ predict: model.predict, typicalMidday: middays[k] ?? Number.NaN })),
        day,
      );
      if (!(forecast > 0)) continue;
      const { low, high } = crowdLevelRange(
        forecast,
        forecastIndexRange(forecast, first.levelRange, models, day - origin),
        scale,
      );
      const level = crowdLevel(index, scale);
      days++;
      if (level >= low && level <= high) held++;
      width += high - low;
    }
  }
  return {
    crowd_range_coverage: round(days > 0 ? held / days : Number.NaN, 3),
    crowd_range_width_levels: round(days > 0 ? width / days : Number.NaN, 2),
  };
}

/** Today's level at each cut (`TodayLevelScore`), over the park's origins and their scored days. */
function scoreTodayLevels(
  rides: readonly { fitted: Map<number, FittedOrigin> }[],
): Record<keyof typeof NOWCAST_CUTS, TodayLevelScore> {
  const tallies = (Object.entries(NOWCAST_CUTS) as [keyof typeof NOWCAST_CUTS, number][]).map(
    ([label, cutHour]) => ({
      label,
      cutHour,
      days: 0,
      served: 0,
      forecast: 0,
      morning: 0,
      held: 0,
      width: 0,
    }),
  );
  for (const { fits, first, frame } of parkOrigins(rides)) {
    const { middays, scale, actual } = frame;
    for (const [day, index] of actual) {
      const level = crowdLevel(index, scale);
      const weekday = weekdayOf(day) * 24;
      const forecast = predictedIndex(
        fits.map(({ model }, k) => ({ predict: model.predict, typicalMidday: middays[k] ?? Number.NaN })),
        day,
      );
      for (const tally of tallies) {
        const { cutHour } = tally;
        const readings = first.parkDays.map((days) => morningOf(days.get(day), cutHour));
        if (fits.every(({ ride }) => readings[ride] === undefined)) continue;
        const nowcasts = first.park.nowcast(day, { readings, cutHour });
        const served = expectedTodayRange(
          fits.map(({ ride }, k) => ({
            readings: readings[ride],
            forecast: (hour: number) => nowcasts[ride]?.(hour) ?? null,
            typicalMidday: middays[k] ?? Number.NaN,
          })),
        );
        const morning = indexSoFar(
          fits.map(({ ride, model }, k) => ({
            readings: readings[ride],
            typical: (hour: number) => model.typical.means[weekday + hour] ?? Number.NaN,
            typicalMidday: middays[k] ?? Number.NaN,
          })),
        );
        if (!(served.index > 0 && forecast > 0 && morning > 0)) continue;
        const hit = (value: number) => (Math.abs(crowdLevel(value, scale) - level) <= 1 ? 1 : 0);
        const { low, high } = crowdLevelRange(served.index, served, scale);
        tally.days++;
        tally.served += hit(served.index);
        tally.forecast += hit(forecast);
        tally.morning += hit(morning);
        if (level >= low && level <= high) tally.held++;
        tally.width += high - low;
      }
    }
  }
  const share = (hits: number, days: number) => round(days > 0 ? hits / days : Number.NaN, 3);
  return Object.fromEntries(
    tallies.map(({ label, days, served, forecast, morning, held, width }) => [
      label,
      {
        days_scored: days,
        within_1: share(served, days),
        forecast_within_1: share(forecast, days),
        morning_within_1: share(morning, days),
        range_coverage: share(held, days),
        range_width_levels: round(days > 0 ? width / days : Number.NaN, 2),
      },
    ]),
  ) as Record<keyof typeof NOWCAST_CUTS, TodayLevelScore>;
}

/** The park's crowd levels at its rolling origins, each from the rides fitted there. */
function scorePark(
  park: string,
  rides: readonly { attraction: BacktestAttraction; fitted: Map<number, FittedOrigin> }[],
  forecast: CrowdForecast = modelCrowdForecast,
): ParkScore {
  const lastDay = Math.max(...rides.map(({ attraction }) => attraction.history.at(-1)?.day ?? 0));
  const score = scoreCrowdLevels(
    rollingOrigins(lastDay),
    (origin) => {
      const fits = rides.flatMap(({ fitted }) => fitted.get(origin) ?? []);
      if (fits.length === 0) return undefined;
      return {
        fits: fits.map(({ fit }) => fit),
        scored: fits.map(({ scored }) => scored),
        predict: fits.map(({ model }) => model.predict),
      };
    },
    HORIZON_DAYS,
    forecast,
  );
  return {
    park,
    days_scored: score.days,
    crowd_mae_levels: round(score.maeLevels, 2),
    crowd_within_1: round(score.within1, 3),
    crowd_within_2: round(score.within2, 3),
  };
}

export interface BacktestProgress {
  (attraction: string, index: number, total: number): void;
}

export interface BacktestOptions {
  readonly model?: CombinedModelOptions;
  readonly onAttraction?: BacktestProgress;
  /**
   * Also score the crowd levels' yardsticks: the neighbour oracle (`crowd_bounds`, day-to-day noise)
   * and the forecast told the month's level (`crowd_level_bounds`).
   */
  readonly crowdBound?: boolean;
  /** Also score the nowcast's yardsticks (`nowcast_bounds` per attraction). */
  readonly nowcastBound?: boolean;
  /** Also score the wait forecast's hindsight yardsticks (`wait_bounds` per attraction). */
  readonly waitBound?: boolean;
  /** Also score the estimated actual wait's hindsight yardsticks (`actual_wait_bounds`). */
  readonly actualBound?: boolean;
  /** The last day of the scored window (a day number); each file's last day when absent. */
  readonly until?: number;
  /** Days before each origin the models are shown (all of them when absent): a cold start. */
  readonly historyDays?: number;
  /** Each park's calendar (what was published in advance of each day), by park name. */
  readonly calendars?: ReadonlyMap<string, ParkCalendar>;
}

export function runBacktest(
  attractions: readonly BacktestAttraction[],
  {
    model: options = DEFAULT_COMBINED_OPTIONS,
    onAttraction,
    crowdBound = false,
    nowcastBound = false,
    waitBound = false,
    actualBound = false,
    until,
    historyDays,
    calendars,
  }: BacktestOptions = {},
): BacktestResult {
  const byPark = new Map<string, { attraction: BacktestAttraction; fitted: Map<number, FittedOrigin> }[]>();
  for (const given of attractions) {
    const attraction =
      until === undefined
        ? given
        : { ...given, history: given.history.filter((entry) => entry.day <= until) };
    const list = byPark.get(attraction.park) ?? [];
    list.push({ attraction, fitted: new Map() });
    byPark.set(attraction.park, list);
  }
  // A park's rides are fitted together at each origin; each ride's own origins still come from its
  // own file, and every fit sees only days before them.
  let done = 0;
  for (const [parkName, rides] of byPark) {
    const calendar = calendars?.get(parkName);
    const origins = new Set<number>();
    for (const { attraction } of rides) {
      const lastDay = attraction.history.at(-1)?.day;
      if (lastDay !== undefined) for (const origin of rollingOrigins(lastDay)) origins.add(origin);
    }
    for (const ride of rides) onAttraction?.(ride.attraction.attraction, done++, attractions.length);
    for (const origin of [...origins].sort((a, b) => a - b)) {
      const splits = rides.map(({ attraction }) => splitAt(attraction.history, origin));
      const shown = splits.map(({ fit }) =>
        historyDays === undefined ? fit : fit.filter((entry) => entry.day >= origin - historyDays),
      );
      // The service's own accuracy meter rides along the calibration: its index errors make the
      // crowd level's range, as served.
      const meter = new AccuracyMeter(shown);
      const park = runSteps(parkWaitModelsSteps(shown, origin, calendar, options, meter));
      const { accuracy, indexRatios } = meter.result();
      const range = levelRange(indexRatios, accuracy.origins);
      const parkDays = splits.map(({ scored }) => new Map(scored.map((entry) => [entry.day, entry])));
      rides.forEach(({ attraction, fitted }, ride) => {
        const lastDay = attraction.history.at(-1)?.day;
        const split = splits[ride];
        const model = park.rides[ride];
        const fit = shown[ride];
        if (lastDay === undefined || !split || !model || !fit || fit.length === 0) return;
        if (!rollingOrigins(lastDay).includes(origin)) return;
        fitted.set(origin, {
          origin,
          fit,
          scored: split.scored,
          model,
          park,
          ride,
          parkDays,
          levelRange: range,
          baseline: typicalWaits(split.fit, origin),
        });
      });
    }
  }
  const scores = [...byPark.values()].flatMap((rides) =>
    rides.map(({ attraction, fitted }) =>
      scoreAttraction(attraction, [...fitted.values()], nowcastBound, waitBound),
    ),
  );
  const order = new Map(attractions.map((attraction, index) => [attraction.attraction, index]));
  scores.sort((a, b) => (order.get(a.attraction) ?? 0) - (order.get(b.attraction) ?? 0));
  const sortedParks = [...byPark.entries()].sort((a, b) => a[0].localeCompare(b[0]));
  const parks = sortedParks.map(([park, rides]) => ({
    ...scorePark(park, rides),
    today: scoreTodayLevels(rides),
    ...scoreLevelRange(rides),
  }));
  const result: BacktestResult = {
    origins: ORIGIN_COUNT,
    horizon_days: HORIZON_DAYS,
    attractions: scores,
    parks,
    actual_waits: backtestActualWaits(attractions, until),
  };
  const window = actualBound ? backtestWindow(attractions, until) : undefined;
  return {
    ...result,
    ...(crowdBound
      ? {
          crowd_bounds: sortedParks.map(([park, rides]) => scorePark(park, rides, neighbourOracle)),
          crowd_level_bounds: sortedParks.map(([park, rides]) => scorePark(park, rides, monthLevelOracle)),
        }
      : {}),
    ...(window ? { actual_wait_bounds: boundActualWaits(attractions, window) } : {}),
  };
}

/** Pooled over every scored hour of every attraction: weighted by hours scored. */
export function pooled(result: BacktestResult): {
  mae: number;
  baseline: number;
  gain: number;
  byHorizon: Record<string, number>;
  nowcast: Record<string, number>;
} {
  let hours = 0;
  let mae = 0;
  let baseline = 0;
  // A file with no recorded day in the window (a ride that opened later) scores no hour.
  const scored = result.attractions.filter((score) => score.hours_scored > 0);
  for (const score of scored) {
    hours += score.hours_scored;
    mae += score.mae_minutes * score.hours_scored;
    baseline += score.baseline_mae_minutes * score.hours_scored;
  }
  const byHorizon: Record<string, number> = {};
  for (const band of HORIZON_BANDS) {
    let m = 0;
    let b = 0;
    for (const score of scored) {
      const h = score.by_horizon[band.label];
      if (!h || Number.isNaN(h.mae_minutes)) continue;
      m += h.mae_minutes;
      b += h.baseline_mae_minutes;
    }
    byHorizon[band.label] = b > 0 ? 1 - m / b : Number.NaN;
  }
  const nowcast: Record<string, number> = {};
  for (const cut of Object.keys(NOWCAST_CUTS) as (keyof typeof NOWCAST_CUTS)[]) {
    let now = 0;
    let without = 0;
    for (const score of result.attractions) {
      const { hours_scored: count, mae_minutes: m, forecast_mae_minutes: f } = score.nowcast[cut];
      if (count === 0 || Number.isNaN(m) || Number.isNaN(f)) continue;
      now += m * count;
      without += f * count;
    }
    nowcast[cut] = without > 0 ? 1 - now / without : Number.NaN;
  }
  return { mae: mae / hours, baseline: baseline / hours, gain: 1 - mae / baseline, byHorizon, nowcast };
}

/** Whether a day with its midday readings counts for the crowd index (exported for tests). */
export const hasMidday = (entry: HourlyDay) => !Number.isNaN(middayMean(entry));
