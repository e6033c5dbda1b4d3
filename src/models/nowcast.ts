/**
 * Today follows today: the rest of a day's hourly predictions re-made from the waits recorded since
 * opening. For each hour after a cut, the hour's log error against the forecast is regressed on the
 * ride's and its park's morning (the last hour and the whole morning against the forecast, the last
 * hour against typical waits) and on the forecast against typical, with a constant. The regressions
 * are taught at earlier origins (cuts 10:00-15:00 of each target day) and pulled toward a prior
 * (the afternoon at the square root of the morning's ratio) with a ridge penalty, so the prior
 * answers alone while the history is short. The band is the regressions' residual spread.
 *
 * Pure: the caller hands the days, the forecasts and the morning's readings.
 */
import { FIRST_HOUR, LAST_HOUR, MIN_HOUR_READINGS, weekdayOf, type HourlyDay } from './hourly-history.js';
import { solveLinear } from './linear-solve.js';
import { meanOfFinite } from './stats.js';
import { fewDaysWidening, type HourForecast } from './wait-bands.js';
import type { TypicalWaits } from './typical-waits.js';

/** A day's readings so far, ride by ride (undefined: none), and the hour they stop before. */
export interface Morning {
  readonly readings: readonly (HourlyDay | undefined)[];
  /** Readings of hours before this one are used; predictions start at it. */
  readonly cutHour: number;
}

/** The nowcast of one ride: its hours from the cut on, following the morning. */
export type RideNowcast = (hour: number) => HourForecast | null;

/** What the nowcast reads of a ride's model. */
export interface NowcastRide {
  readonly typical: TypicalWaits;
  predict(day: number, hour: number): number;
  forecast(day: number, hour: number): HourForecast | null;
}

/** The regressions' coefficients and residual spread (log), one per gap after the cut. */
export interface NowcastCoefficients {
  readonly coefficients: readonly Float64Array[];
  /** The park's residual spread per gap. */
  readonly spread: readonly number[];
  /** Each ride's, per gap (by the rides' order in the teaching); the park's for a ride not taught. */
  readonly rideSpread: readonly (readonly number[])[];
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

/** A ride's typical wait at each hour of `day`'s weekday. */
function typicalOf(typical: TypicalWaits | undefined, day: number): (hour: number) => number {
  const base = weekdayOf(day) * 24;
  return (hour) => typical?.means[base + hour] ?? Number.NaN;
}

/**
 * A day's observed waits and their predictions (`predict` by hour), summed over its hours from
 * `fromHour` to `toHour` that have a prediction and `MIN_HOUR_READINGS`: a morning's ratio taken
 * with its lone readings (a ride's first minutes, a gap's edge) followed the afternoon less closely.
 */
export function waitSums(
  entry: HourlyDay,
  predict: (hour: number) => number,
  fromHour = FIRST_HOUR,
  toHour = LAST_HOUR,
): { observed: number; expected: number } {
  let observed = 0;
  let expected = 0;
  for (let hour = fromHour; hour <= toHour; hour++) {
    if ((entry.counts[hour] ?? 0) < MIN_HOUR_READINGS) continue;
    const predicted = predict(hour);
    if (!(predicted >= 0)) continue;
    observed += entry.means[hour] ?? 0;
    expected += predicted;
  }
  return { observed, expected };
}

/** Log ratio of summed observed to summed predicted waits, the offset taken once (NaN without a prediction). */
export function logWaitRatio(observed: number, expected: number): number {
  return expected > 0 ? Math.log((observed + NOWCAST_OFFSET) / (expected + NOWCAST_OFFSET)) : Number.NaN;
}

/** Log ratio of observed to predicted waits over a day's hours `fromHour`-`toHour` (NaN without a pair). */
function logRatio(
  entry: HourlyDay | undefined,
  predict: (hour: number) => number,
  fromHour: number,
  toHour: number,
): number {
  if (!entry) return Number.NaN;
  const { observed, expected } = waitSums(entry, predict, fromHour, toHour);
  return logWaitRatio(observed, expected);
}

/** The morning's log ratios per ride (NaN where a ride has none) and their park means (0 where unknown). */
interface MorningRatios {
  readonly last: readonly number[];
  readonly whole: readonly number[];
  readonly lastTypical: readonly number[];
  readonly park: readonly [number, number, number];
}

/** The morning's ratios; undefined when the park has no morning yet (nothing to follow). */
function morningRatios(
  readings: readonly (HourlyDay | undefined)[],
  predictors: readonly ((hour: number) => number)[],
  typicals: readonly ((hour: number) => number)[],
  cutHour: number,
): MorningRatios | undefined {
  const ratios = (predict: readonly ((hour: number) => number)[], from: number) =>
    readings.map((entry, ride) => logRatio(entry, predict[ride] ?? (() => Number.NaN), from, cutHour - 1));
  const last = ratios(predictors, cutHour - 1);
  const whole = ratios(predictors, FIRST_HOUR);
  const lastTypical = ratios(typicals, cutHour - 1);
  const meanOf = (values: readonly number[]) => {
    const mean = meanOfFinite(values);
    return Number.isNaN(mean) ? 0 : mean;
  };
  // A park with no morning yet has nothing to follow: its forecast stands.
  if (whole.every((value) => Number.isNaN(value))) return undefined;
  return { last, whole, lastTypical, park: [meanOf(last), meanOf(whole), meanOf(lastTypical)] };
}

/**
 * Writes a ride's morning inputs into `inputs` (the hour's own input, at 6, is left to the caller):
 * a ride without its own morning follows the park's.
 */
function fillMorningInputs(
  inputs: Float64Array,
  { last, whole, lastTypical, park }: MorningRatios,
  ride: number,
): void {
  const own = (values: readonly number[], fallback: number) => {
    const value = values[ride] ?? Number.NaN;
    return Number.isNaN(value) ? fallback : value;
  };
  inputs[0] = own(last, park[0]);
  inputs[1] = own(whole, park[1]);
  inputs[2] = park[0];
  inputs[3] = park[1];
  inputs[4] = own(lastTypical, park[2]);
  inputs[5] = park[2];
  inputs[6] = 0;
  inputs[7] = 1;
}

/** A ride's and its park's morning: the hour-free inputs of the nowcast regressions (0 where unknown). */
function morningInputs(
  readings: readonly (HourlyDay | undefined)[],
  predictors: readonly ((hour: number) => number)[],
  typicals: readonly ((hour: number) => number)[],
  cutHour: number,
): (Float64Array | undefined)[] {
  const ratios = morningRatios(readings, predictors, typicals, cutHour);
  return readings.map((_, ride) => {
    if (!ratios) return undefined;
    const inputs = new Float64Array(NOWCAST_INPUTS);
    fillMorningInputs(inputs, ratios, ride);
    return inputs;
  });
}

/** The forecast of an hour against its typical wait (the hour's own nowcast input). */
function forecastAgainstTypical(predicted: number, typical: number): number {
  return Number.isNaN(typical) ? 0 : Math.log((predicted + NOWCAST_OFFSET) / (typical + NOWCAST_OFFSET));
}

/** Normal equations of one least-squares problem: X'X, X'y, y'y and the rows behind them. */
class NormalEquations {
  readonly xtx = new Float64Array(NOWCAST_INPUTS ** 2);
  readonly xty = new Float64Array(NOWCAST_INPUTS);
  yty = 0;
  rows = 0;

