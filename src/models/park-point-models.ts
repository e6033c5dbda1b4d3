/**
 * The point models of a park's rides fitted together: half of each ride's seasonal change is the
 * park's, and, given the park's calendar, school sessions stand in where no season is known.
 * Pure: no clock, no I/O.
 */
import type { ParkCalendar } from './calendar-features.js';
import type { RideHistory } from './hourly-history.js';
import { DEFAULT_WAIT_MODEL_OPTIONS, type WaitModelOptions } from './level-model-options.js';
import { fitPointModel, type PointModel } from './point-model.js';
import { withSchoolSessions } from './school-session-regression.js';
import { median } from './stats.js';

/**
 * The rides of one park fitted together: each ride's seasonal change is blended (geometrically,
 * `peerSeasonalWeight`) with the median change over the park's rides. A prediction is its ride's
 * seasonal change times the rest of the model, so swapping the change rescales it exactly.
 */
export function poolSeasonalChange(
  models: readonly PointModel[],
  options: WaitModelOptions = DEFAULT_WAIT_MODEL_OPTIONS,
): PointModel[] {
  const weight = options.peerSeasonalWeight;
  if (models.length < 2 || weight === 0) return [...models];
  const parkCache = new Map<number, number>();
  const parkChange = (day: number): number => {
    let change = parkCache.get(day);
    if (change === undefined) {
      const known = models.filter((model) => model.seasonKnown(day));
      change = known.length === 0 ? 1 : median(known.map((model) => model.seasonalChange(day)));
      parkCache.set(day, change);
    }
    return change;
  };
  return models.map((model) => {
    const rescale = (day: number) => {
      // A ride with no earlier year of its own takes the park's season whole.
      const own = model.seasonalChange(day);
      const share = model.seasonKnown(day) ? weight : 1;
      return own > 0 ? (parkChange(day) / own) ** share : 1;
    };
    return {
      ...model,
      seasonalChange: (day) => model.seasonalChange(day) * rescale(day),
      dayLevel: (day) => model.dayLevel(day) * rescale(day),
      predict: (day, hour) => model.predict(day, hour) * rescale(day),
    };
  });
}

/**
 * Fits the point models of a park's rides on days strictly before `origin`, seasons pooled (and,
 * given the park's calendar, school sessions standing in where no season is known).
 */
export function fitParkPointModels(
  histories: readonly RideHistory[],
  origin: number,
  options: WaitModelOptions = DEFAULT_WAIT_MODEL_OPTIONS,
  calendar?: ParkCalendar,
): PointModel[] {
  const pooled = poolSeasonalChange(
    histories.map((history) => fitPointModel(history, origin, options)),
    options,
  );
  return calendar ? withSchoolSessions(pooled, histories, origin, calendar, options) : pooled;
}
