/**
 * Fits the estimated actual wait (`actual-wait.ts`) to waits timed by guests in line (data:
 * TouringPlans.com), for the committed parameters (`scripts/fit-actual-waits.ts`) and the backtest
 * (`src/backtest/actual-waits.ts`) alike:
 *
 * - Pairing: each timed reading goes with the latest posted reading of the same attraction at most
 *   20 minutes before it (or at the same moment); a timed reading with none is left out.
 * - Per attraction: a median regression (iteratively reweighted least absolute deviations, robust
 *   to the timed waits far above any posted one) of log(actual + 5) on log(posted + 5) and the
 *   evening and morning hours, each reading weighted by its age (half-life 365 days, as operations
 *   and the posting habit drift), then shrunk toward its kind's fit by 300 readings' worth.
 * - The 80% range: the 10th and 90th percentiles of the attraction's own log errors, weighted with
 *   a half-life of 180 days (the spread of timed waits drifts faster than their level).
 * - Per kind: the same fit over every reading of the kind's attractions, so its range also spans
 *   the differences between rides; a kind without readings (headliners here) takes the fit over
 *   every attraction. An attraction with fewer than 100 readings takes its kind's parameters.
 *
 * Nothing at or after `asOf` is read: the fit sees only readings of days before it.
 *
 * Pure: no clock, no I/O.
 */
import { RIDE_KINDS, type RideKind } from '../catalog/ride-kind.js';
import { solveLinear } from './linear-solve.js';
import { weightedQuantile } from './stats.js';
import {
  FEATURES,
  LOG_OFFSET_MINUTES,
  actualWaitFeatures,
  parkDayHour,
  type ActualWaitParameters,
} from './actual-wait.js';

/** The pairing rule: a posted reading at most this long before the timed one. */
export const PAIRING_WINDOW_MINUTES = 20;
/**
 * The longest timed wait taken as a guest's: longer than any posted wait of the recorded years (300
 * minutes). Guests' timings hold a few slips: 90,387 minutes, or 658 minutes at 9:04 in the morning.
 */
export const LONGEST_TIMED_WAIT_MINUTES = 360;

export interface ActualWaitFitOptions {
  /** Half-life of a reading's weight in the regression, days. */
  readonly levelHalfLifeDays: number;
  /** Half-life of a reading's weight in the 80% range, days. */
  readonly spreadHalfLifeDays: number;
  /** How many readings' worth the kind's fit counts for in an attraction's parameters. */
  readonly kindPriorReadings: number;
  /** Fewer readings than this: the attraction takes its kind's parameters. */
  readonly minReadings: number;
}

export const DEFAULT_ACTUAL_WAIT_FIT: ActualWaitFitOptions = {
  levelHalfLifeDays: 365,
  spreadHalfLifeDays: 180,
  kindPriorReadings: 300,
  minReadings: 100,
};

/** One reading of a wait: posted or timed. */
export interface WaitReading {
  /** Park day number (days since 1970-01-01 of the park's calendar). */
  readonly day: number;
  /** Local clock time, minutes since 1970-01-01 (a reading after midnight is past its park day's 1440). */
  readonly minute: number;
  readonly minutes: number;
}

/** A timed wait with the posted wait it was paired with. */
export interface TimedWait {
  readonly day: number;
  /** Local clock hour with its fraction, past 24 after midnight (`parkDayHour`). */
  readonly hour: number;
  readonly posted: number;
  readonly actual: number;
}

const byMinute = (a: WaitReading, b: WaitReading) => a.minute - b.minute;

/**
 * Each timed reading of a plausible length (`LONGEST_TIMED_WAIT_MINUTES`) with the latest posted
 * reading at most 20 minutes before it; unpaired ones are left out.
 */
