/**
 * An attraction's scores over its origins: the forecast's hourly error against the typical wait's,
 * by horizon, with its 80% band's coverage and width; the nowcast's at each cut; and, when asked,
 * the yardsticks (`yardsticks.ts`) on the same hours.
 */
import { LAST_HOUR, MIN_HOUR_READINGS } from '../models/hourly-history.js';
import { HORIZON_BANDS, horizonBandOf } from '../models/horizon-bands.js';
import { morningOf, NOWCAST_CUTS, type BacktestAttraction, type FittedOrigin } from './origins.js';
import { ErrorSum, meanOf, scoredHours, type HorizonScore } from './scoring.js';
import { boundNowcast, boundWaits, type NowcastBound, type WaitBound } from './yardsticks.js';

/** The rest of the day predicted from its morning, against the same model without it. */
export interface NowcastScore {
  readonly hours_scored: number;
  readonly mae_minutes: number;
  readonly forecast_mae_minutes: number;
  /** Share of the hours whose mean posted wait fell inside the nowcast's 80% band. */
  readonly coverage_80: number;
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

function scoreNowcast(fitted: readonly FittedOrigin[], cutHour: number): NowcastScore {
  const sum = new ErrorSum();
  let inside = 0;
  for (const { scored, model, park, ride, parkDays } of fitted) {
    for (const entry of scored) {
      const readings = parkDays.map((days) => morningOf(days.get(entry.day), cutHour));
      const nowcast = park.nowcast(entry.day, { readings, cutHour })[ride];
      if (!nowcast) continue;
      for (let hour = cutHour + 1; hour <= LAST_HOUR; hour++) {
        if ((entry.counts[hour] ?? 0) < MIN_HOUR_READINGS) continue;
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
    coverage_80: meanOf(inside, sum.count, 3),
  };
}

export function scoreAttraction(
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
    coverage_80: meanOf(inside, total.count, 3),
    band_width_80_minutes: meanOf(width, total.count, 1),
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
