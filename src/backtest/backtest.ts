/**
 * Rolling-origin backtest of the wait and crowd models on recorded waits.
 *
 * For each origin spread over the 365 days that end at `until` (or a file's last day), the models
 * are fitted on the days strictly before the origin (the split hands them nothing else; with
 * `historyDays`, only that many days before it: a cold start) and predict every hour 8:00-21:59 of
 * origin+1 … origin+30; each hour with at least two readings is scored against its mean posted
 * wait. Baseline: the typical wait (mean posted wait of that weekday and hour over all data before
 * the origin, whatever the models were shown). The calendar columns of a scored day are published
 * in advance and may be read; nothing else of it. The split is `origins.ts`.
 *
 * The attractions of one park (from the metadata; `unknown` without it) are fitted together at each
 * origin, as the service fits a park's rides. Each attraction's hours are scored in
 * `attraction-scores.ts`; with them the nowcast: each scored day again, the models given the park's
 * readings of that day before 11:00 (and 13:00) predicting the hours from one after. A park's crowd
 * levels are scored in `park-scores.ts`, as the service scores its published accuracy
 * (`scoreCrowdLevels`, on `CrowdLevelTally`). The hindsight yardsticks the flags ask for are in
 * `yardsticks.ts`. The estimated actual wait is scored on timed waits over the same 365 days
 * (`actual-waits.ts`).
 */
import { middayMean } from '../models/crowd.js';
import { levelRange, modelCrowdForecast } from '../models/crowd-accuracy.js';
import type { ParkCalendar } from '../models/calendar-features.js';
import {
  backtestActualWaits,
  backtestWindow,
  boundActualWaits,
  type ActualWaitBound,
  type ActualWaitScore,
} from './actual-waits.js';
import type { HourlyDay } from '../models/hourly-history.js';
import { HORIZON_BANDS } from '../models/horizon-bands.js';
import { typicalWaits } from '../models/typical-waits.js';
import {
  DEFAULT_COMBINED_OPTIONS,
  parkWaitModelsSteps,
  type CombinedModelOptions,
} from '../models/wait-model.js';
import { runSteps } from '../lib/steps.js';
import { AccuracyMeter } from '../services/models/accuracy.js';
import { scoreAttraction, type AttractionScore } from './attraction-scores.js';
import {
  HORIZON_DAYS,
  NOWCAST_CUTS,
  ORIGIN_COUNT,
  rollingOrigins,
  windowEnd,
  splitAt,
  type BacktestAttraction,
  type FittedOrigin,
} from './origins.js';
import { scoreLevelRange, scorePark, scoreTodayLevels, type ParkScore } from './park-scores.js';
import { monthLevelOracle, neighbourOracle } from './yardsticks.js';

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
      const lastDay = windowEnd(attraction.history, until);
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
        const lastDay = windowEnd(attraction.history, until);
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
    ...scorePark(park, rides, modelCrowdForecast, until),
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
          crowd_bounds: sortedParks.map(([park, rides]) => scorePark(park, rides, neighbourOracle, until)),
          crowd_level_bounds: sortedParks.map(([park, rides]) =>
            scorePark(park, rides, monthLevelOracle, until),
          ),
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
      m += h.mae_minutes * h.hours_scored;
      b += h.baseline_mae_minutes * h.hours_scored;
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