export function pairTimedWaits(posted: readonly WaitReading[], timed: readonly WaitReading[]): TimedWait[] {
  const postedSorted = [...posted].sort(byMinute);
  const pairs: TimedWait[] = [];
  let next = 0;
  for (const reading of [...timed].sort(byMinute)) {
    if (!(reading.minutes >= 0 && reading.minutes <= LONGEST_TIMED_WAIT_MINUTES)) continue;
    while (next < postedSorted.length && (postedSorted[next]?.minute ?? Infinity) <= reading.minute) next++;
    const latest = postedSorted[next - 1];
    if (!latest || reading.minute - latest.minute > PAIRING_WINDOW_MINUTES) continue;
    pairs.push({
      day: reading.day,
      // From the clock, not the park day: a few recorded stamps sit on another date than their day.
      hour: parkDayHour((((reading.minute % 1440) + 1440) % 1440) / 60),
      posted: latest.minutes,
      actual: reading.minutes,
    });
  }
  return pairs;
}

const ageWeight = (day: number, asOf: number, halfLife: number) => 0.5 ** ((asOf - day) / halfLife);

/** Rows of features and targets, with their weights. */
interface Design {
  readonly rows: number;
  /** Columns of `x`, the intercept's included. */
  readonly features: number;
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly w: Float64Array;
}

function design(waits: readonly TimedWait[], asOf: number, halfLife: number): Design {
  const rows = waits.length;
  const x = new Float64Array(rows * FEATURES);
  const y = new Float64Array(rows);
  const w = new Float64Array(rows);
  waits.forEach((wait, row) => {
    x.set(actualWaitFeatures(wait.posted, wait.hour), row * FEATURES);
    y[row] = Math.log(Math.max(0, wait.actual) + LOG_OFFSET_MINUTES);
    w[row] = ageWeight(wait.day, asOf, halfLife);
  });
  return { rows, features: FEATURES, x, y, w };
}

function weightedLeastSquares(data: Design, weights: Float64Array): Float64Array {
  const n = data.features;
  const a = new Float64Array(n * n);
  const b = new Float64Array(n);
  for (let row = 0; row < data.rows; row++) {
    const weight = weights[row] ?? 0;
    if (weight === 0) continue;
    const offset = row * n;
    for (let i = 0; i < n; i++) {
      const xi = (data.x[offset + i] ?? 0) * weight;
      b[i] = (b[i] ?? 0) + xi * (data.y[row] ?? 0);
      for (let j = i; j < n; j++) a[i * n + j] = (a[i * n + j] ?? 0) + xi * (data.x[offset + j] ?? 0);
    }
  }
  for (let i = 0; i < n; i++) {
    // A feature no reading has (no evening readings, say) keeps a zero coefficient.
    a[i * n + i] = (a[i * n + i] ?? 0) + 1e-9;
    for (let j = 0; j < i; j++) a[i * n + j] = a[j * n + i] ?? 0;
  }
  return solveLinear(a, b, n);
}

function predict(data: Design, row: number, coefficients: Float64Array): number {
  let sum = 0;
  const n = data.features;
  for (let i = 0; i < n; i++) sum += (data.x[row * n + i] ?? 0) * (coefficients[i] ?? 0);
  return sum;
}

const IRLS_ROUNDS = 60;
/** Residuals smaller than this count as this (keeps the reweighting finite). */
const IRLS_FLOOR = 1e-3;

/** Weighted median regression by iteratively reweighted least squares. */
function medianRegression(data: Design): Float64Array {
  let coefficients = weightedLeastSquares(data, data.w);
  const weights = new Float64Array(data.rows);
  for (let round = 0; round < IRLS_ROUNDS; round++) {
    for (let row = 0; row < data.rows; row++) {
      const residual = Math.abs((data.y[row] ?? 0) - predict(data, row, coefficients));
      weights[row] = (data.w[row] ?? 0) / Math.max(residual, IRLS_FLOOR);
    }
    const next = weightedLeastSquares(data, weights);
    let change = 0;
    for (let i = 0; i < data.features; i++)
      change = Math.max(change, Math.abs((next[i] ?? 0) - (coefficients[i] ?? 0)));
    coefficients = next;
    if (change < 1e-7) break;
  }
  return coefficients;
}

/**
 * Each row's fitted value from a median regression of `targets` on `rows` (each row's columns, the
 * intercept's included), every row weighted alike: the fit's method for other inputs (the
 * backtest's hindsight yardsticks).
 */