  add(inputs: Float64Array, target: number): void {
    for (let i = 0; i < NOWCAST_INPUTS; i++) {
      const xi = inputs[i] ?? 0;
      this.xty[i] = (this.xty[i] ?? 0) + xi * target;
      for (let j = 0; j < NOWCAST_INPUTS; j++)
        this.xtx[i * NOWCAST_INPUTS + j] = (this.xtx[i * NOWCAST_INPUTS + j] ?? 0) + xi * (inputs[j] ?? 0);
    }
    this.yty += target * target;
    this.rows++;
  }

  /** Adds another problem's equations to these (rows of both). */
  merge(other: NormalEquations): void {
    for (let i = 0; i < this.xtx.length; i++) this.xtx[i] = (this.xtx[i] ?? 0) + (other.xtx[i] ?? 0);
    for (let i = 0; i < this.xty.length; i++) this.xty[i] = (this.xty[i] ?? 0) + (other.xty[i] ?? 0);
    this.yty += other.yty;
    this.rows += other.rows;
  }

  /** The residual sum of squares of coefficients `beta`: y'y − 2β'X'y + β'X'Xβ. */
  residual(beta: Float64Array): number {
    const n = NOWCAST_INPUTS;
    let residual = this.yty;
    for (let i = 0; i < n; i++) {
      residual -= 2 * (beta[i] ?? 0) * (this.xty[i] ?? 0);
      for (let j = 0; j < n; j++) residual += (beta[i] ?? 0) * (this.xtx[i * n + j] ?? 0) * (beta[j] ?? 0);
    }
    return Math.max(0, residual);
  }
}

/**
 * The nowcast's regressions, one per gap after the cut, fitted over the park's rides together; each
 * ride's residual spread is its own (shrunk toward the park's by `NOWCAST_MIN_ROWS` rows), as some
 * rides' afternoons stray further from their mornings than others'.
 */
export class NowcastFit {
  /** Each ride's equations per gap; the park's are their sum. */
  private readonly rides: NormalEquations[][] = [];

