/**
 * The estimated actual wait: how long a guest who joins the standby line now will really stand in
 * it, given the posted wait. Posted waits run long on purpose; waits timed by guests in line
 * (data: TouringPlans.com) run at roughly 0.45-0.85 of the posted one, lower late in the day.
 *
 * The model, per ride (fitted by `actual-wait-fit.ts`, committed in `actual-wait-parameters.ts`):
 *
 *   log(actual + 5) = intercept + slope · log(posted + 5)
 *                     + evening · max(0, hour − 17) + morning · max(0, 10 − hour)
 *
 * a median (least absolute deviations) regression, so the estimate is the middle of what guests
 * timed; the 80% range adds the 10th and 90th percentiles of the model's own log errors. The
 * offset of 5 minutes keeps short posted waits (where guests often wait longer than posted) from
 * dominating the logs. `hour` is the park day's hour: after midnight it counts on past 24.
 *
 * Pure: no clock, no I/O.
 *
 * @example
 * const { minutes, low, high } = estimateActualWait(parameters, 60, 14.5);
 */
import { rideKind, type RideKind } from '../catalog/ride-kind.js';
import type { AttractionRecord } from '../catalog/types.js';

export const LOG_OFFSET_MINUTES = 5;
/** Evenings: posted waits are held high to thin the line before close. */
export const EVENING_FROM_HOUR = 17;
/** Mornings: the line moves faster than posted while the ride fills up. */
export const MORNING_UNTIL_HOUR = 10;
/** Local hours before this belong to the park day before (a park open past midnight). */
export const PARK_DAY_STARTS_HOUR = 4;

/** One ride's fitted parameters (log minutes). */
export interface ActualWaitParameters {
  readonly intercept: number;
  readonly slope: number;
  readonly evening: number;
  readonly morning: number;
  /** 10th percentile of the log errors (negative). */
  readonly low: number;
  /** 90th percentile of the log errors. */
  readonly high: number;
}

/** The estimate and its 80% range, whole minutes, low ≤ minutes ≤ high. */
export interface ActualWaitEstimate {
  readonly minutes: number;
  readonly low: number;
  readonly high: number;
}

/** Per catalog ride where it has timed waits of its own; per kind for every other ride. */
export interface ActualWaitTable {
  readonly rides: Readonly<Record<string, ActualWaitParameters>>;
  readonly kinds: Readonly<Record<RideKind, ActualWaitParameters>>;
}

export const FEATURES = 4;

/** The regression's inputs besides the intercept: log posted, evening hours, morning hours. */
export function actualWaitFeatures(posted: number, hour: number): [number, number, number, number] {
  return [
    1,
    Math.log(Math.max(0, posted) + LOG_OFFSET_MINUTES),
    Math.max(0, hour - EVENING_FROM_HOUR),
    Math.max(0, MORNING_UNTIL_HOUR - hour),
  ];
}

/** The park day's hour of a local clock hour (0-24): after midnight counts on past 24. */
export function parkDayHour(localHour: number): number {
  return localHour < PARK_DAY_STARTS_HOUR ? localHour + 24 : localHour;
}

/** Minutes from a fitted log value (log of minutes + `LOG_OFFSET_MINUTES`), made whole by `whole`. */
export const minutesOf = (logValue: number, whole: (minutes: number) => number = Math.round) =>
  Math.max(0, whole(Math.exp(logValue) - LOG_OFFSET_MINUTES));

export function estimateActualWait(
  parameters: ActualWaitParameters,
  posted: number,
  hour: number,
): ActualWaitEstimate {
  const [, logPosted, evening, morning] = actualWaitFeatures(posted, hour);
  const centre =
    parameters.intercept +
    parameters.slope * logPosted +
    parameters.evening * evening +
    parameters.morning * morning;
  const minutes = minutesOf(centre, Math.round);
  // The whole minutes inside the range: timed waits are whole minutes, and rounding the ends
  // outward would take in a minute more at each end than the 80% range holds.
  return {
    minutes,
    low: Math.min(minutes, minutesOf(centre + parameters.low, Math.ceil)),
    high: Math.max(minutes, minutesOf(centre + parameters.high, Math.floor)),
  };
}

/** A ride's own parameters when it has them, else those of its kind. */
export function parametersFor(
  table: ActualWaitTable,
  ride: Pick<AttractionRecord, 'priority_lane' | 'height_requirement_inches'> & { readonly id: string },
): ActualWaitParameters {
  return table.rides[ride.id] ?? table.kinds[rideKind(ride)];
}