export function fittedByMedianRegression(
  rows: readonly (readonly number[])[],
  targets: readonly number[],
): Float64Array {
  const features = rows[0]?.length ?? 0;
  const data: Design = {
    rows: rows.length,
    features,
    x: Float64Array.from(rows.flat()),
    y: Float64Array.from(targets),
    w: new Float64Array(rows.length).fill(1),
  };
  const coefficients = medianRegression(data);
  return Float64Array.from(rows, (_, row) => predict(data, row, coefficients));
}

function toParameters(coefficients: Float64Array, low: number, high: number): ActualWaitParameters {
  return {
    intercept: coefficients[0] ?? 0,
    slope: coefficients[1] ?? 0,
    evening: coefficients[2] ?? 0,
    morning: coefficients[3] ?? 0,
    low,
    high,
  };
}

function coefficientsOf(parameters: ActualWaitParameters): Float64Array {
  return Float64Array.from([parameters.intercept, parameters.slope, parameters.evening, parameters.morning]);
}

/**
 * One set of parameters from timed waits of days before `asOf`, shrunk toward `prior` (the kind's
 * parameters) by `kindPriorReadings` readings' worth when given. Undefined without any reading.
 */
export function fitActualWaitParameters(
  waits: readonly TimedWait[],
  asOf: number,
  prior?: ActualWaitParameters,
  options: ActualWaitFitOptions = DEFAULT_ACTUAL_WAIT_FIT,
): ActualWaitParameters | undefined {
  const seen = waits.filter((wait) => wait.day < asOf);
  if (seen.length === 0) return undefined;
  const data = design(seen, asOf, options.levelHalfLifeDays);
  const coefficients = medianRegression(data);
  if (prior) {
    let effective = 0;
    for (const weight of data.w) effective += weight;
    const share = effective / (effective + options.kindPriorReadings);
    const kind = coefficientsOf(prior);
    for (let i = 0; i < FEATURES; i++)
      coefficients[i] = share * (coefficients[i] ?? 0) + (1 - share) * (kind[i] ?? 0);
  }
  const residuals = new Float64Array(data.rows);
  const spreadWeights = new Float64Array(data.rows);
  seen.forEach((wait, row) => {
    residuals[row] = (data.y[row] ?? 0) - predict(data, row, coefficients);
    spreadWeights[row] = ageWeight(wait.day, asOf, options.spreadHalfLifeDays);
  });
  return toParameters(
    coefficients,
    weightedQuantile(residuals, spreadWeights, 0.1),
    weightedQuantile(residuals, spreadWeights, 0.9),
  );
}

/** One recorded attraction's timed waits and the kind of its ride. */
export interface KindedTimedWaits {
  readonly attraction: string;
  readonly kind: RideKind;
  readonly waits: readonly TimedWait[];
}

export interface FittedActualWaits {
  /** Per attraction with at least `minReadings` readings before `asOf`. */
  readonly attractions: ReadonlyMap<string, ActualWaitParameters>;
  /** Every kind: its attractions' pooled fit, or every attraction's for a kind without readings. */
  readonly kinds: Readonly<Record<RideKind, ActualWaitParameters>>;
}

/** The whole table from readings of days before `asOf`; throws when there is no reading at all. */
export function fitActualWaits(
  recorded: readonly KindedTimedWaits[],
  asOf: number,
  options: ActualWaitFitOptions = DEFAULT_ACTUAL_WAIT_FIT,
): FittedActualWaits {
  const every = fitActualWaitParameters(
    recorded.flatMap((r) => r.waits),
    asOf,
    undefined,
    options,
  );
  if (!every) throw new Error('no timed wait before the fit day: nothing to learn the actual wait from');
  const kinds = Object.fromEntries(
    RIDE_KINDS.map((kind) => [
      kind,
      fitActualWaitParameters(
        recorded.filter((r) => r.kind === kind).flatMap((r) => r.waits),
        asOf,
        undefined,
        options,
      ) ?? every,
    ]),
  ) as Record<RideKind, ActualWaitParameters>;
  const attractions = new Map<string, ActualWaitParameters>();
  for (const { attraction, kind, waits } of recorded) {
    const seen = waits.filter((wait) => wait.day < asOf);
    if (seen.length < options.minReadings) continue;
    const fitted = fitActualWaitParameters(seen, asOf, kinds[kind], options);
    if (fitted) attractions.set(attraction, fitted);
  }
  return { attractions, kinds };
}
