/**
 * The crowd forecast's accuracy on the park's recorded history, served with `/v1/parks/{park}/crowds`
 * and `/v1/parks/{park}/crowds/actuals`: at earlier origins (every 7 days, the latest 31 days back
 * so all 30 target days are finished), models fitted on the days before each origin only, scored
 * on the crowd level and the hourly waits of the following 30 days.
 */
import { crowdLevel, crowdScale, observedIndex, predictedIndex, typicalMidday } from '../../models/crowd.js';
import { weekdayOf, type HourlyDay } from '../../models/hourly-history.js';
import { fitParkPointModels } from '../../models/wait-forecast.js';
import { FORECAST_DAYS } from './crowd-forecast.js';

const YEAR_DAYS = 365;

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

/**
 * The accuracy of a park's models whose rides recorded `histories` (finished days, oldest first),
 * and each scored day's actual ÷ predicted crowd index (the level range comes from them).
 */
export function measureAccuracy(
  histories: readonly HourlyDay[][],
  todayDay: number,
): { accuracy: CrowdAccuracy; indexRatios: number[] } {
  const indexRatios: number[] = [];
  let origins = 0;
  let days = 0;
  let levelError = 0;
  let within1 = 0;
  let within2 = 0;
  let waitError = 0;
  let typicalError = 0;
  let hours = 0;
  for (let k = 0; k < 8; k++) {
    const origin = todayDay - 31 - 7 * k;
    const fits = histories.map((list) => list.filter((entry) => entry.day < origin));
    if (fits.every((list) => list.length < 14)) break;
    origins++;
    const models = fitParkPointModels(fits, origin);
    const middays = fits.map((list) => typicalMidday(list, origin));
    const scale = crowdScale([...observedIndex(fits, middays, origin - YEAR_DAYS, origin - 1).values()]);
    const actual = observedIndex(histories, middays, origin + 1, origin + FORECAST_DAYS);
    const predictors = models.map((model, ride) => ({
      predict: model.predict,
      typicalMidday: middays[ride] ?? Number.NaN,
    }));
    for (const [day, index] of actual) {
      const predicted = predictedIndex(predictors, day);
      if (Number.isNaN(predicted)) continue;
      if (predicted > 0 && index > 0) indexRatios.push(index / predicted);
      const error = Math.abs(crowdLevel(predicted, scale) - crowdLevel(index, scale));
      days++;
      levelError += error;
      if (error <= 1) within1++;
      if (error <= 2) within2++;
    }
    histories.forEach((list, ride) => {
      const model = models[ride];
      if (!model) return;
      for (const entry of list) {
        if (entry.day <= origin || entry.day > origin + FORECAST_DAYS) continue;
        for (let hour = 8; hour <= 21; hour++) {
          if ((entry.counts[hour] ?? 0) < 2) continue;
          const predicted = model.predict(entry.day, hour);
          const usual = model.typical.means[weekdayOf(entry.day) * 24 + hour] ?? Number.NaN;
          const value = entry.means[hour] ?? Number.NaN;
          if (Number.isNaN(predicted) || Number.isNaN(usual) || Number.isNaN(value)) continue;
          waitError += Math.abs(predicted - value);
          typicalError += Math.abs(usual - value);
          hours++;
        }
      }
    });
  }
  return {
    accuracy: {
      origins,
      days_scored: days,
      mae_levels: days > 0 ? round(levelError / days) : null,
      within_1: days > 0 ? round(within1 / days, 3) : null,
      within_2: days > 0 ? round(within2 / days, 3) : null,
      wait_mae_minutes: hours > 0 ? round(waitError / hours) : null,
      typical_mae_minutes: hours > 0 ? round(typicalError / hours) : null,
    },
    indexRatios,
  };
}
