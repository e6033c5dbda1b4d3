/**
 * What a park's models learn from its finished days only: each ride's wait model with its bounds
 * and typical midday wait, the observed crowd index, the 1-10 scale, the measured accuracy and the
 * level range. Finished days change only when the park-local day does, so the service fits this
 * once a day and reuses it for the refits in between (their result would be the same).
 */
import type { Attraction, Park } from '../../catalog/types.js';
import { crowdScale, observedIndex, typicalMidday, type CrowdScale } from '../../models/crowd.js';
import type { ParkCalendar } from '../../models/calendar-features.js';
import type { HourlyDay } from '../../models/hourly-history.js';
import { levelRange } from '../../models/crowd-accuracy.js';
import {
  DEFAULT_COMBINED_OPTIONS,
  parkWaitModelsSteps,
  type ParkWaitModels,
  type WaitModel,
} from '../../models/wait-model.js';
import type { Steps } from '../../lib/steps.js';
import { AccuracyMeter, type CrowdAccuracy } from './accuracy.js';

const YEAR_DAYS = 365;

export interface RideModel {
  readonly ride: Attraction;
  readonly model: WaitModel;
  readonly typicalMidday: number;
}

/** What a park's models learned from its finished days, fitted on park-local day `day`. */
export interface DayFit {
  readonly day: number;
  readonly rides: ReadonlyMap<string, RideModel>;
  /** The park's wait models together (today's nowcast reads them), in the order of `recorded`. */
  readonly park: ParkWaitModels;
  /** The IDs of the rides `park` models, in its order. */
  readonly recorded: readonly string[];
  readonly observed: ReadonlyMap<number, number>;
  readonly scale: CrowdScale;
  /** Days with an observed index in the year the scale comes from. */
  readonly scaleDays: number;
  readonly accuracy: CrowdAccuracy;
  /** The crowd level's range multipliers, from the index's past errors (enough of them). */
  readonly range: { lower: number; upper: number } | undefined;
}

/**
 * Fits a park's models on its finished days (`finished`: each ride's days, oldest first), in steps:
 * the service runs them in turns beside its requests.
 */
export function* finishedDaysSteps(
  park: Park,
  finished: ReadonlyMap<string, HourlyDay[]>,
  todayDay: number,
  calendar: ParkCalendar,
): Steps<DayFit> {
  const rides = new Map<string, RideModel>();
  const recorded = park.attractions.filter(
    (ride) => ride.type === 'ride' && (finished.get(ride.id) ?? []).length > 0,
  );
  // The park's rides are fitted together: their seasonal change and calendar are the park's. The
  // accuracy is measured on what the fit's calibration makes at earlier origins.
  const recordedDays = recorded.map((ride) => finished.get(ride.id) ?? []);
  const meter = new AccuracyMeter(recordedDays);
  const parkModels = yield* parkWaitModelsSteps(
    recordedDays,
    todayDay,
    calendar,
    DEFAULT_COMBINED_OPTIONS,
    meter,
  );
  for (const [index, ride] of recorded.entries()) {
    const days = finished.get(ride.id) ?? [];
    const model = parkModels.rides[index];
    if (!model) continue;
    rides.set(ride.id, { ride, model, typicalMidday: typicalMidday(days, todayDay) });
  }
  yield;
  const rideList = [...rides.values()];
  const histories = rideList.map(({ ride }) => finished.get(ride.id) ?? []);
  const middays = rideList.map(({ typicalMidday: value }) => value);
  const observed = observedIndex(histories, middays, Number.NEGATIVE_INFINITY, todayDay - 1);
  const scaleValues = [...observed.entries()]
    .filter(([day]) => day >= todayDay - YEAR_DAYS)
    .map(([, index]) => index);
  yield;
  const { accuracy, indexRatios } = meter.result();
  return {
    day: todayDay,
    rides,
    park: parkModels,
    recorded: recorded.map((ride) => ride.id),
    observed,
    scale: crowdScale(scaleValues),
    scaleDays: scaleValues.length,
    accuracy,
    // The level range from the index's own past errors; until they are enough, the forecast takes
    // the square root of the hourly bands (a day's index averages hours and rides, so it errs less).
    range: levelRange(indexRatios, accuracy.origins),
  };
}
