/**
 * How well a crowd forecast picks the 1-10 level: at each origin, the level forecast for the days
 * after it against the level the park's observed index reached, both on the scale of the park's
 * year before the origin. The one scoring of crowd accuracy (`crowdOriginFrame` and
 * `CrowdLevelTally`): the service measures its published accuracy with them at recent origins of
 * the recorded history, as the wait models' calibration reaches them; the backtest at rolling
 * origins of recorded real waits (`crowdLevelSteps`).
 *
 * Pure: the caller picks the origins and fits the models (they see only days before the origin).
 */
import {
  crowdLevel,
  crowdScale,
  observedIndex,
  type IndexRange,
  predictedIndex,
  typicalMidday,
  type CrowdScale,
  type RidePredictor,
} from './crowd.js';
import type { RideHistory } from './hourly-history.js';
import { BAND_MIN_ORIGINS, type BandMultipliers } from './wait-bands.js';
import { horizonBandOf } from './horizon-bands.js';
import { meanOfFinite, quantile } from './stats.js';
import { runSteps, type Steps } from '../lib/steps.js';

/** Days before an origin whose observed index makes the scale (the year the levels rank against). */
const SCALE_DAYS = 365;

/** The park's rides at one origin, in the same order in every list. */
export interface CrowdOrigin {
  /** Each ride's days before the origin: its typical midday wait and the scale come from them. */
  readonly fits: readonly RideHistory[];
  /** Each ride's recorded days; those from the day after the origin to the horizon are scored. */
  readonly scored: readonly RideHistory[];
  /** Each ride's point prediction from its model fitted at the origin. */
  readonly predict: readonly ((day: number, hour: number) => number)[];
}

/**
 * A day's forecast crowd index (NaN when there is none), given the rides' predictors and the
 * actual index of the scored days.
 */
export type CrowdForecast = (
  day: number,
  actual: ReadonlyMap<number, number>,
  rides: readonly RidePredictor[],
) => number;

/** The models' forecast: the rides' predicted midday level. */
export const modelCrowdForecast: CrowdForecast = (day, _actual, rides) => predictedIndex(rides, day);

export interface CrowdLevelScore {
  /** Origins the caller had data for. */
  readonly origins: number;
  readonly days: number;
  /** Mean absolute error of the level; NaN when no day was scored (as are the shares). */
  readonly maeLevels: number;
  /** Share of days forecast within ±1 level. */
  readonly within1: number;
  /** Share of days forecast within ±2 levels. */
  readonly within2: number;
  /** Actual ÷ forecast index of each scored day where both are positive. */
  readonly indexRatios: number[];
}

/**
 * Scores the forecast on the `horizonDays` days after each origin. `originAt` gives the rides'
 * days and fitted models at an origin, or undefined when it has nothing to score there; it is
 * called one origin at a time, so a caller can fit each origin's models only when asked.
 */
export function scoreCrowdLevels(
  origins: readonly number[],
  originAt: (origin: number) => CrowdOrigin | undefined,
  horizonDays: number,
  forecast: CrowdForecast = modelCrowdForecast,
): CrowdLevelScore {
  return runSteps(crowdLevelSteps(origins, originAt, horizonDays, forecast));
}

/**
 * What scoring one origin reads besides the forecast: each ride's typical midday wait and the 1-10
 * scale from the days before it, and the park's actual index of the `horizonDays` days after it.
 */
export interface CrowdOriginFrame {
  readonly middays: readonly number[];
  readonly scale: CrowdScale;
  readonly actual: ReadonlyMap<number, number>;
}

export function crowdOriginFrame(
  fits: readonly RideHistory[],
  scored: readonly RideHistory[],
  origin: number,
  horizonDays: number,
): CrowdOriginFrame {
  const middays = fits.map((fit) => typicalMidday(fit, origin));
  return {
    middays,
    scale: crowdScale([...observedIndex(fits, middays, origin - SCALE_DAYS, origin - 1).values()]),
    actual: observedIndex(scored, middays, origin + 1, origin + horizonDays),
  };
}

