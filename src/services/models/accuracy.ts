/**
 * The crowd forecast's accuracy on the park's recorded history, served with `/v1/parks/{park}/crowds`
 * and `/v1/parks/{park}/crowds/actuals`: at earlier origins (every 7 days, the latest 31 days back
 * so all 30 target days are finished), level models (with the park's calendar) fitted on the days
 * before each origin only, scored on the crowd level (`scoreCrowdLevels`, as the backtest scores
 * it) and the hourly waits of the following 30 days.
 */
import { crowdLevelSteps } from '../../models/crowd-accuracy.js';
import type { Steps } from '../../lib/steps.js';
import { FIRST_HOUR, LAST_HOUR, weekdayOf, type HourlyDay } from '../../models/hourly-history.js';
import type { ParkCalendar } from '../../models/calendar-features.js';
import {
  DEFAULT_WAIT_MODEL_OPTIONS,
  fitParkPointModels,
  type PointModel,
} from '../../models/wait-forecast.js';
import { FORECAST_DAYS } from './crowd-forecast.js';

const ORIGINS = 8;
const ORIGIN_STEP_DAYS = 7;
/** An origin is scored once some ride has this many days before it. */
const MIN_FIT_DAYS = 14;

export interface CrowdAccuracy {
  /** Earlier origins in the recorded history whose 30 following days were scored. */
  readonly origins: number;
  readonly days_scored: number;
  readonly mae_levels: number | null;
  readonly within_1: number | null;
  readonly within_2: number | null;
  readonly wait_mae_minutes: number | null;
  readonly typical_mae_minutes: number | null;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The hourly waits' errors, the model's and the typical wait's, summed over the scored hours. */
class WaitErrors {
  model = 0;
  typical = 0;
  hours = 0;

  /** Adds the hours 8:00-21:59 with two readings or more of the days after `origin`. */
  add(models: readonly PointModel[], histories: readonly HourlyDay[][], origin: number): void {
    histories.forEach((list, ride) => {
      const model = models[ride];
      if (!model) return;
      for (const entry of list) {
        if (entry.day <= origin || entry.day > origin + FORECAST_DAYS) continue;
        for (let hour = FIRST_HOUR; hour <= LAST_HOUR; hour++) {
          if ((entry.counts[hour] ?? 0) < 2) continue;
          const predicted = model.predict(entry.day, hour);
          const usual = model.typical.means[weekdayOf(entry.day) * 24 + hour] ?? Number.NaN;
          const value = entry.means[hour] ?? Number.NaN;
          if (Number.isNaN(predicted) || Number.isNaN(usual) || Number.isNaN(value)) continue;
          this.model += Math.abs(predicted - value);
          this.typical += Math.abs(usual - value);
          this.hours++;
        }
      }
    });
  }
}

/**
 * The accuracy of a park's models whose rides recorded `histories` (finished days, oldest first),
 * and each scored day's actual ÷ predicted crowd index (the level range comes from them); in
 * steps, one origin each.
 */
export function* measureAccuracySteps(
  histories: readonly HourlyDay[][],
  todayDay: number,
  calendar: ParkCalendar,
): Steps<{ accuracy: CrowdAccuracy; indexRatios: number[] }> {
  const origins = Array.from(
    { length: ORIGINS },
    (_, k) => todayDay - FORECAST_DAYS - 1 - ORIGIN_STEP_DAYS * k,
  );
  const waits = new WaitErrors();
  const crowd = yield* crowdLevelSteps(
    origins,
    (origin) => {
      const fits = histories.map((list) => list.filter((entry) => entry.day < origin));
      if (fits.every((list) => list.length < MIN_FIT_DAYS)) return undefined;
      const models = fitParkPointModels(fits, origin, DEFAULT_WAIT_MODEL_OPTIONS, calendar);
      // The hourly waits are scored with the same models, while this origin's are at hand.
      waits.add(models, histories, origin);
      return { fits, scored: histories, predict: models.map((model) => model.predict) };
    },
    FORECAST_DAYS,
  );
  const { days } = crowd;
  return {
    accuracy: {
      origins: crowd.origins,
      days_scored: days,
      mae_levels: days > 0 ? round(crowd.maeLevels) : null,
      within_1: days > 0 ? round(crowd.within1, 3) : null,
      within_2: days > 0 ? round(crowd.within2, 3) : null,
      wait_mae_minutes: waits.hours > 0 ? round(waits.model / waits.hours) : null,
      typical_mae_minutes: waits.hours > 0 ? round(waits.typical / waits.hours) : null,
    },
    indexRatios: crowd.indexRatios,
  };
}
