/**
 * How well a crowd forecast picks the 1-10 level: at each origin, the level forecast for the days
 * after it against the level the park's observed index reached, both on the scale of the park's
 * year before the origin. The one scoring of crowd accuracy: the service measures its published
 * accuracy with it at recent origins of the recorded history, the backtest at rolling origins of
 * recorded real waits.
 *
 * Pure: the caller picks the origins and fits the models (they see only days before the origin).
 */
import {
  crowdLevel,
  crowdScale,
  observedIndex,
  predictedIndex,
  typicalMidday,
  type RidePredictor,
} from './crowd.js';
import type { RideHistory } from './hourly-history.js';
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

/** `scoreCrowdLevels` in steps: it yields after each origin. */
export function* crowdLevelSteps(
  origins: readonly number[],
  originAt: (origin: number) => CrowdOrigin | undefined,
  horizonDays: number,
  forecast: CrowdForecast = modelCrowdForecast,
): Steps<CrowdLevelScore> {
  const indexRatios: number[] = [];
  let scoredOrigins = 0;
  let days = 0;
  let errorSum = 0;
  let within1 = 0;
  let within2 = 0;
  for (const origin of origins) {
    yield;
    const at = originAt(origin);
    if (!at) continue;
    scoredOrigins++;
    const middays = at.fits.map((fit) => typicalMidday(fit, origin));
    const scale = crowdScale([...observedIndex(at.fits, middays, origin - SCALE_DAYS, origin - 1).values()]);
    const actual = observedIndex(at.scored, middays, origin + 1, origin + horizonDays);
    const rides = at.predict.map((predict, ride) => ({
      predict,
      typicalMidday: middays[ride] ?? Number.NaN,
    }));
    for (const [day, index] of actual) {
      const forecastIndex = forecast(day, actual, rides);
      if (Number.isNaN(forecastIndex) || Number.isNaN(index)) continue;
      if (forecastIndex > 0 && index > 0) indexRatios.push(index / forecastIndex);
      const error = Math.abs(crowdLevel(forecastIndex, scale) - crowdLevel(index, scale));
      days++;
      errorSum += error;
      if (error <= 1) within1++;
      if (error <= 2) within2++;
    }
  }
  const share = (count: number) => (days > 0 ? count / days : Number.NaN);
  return {
    origins: scoredOrigins,
    days,
    maeLevels: share(errorSum),
    within1: share(within1),
    within2: share(within2),
    indexRatios,
  };
}
