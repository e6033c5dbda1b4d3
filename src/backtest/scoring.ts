/**
 * The sums the backtest's scores are made of: errors beside their baseline's, the hours of a scored
 * day that count, and a prediction scaled by a level told in hindsight (the yardsticks').
 */
import {
  FIRST_HOUR,
  LAST_HOUR,
  MIN_HOUR_READINGS,
  weekdayOf,
  type HourlyDay,
} from '../models/hourly-history.js';
import { NOWCAST_OFFSET } from '../models/nowcast.js';
import type { HourForecast } from '../models/wait-bands.js';
import type { TypicalWaits } from '../models/typical-waits.js';
import type { WaitModel } from '../models/wait-model.js';

/** `value` rounded to `digits` decimals, as the backtest's figures are reported. */
export const round = (value: number, digits = 2) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

export interface HorizonScore {
  readonly hours_scored: number;
  readonly mae_minutes: number;
  readonly baseline_mae_minutes: number;
}

/** `sum` over `count` rounded to `digits` decimals; NaN when nothing was counted. */
export const meanOf = (sum: number, count: number, digits = 2) =>
  round(count > 0 ? sum / count : Number.NaN, digits);

/** Absolute errors of the model summed beside the baseline's on the same hours. */
export class ErrorSum {
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
      hours_scored: this.count,
      mae_minutes: meanOf(this.model, this.count),
      baseline_mae_minutes: meanOf(this.baseline, this.count),
    };
  }
}

/** The ratio of the summed actual waits to the summed forecasts of `pairs` (1 without a pair). */
export function levelRatio(pairs: readonly (readonly [number, number])[]): number {
  let actual = 0;
  let forecast = 0;
  for (const [a, f] of pairs) {
    actual += a;
    forecast += f;
  }
  return pairs.length > 0 ? (actual + NOWCAST_OFFSET) / (forecast + NOWCAST_OFFSET) : 1;
}

/** A prediction scaled by a ratio of sums (`levelRatio`), the offset taken as there. */
export const scale = (predicted: number, ratio: number) =>
  Math.max(0, (predicted + NOWCAST_OFFSET) * ratio - NOWCAST_OFFSET);

/** One scored hour: the mean posted wait, the forecast's and the typical baseline's. */
export interface ScoredHour {
  readonly actual: number;
  readonly forecast: HourForecast;
  readonly baseline: number;
}

/**
 * The hours of a scored day that count (`MIN_HOUR_READINGS`, a forecast and a baseline): the same
 * hours for the scores and for their yardsticks.
 */
export function scoredHours(model: WaitModel, entry: HourlyDay, typical: TypicalWaits): ScoredHour[] {
  const hours: ScoredHour[] = [];
  for (let hour = FIRST_HOUR; hour <= LAST_HOUR; hour++) {
    if ((entry.counts[hour] ?? 0) < MIN_HOUR_READINGS) continue;
    const actual = entry.means[hour] ?? Number.NaN;
    const baseline = typical.means[weekdayOf(entry.day) * 24 + hour] ?? Number.NaN;
    const forecast = model.forecast(entry.day, hour);
    // An hour never observed before the origin has no baseline either: nothing to compare.
    if (forecast === null || Number.isNaN(baseline) || Number.isNaN(actual)) continue;
    hours.push({ actual, forecast, baseline });
  }
  return hours;
}
