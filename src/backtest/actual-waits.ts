/**
 * Backtest of the estimated actual wait on waits timed by guests in line (data: TouringPlans.com).
 * The window is the wait backtest's (its first and last day); the fit (`fitActualWaits`, the one
 * the committed parameters come from) sees only readings of days before the window, and every
 * timed reading inside it is scored as the service would serve it (whole minutes) against:
 *
 * - the posted wait taken as the answer (`posted_mae_minutes`);
 * - the posted wait times the attraction's median actual-to-posted ratio before the window
 *   (`ratio_mae_minutes`), the simple correction to beat.
 *
 * `coverage_80`: the share of timed waits inside the served 80% range.
 */
import { Catalog } from '../catalog/catalog.js';
import { recordedKinds, type RecordedDescription } from '../catalog/recorded-attractions.js';
import type { RideKind } from '../catalog/ride-kind.js';
import { fitActualWaits, fittedByMedianRegression, type TimedWait } from '../models/actual-wait-fit.js';
import {
  actualWaitFeatures,
  estimateActualWait,
  LOG_OFFSET_MINUTES,
  minutesOf,
} from '../models/actual-wait.js';
import { FIRST_HOUR, LAST_HOUR, type HourlyDay } from '../models/hourly-history.js';
import { median } from '../models/stats.js';
import { round } from './scoring.js';

/** Days in the window before its last day, as the wait backtest's 365 days. */
export const ACTUAL_WAIT_WINDOW_DAYS = 365;

export interface ActualWaitScore {
  readonly attraction: string;
  readonly readings_scored: number;
  readonly mae_minutes: number;
  readonly posted_mae_minutes: number;
  readonly ratio_mae_minutes: number;
  readonly coverage_80: number;
}

export interface ActualWaitAttraction {
  readonly attraction: string;
  /** The park and names its metadata gives, for the kind of a file the recorded table lacks. */
  readonly park?: string;
  readonly names?: readonly string[];
  readonly timedWaits?: readonly TimedWait[];
}

/** An attraction as the wait backtest reads it: its recorded days give the window's end. */
export interface ActualWaitBacktestAttraction extends ActualWaitAttraction {
  readonly history: readonly { readonly day: number }[];
}

/** First and last park day scored (day numbers, both inclusive). */
export interface ActualWaitWindow {
  readonly from: number;
  readonly to: number;
}

/** The window ending at `lastDay`: the 365 days before it and the day itself. */
export function actualWaitWindow(lastDay: number): ActualWaitWindow {
  return { from: lastDay - ACTUAL_WAIT_WINDOW_DAYS, to: lastDay };
}

/** The attraction's median actual-to-posted ratio over readings before the window (posted above zero). */
export function medianRatio(waits: readonly TimedWait[], from: number): number {
  return median(waits.filter((w) => w.day < from && w.posted > 0).map((w) => w.actual / w.posted));
}

/**
 * One score per attraction with timed readings in the window, in the order given. `kindOf` is
 * given the file and what its metadata says (park and names); an attraction whose kind it does
 * not know is still scored, with the family kind's fit as its prior.
 */
export function scoreActualWaits(
  attractions: readonly ActualWaitAttraction[],
  window: ActualWaitWindow,
  kindOf: (attraction: string, described?: RecordedDescription) => RideKind | undefined = recordedKinds(
    Catalog.load(),
  ),
): ActualWaitScore[] {
  const recorded = attractions.map(({ attraction, park, names = [], timedWaits = [] }) => ({
    attraction,
    kind: kindOf(attraction, park === undefined ? undefined : { park, names }) ?? 'family',
    waits: timedWaits,
  }));
  const scoredOf = (waits: readonly TimedWait[]) =>
    waits.filter((wait) => wait.day >= window.from && wait.day <= window.to);
  if (!recorded.some(({ waits }) => scoredOf(waits).length > 0)) return [];
  // The split: the fit is handed only what came before the window. A window at the start of the
  // recordings has nothing to learn from: nothing is scored.
  const before = recorded.map((r) => ({ ...r, waits: r.waits.filter((wait) => wait.day < window.from) }));
  if (!before.some(({ waits }) => waits.length > 0)) return [];
  const fitted = fitActualWaits(before, window.from);
  const scores: ActualWaitScore[] = [];
  for (const { attraction, kind, waits } of recorded) {
    const scored = scoredOf(waits);
    if (scored.length === 0) continue;
    const parameters = fitted.attractions.get(attraction) ?? fitted.kinds[kind];
    const ratio = medianRatio(waits, window.from);
    let model = 0;
    let posted = 0;
    let ratioError = 0;
    let inside = 0;
    for (const wait of scored) {
      const estimate = estimateActualWait(parameters, wait.posted, wait.hour);
      model += Math.abs(wait.actual - estimate.minutes);
      posted += Math.abs(wait.actual - wait.posted);
      // Without readings before the window there is no ratio: the posted wait stands in.
      ratioError += Math.abs(wait.actual - (Number.isNaN(ratio) ? 1 : ratio) * wait.posted);
      if (wait.actual >= estimate.low && wait.actual <= estimate.high) inside++;
    }
    const count = scored.length;
    scores.push({
      attraction,
      readings_scored: count,
      mae_minutes: round(model / count, 2),
      posted_mae_minutes: round(posted / count, 2),
      ratio_mae_minutes: round(ratioError / count, 2),
      coverage_80: round(inside / count, 3),
    });
  }
  return scores;
}

/**
 * The whole backtest as `models backtest` reports it: the window ends at `until` (a day number)
 * when given, else at the last recorded day of any file, as the wait backtest's window does.
 */
