/**
 * Yardsticks, never forecasts: the wait forecast and the nowcast each told a level in hindsight
 * (`--wait-bound`, `--nowcast-bound`), and two crowd forecasts told the actual crowds around the
 * scored days (`--crowd-bound`). They say where the rest of the scored error lies; none is part of
 * the scored figures.
 */
import { predictedIndex } from '../models/crowd.js';
import type { CrowdForecast } from '../models/crowd-accuracy.js';
import { FIRST_HOUR, LAST_HOUR, MIN_HOUR_READINGS } from '../models/hourly-history.js';
import type { FittedOrigin } from './origins.js';
import { levelRatio, meanOf, scale, scoredHours } from './scoring.js';

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

/** The powers of the hindsight scalings, each on the whole morning's and on its last hours' ratio. */
const SCALING_POWERS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];
/** The last hours before the cut the second morning ratio reads. */
const MORNING_TAIL_HOURS = 2;

export function boundNowcast(fitted: readonly FittedOrigin[], cutHour: number): NowcastBound {
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
        if (hour < cutHour && (entry.counts[hour] ?? 0) >= MIN_HOUR_READINGS) {
          morning.push(pair);
          if (hour >= cutHour - MORNING_TAIL_HOURS) lastHours.push(pair);
        }
        if (hour > cutHour && (entry.counts[hour] ?? 0) >= MIN_HOUR_READINGS) rest.push(pair);
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
  const mean = (sum: number) => meanOf(sum, count);
  return {
    hours_scored: count,
    forecast_mae_minutes: mean(forecastError),
    day_level_mae_minutes: mean(dayLevelError),
    square_root_mae_minutes: mean(squareRootError),
    best_scaling_mae_minutes: mean(Math.min(...scalingErrors.flat())),
  };
}

export function boundWaits(fitted: readonly FittedOrigin[]): WaitBound {
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
  const mean = (sum: number) => meanOf(sum, count);
  return {
    hours_scored: count,
    typical_month_level_mae_minutes: mean(typicalMonth),
    month_level_mae_minutes: mean(month),
    day_level_mae_minutes: mean(day),
  };
}

/**
 * Not a forecast: an oracle told the actual index of the three days either side of the scored day
 * (geometric mean): what knowing the surrounding days' actual crowds gives on this data, a yardstick
 * for the forecast's day-to-day noise. Shown with `--crowd-bound`; never part of the scored figures.
 */
const NEIGHBOUR_DAYS = 3;
export const neighbourOracle: CrowdForecast = (day, actual) => {
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
export const monthLevelOracle: CrowdForecast = (day, actual, rides) => {
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