/** Scored days the index's own errors need before they make the level's range. */
const RANGE_MIN_DAYS = 20;

/**
 * The crowd level's 80% range as multipliers on the forecast index: actual ÷ forecast at its 10th
 * and 90th percentiles, once `indexRatios` hold 20 days from `BAND_MIN_ORIGINS` origins or more (a
 * few origins share a few misses of the level and would understate the next); undefined before.
 */
export function levelRange(
  indexRatios: readonly number[],
  origins: number,
): { lower: number; upper: number } | undefined {
  if (indexRatios.length < RANGE_MIN_DAYS || origins < BAND_MIN_ORIGINS) return undefined;
  return { lower: quantile(indexRatios, 0.1), upper: quantile(indexRatios, 0.9) };
}

/**
 * The 80% range of a forecast `index` `horizon` days ahead: scaled by the index's own errors
 * (`levelRange`) when there are enough, else by the square root of the rides' hourly bands (a day's
 * index averages hours and rides, so it errs less than one ride's hour).
 */
export function forecastIndexRange(
  index: number,
  range: { lower: number; upper: number } | undefined,
  rides: readonly { readonly bands: BandMultipliers }[],
  horizon: number,
): IndexRange {
  const band = horizonBandOf(Math.max(1, horizon));
  const lower = range?.lower ?? meanOfFinite(rides.map(({ bands }) => Math.sqrt(bands.lower[band] ?? 1)));
  const upper = range?.upper ?? meanOfFinite(rides.map(({ bands }) => Math.sqrt(bands.upper[band] ?? 1)));
  return { lower: index * lower, upper: index * upper };
}

/** The running count of the levels forecasts missed by, over origins and their scored days. */
export class CrowdLevelTally {
  private scoredOrigins = 0;
  private days = 0;
  private errorSum = 0;
  private within1 = 0;
  private within2 = 0;
  private readonly indexRatios: number[] = [];

  /** An origin with data to score begins (whether or not any of its days gets a forecast). */
  addOrigin(): void {
    this.scoredOrigins++;
  }

  /** One scored day: its forecast and actual index on the origin's scale (a NaN skips the day). */
  addDay(forecastIndex: number, index: number, scale: CrowdScale): void {
    if (Number.isNaN(forecastIndex) || Number.isNaN(index)) return;
    if (forecastIndex > 0 && index > 0) this.indexRatios.push(index / forecastIndex);
    const error = Math.abs(crowdLevel(forecastIndex, scale) - crowdLevel(index, scale));
    this.days++;
    this.errorSum += error;
    if (error <= 1) this.within1++;
    if (error <= 2) this.within2++;
  }

  score(): CrowdLevelScore {
    const share = (count: number) => (this.days > 0 ? count / this.days : Number.NaN);
    return {
      origins: this.scoredOrigins,
      days: this.days,
      maeLevels: share(this.errorSum),
      within1: share(this.within1),
      within2: share(this.within2),
      indexRatios: [...this.indexRatios],
    };
  }
}

/** `scoreCrowdLevels` in steps: it yields after each origin. */
export function* crowdLevelSteps(
  origins: readonly number[],
  originAt: (origin: number) => CrowdOrigin | undefined,
  horizonDays: number,
  forecast: CrowdForecast = modelCrowdForecast,
): Steps<CrowdLevelScore> {
  const tally = new CrowdLevelTally();
  for (const origin of origins) {
    yield;
    const at = originAt(origin);
    if (!at) continue;
    tally.addOrigin();
    const { middays, scale, actual } = crowdOriginFrame(at.fits, at.scored, origin, horizonDays);
    const rides = at.predict.map((predict, ride) => ({
      predict,
      typicalMidday: middays[ride] ?? Number.NaN,
    }));
    for (const [day, index] of actual) tally.addDay(forecast(day, actual, rides), index, scale);
  }
  return tally.score();
}