export function backtestActualWaits(
  attractions: readonly ActualWaitBacktestAttraction[],
  until?: number,
): ActualWaitScore[] {
  const window = backtestWindow(attractions, until);
  return window ? scoreActualWaits(attractions, window) : [];
}

/** The window `backtestActualWaits` scores; undefined without any recorded day. */
export function backtestWindow(
  attractions: readonly ActualWaitBacktestAttraction[],
  until?: number,
): ActualWaitWindow | undefined {
  const lastDay =
    until ?? Math.max(...attractions.map((a) => a.history.at(-1)?.day ?? Number.NEGATIVE_INFINITY));
  return Number.isFinite(lastDay) ? actualWaitWindow(lastDay) : undefined;
}

/** Pooled over every scored reading: each attraction weighted by its readings. */
export function pooledActualWaits(scores: readonly ActualWaitScore[]): {
  readings: number;
  mae: number;
  posted: number;
  ratio: number;
  coverage: number;
} {
  let readings = 0;
  let mae = 0;
  let posted = 0;
  let ratio = 0;
  let coverage = 0;
  for (const score of scores) {
    readings += score.readings_scored;
    mae += score.mae_minutes * score.readings_scored;
    posted += score.posted_mae_minutes * score.readings_scored;
    ratio += score.ratio_mae_minutes * score.readings_scored;
    coverage += score.coverage_80 * score.readings_scored;
  }
  const per = (sum: number) => (readings > 0 ? sum / readings : Number.NaN);
  return { readings, mae: per(mae), posted: per(posted), ratio: per(ratio), coverage: per(coverage) };
}

/**
 * Yardsticks for the estimated actual wait on the same readings (not estimates: each is fitted on
 * the scored readings themselves, in hindsight): `hindsight_ratio_mae_minutes`, the window's own
 * median ratio; `hindsight_fit_mae_minutes`, the estimate's form (log posted, evening and morning
 * hours) fitted to the window; `hindsight_day_mae_minutes`, that form plus what a live estimate
 * could know at most, the day's whole posted level at the attraction against its window mean (the
 * day's crowd), two-hour blocks of the day and the curvature in the posted wait.
 */
export interface ActualWaitBound {
  readonly attraction: string;
  readonly readings_scored: number;
  readonly hindsight_ratio_mae_minutes: number;
  readonly hindsight_fit_mae_minutes: number;
  readonly hindsight_day_mae_minutes: number;
}

/** An attraction with its posted waits by day, for the day's level. */
export interface ActualWaitBoundAttraction extends ActualWaitAttraction {
  readonly history: readonly HourlyDay[];
}

/** Mean posted wait of each day in the window (hours with readings, 8:00-21:59). */
function dayMeans(history: readonly HourlyDay[], window: ActualWaitWindow): Map<number, number> {
  const means = new Map<number, number>();
  for (const entry of history) {
    if (entry.day < window.from || entry.day > window.to) continue;
    let sum = 0;
    let hours = 0;
    for (let hour = FIRST_HOUR; hour <= LAST_HOUR; hour++) {
      const mean = entry.means[hour] ?? Number.NaN;
      if ((entry.counts[hour] ?? 0) === 0 || Number.isNaN(mean)) continue;
      sum += mean;
      hours++;
    }
    if (hours > 0) means.set(entry.day, sum / hours);
  }
  return means;
}

/** Two-hour blocks from 9:00 to 22:59 (before 9:00: none of them). */
const BLOCK_STARTS = [9, 11, 13, 15, 17, 19, 21];

/** Mean absolute error in minutes of fitted log values against the readings (whole minutes served). */
function minutesError(waits: readonly TimedWait[], fitted: Float64Array): number {
  let error = 0;
  waits.forEach((wait, row) => {
    error += Math.abs(wait.actual - minutesOf(fitted[row] ?? 0));
  });
  return error / waits.length;
}

export function boundActualWaits(
  attractions: readonly ActualWaitBoundAttraction[],
  window: ActualWaitWindow,
): ActualWaitBound[] {
  const bounds: ActualWaitBound[] = [];
  for (const { attraction, timedWaits = [], history } of attractions) {
    const scored = timedWaits.filter((wait) => wait.day >= window.from && wait.day <= window.to);
    if (scored.length === 0) continue;
    const ratio = medianRatio(scored, window.to + 1);
    let ratioError = 0;
    for (const wait of scored)
      ratioError += Math.abs(wait.actual - (Number.isNaN(ratio) ? 1 : ratio) * wait.posted);
    const targets = scored.map((wait) => Math.log(Math.max(0, wait.actual) + LOG_OFFSET_MINUTES));
    const form = scored.map((wait) => actualWaitFeatures(wait.posted, wait.hour));
    const means = dayMeans(history, window);
    let total = 0;
    for (const mean of means.values()) total += mean;
    const windowMean = means.size > 0 ? total / means.size : Number.NaN;
    const day = scored.map((wait, row) => {
      const dayMean = means.get(wait.day);
      const level =
        dayMean === undefined || !(windowMean > 0) ? 0 : Math.log((dayMean + 1) / (windowMean + 1));
      const logPosted = form[row]?.[1] ?? 0;
      return [
        ...(form[row] ?? []),
        level,
        level * logPosted,
        logPosted * logPosted,
        ...BLOCK_STARTS.map((start) => (wait.hour >= start && wait.hour < start + 2 ? 1 : 0)),
      ];
    });
    bounds.push({
      attraction,
      readings_scored: scored.length,
      hindsight_ratio_mae_minutes: round(ratioError / scored.length, 2),
      hindsight_fit_mae_minutes: round(minutesError(scored, fittedByMedianRegression(form, targets)), 2),
      hindsight_day_mae_minutes: round(minutesError(scored, fittedByMedianRegression(day, targets)), 2),
    });
  }
  return bounds;
}