  /**
   * Teaches the regressions one target day of an earlier origin: at each teaching cut, the day's
   * recorded hours after it against the origin's predictions (`predictors`, per ride).
   */
  teach(
    day: number,
    entries: readonly (HourlyDay | undefined)[],
    predictors: readonly ((hour: number) => number)[],
    typicals: readonly (TypicalWaits | undefined)[],
  ): void {
    const dayTypicals = typicals.map((typical) => typicalOf(typical, day));
    // One ride's inputs at a time, taught before the next ride's are written (thousands a fit).
    const x = new Float64Array(NOWCAST_INPUTS);
    for (const cut of TEACHING_CUTS) {
      const ratios = morningRatios(entries, predictors, dayTypicals, cut);
      if (!ratios) continue;
      entries.forEach((entry, ride) => {
        if (!entry) return;
        fillMorningInputs(x, ratios, ride);
        for (let hour = cut + 1; hour <= LAST_HOUR; hour++) {
          if ((entry.counts[hour] ?? 0) < MIN_HOUR_READINGS) continue;
          const predicted = predictors[ride]?.(hour) ?? Number.NaN;
          if (!(predicted >= 0)) continue;
          const target = Math.log(((entry.means[hour] ?? 0) + NOWCAST_OFFSET) / (predicted + NOWCAST_OFFSET));
          x[6] = forecastAgainstTypical(predicted, dayTypicals[ride]?.(hour) ?? Number.NaN);
          this.add(ride, hour - cut, x, target);
        }
      });
    }
  }

  private add(ride: number, gap: number, inputs: Float64Array, target: number): void {
    const g = Math.min(gap, NOWCAST_GAPS) - 1;
    while (this.rides.length <= ride)
      this.rides.push(Array.from({ length: NOWCAST_GAPS }, () => new NormalEquations()));
    this.rides[ride]?.[g]?.add(inputs, target);
  }

  /**
   * Coefficients per gap, pulled toward `NOWCAST_PRIOR`: with little history (a new deployment) the
   * prior answers, with years of it the history does; and the residual spreads (log), the park's
   * per gap and each ride's. Until the history measures them, the spread is the prior's, wider
   * when the forecasts were learned from only `daysLearned` days (`fewDaysWidening`).
   */
  solve(penalty: number, daysLearned = Number.POSITIVE_INFINITY): NowcastCoefficients {
    const coefficients: Float64Array[] = [];
    const spread: number[] = [];
    const rideSpread: number[][] = this.rides.map(() => []);
    const n = NOWCAST_INPUTS;
    for (let g = 0; g < NOWCAST_GAPS; g++) {
      const park = new NormalEquations();
      for (const gaps of this.rides) {
        const own = gaps[g];
        if (own) park.merge(own);
      }
      const a = Float64Array.from(park.xtx);
      const b = Float64Array.from(park.xty);
      for (let i = 0; i < n; i++) {
        a[i * n + i] = (a[i * n + i] ?? 0) + penalty;
        b[i] = (b[i] ?? 0) + penalty * (NOWCAST_PRIOR[i] ?? 0);
      }
      const beta = solveLinear(a, b, n);
      coefficients.push(beta);
      const parkVariance =
        park.rows < NOWCAST_MIN_ROWS
          ? (NOWCAST_PRIOR_SPREAD * fewDaysWidening(daysLearned)) ** 2
          : park.residual(beta) / park.rows;
      spread.push(Math.sqrt(parkVariance));
      this.rides.forEach((gaps, ride) => {
        const own = gaps[g] ?? new NormalEquations();
        const variance =
          (own.residual(beta) + NOWCAST_MIN_ROWS * parkVariance) / (own.rows + NOWCAST_MIN_ROWS);
        rideSpread[ride]?.push(Math.sqrt(variance));
      });
    }
    return { coefficients, spread, rideSpread };
  }
}

/**
 * Each ride's predictions for `day` given the morning's readings: the forecast before the cut and
 * where the park has no morning yet, the regressions' answer with its band from the cut on.
 */
export function nowcastDay(
  rides: readonly NowcastRide[],
  { coefficients, spread, rideSpread }: NowcastCoefficients,
  day: number,
  { readings, cutHour }: Morning,
): RideNowcast[] {
  const dayPredictors = rides.map((model) => (hour: number) => model.predict(day, hour));
  const dayTypicals = rides.map((model) => typicalOf(model.typical, day));
  const inputs = morningInputs(readings, dayPredictors, dayTypicals, cutHour);
  return rides.map((model, ride) => (hour) => {
    const forecast = model.forecast(day, hour);
    if (!forecast || hour < cutHour) return forecast;
    const gap = Math.min(Math.max(1, hour - cutHour), NOWCAST_GAPS) - 1;
    const beta = coefficients[gap];
    const sigma = rideSpread[ride]?.[gap] ?? spread[gap] ?? Number.NaN;
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
}
