/**
 * The estimated actual wait of a live entry, worked out at ingest from the committed parameters
 * (`models/actual-wait-parameters.ts`) so that a request or a stream message only copies it.
 */
import type { Attraction, Park } from '../catalog/types.js';
import { localClockHours } from '../lib/time.js';
import { ACTUAL_WAIT_PARAMETERS } from '../models/actual-wait-parameters.js';
import {
  estimateActualWait,
  parametersFor,
  parkDayHour,
  type ActualWaitEstimate,
  type ActualWaitTable,
} from '../models/actual-wait.js';

export type ActualWaitEstimator = (ride: Attraction, posted: number, at: number) => ActualWaitEstimate;

/** Estimates for one park's rides, at the park's local hour. */
export function actualWaitEstimator(
  park: Pick<Park, 'time_zone'>,
  table: ActualWaitTable = ACTUAL_WAIT_PARAMETERS,
): ActualWaitEstimator {
  return (ride, posted, at) =>
    estimateActualWait(parametersFor(table, ride), posted, parkDayHour(localClockHours(at, park.time_zone)));
}
