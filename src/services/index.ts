/**
 * The rules of the service, grouped for the API, the streams and the site: every computation a
 * route needs lives in one of these, over the stores, feeds and live state the composition root
 * (`src/app`) picked.
 */
import type { LiveState } from '../live/live-state.js';
import type { BestTimesService } from './best-times.js';
import type { OutageService } from './outages.js';
import type { ParkModelService } from './park-models.js';
import type { PriorityLaneService } from './priority-lane.js';
import type { ReliabilityService } from './reliability.js';
import type { RideHistoryService } from './ride-history.js';

export interface Services {
  /** Each park's current snapshot and whether it may be served. */
  readonly live: LiveState;
  readonly history: RideHistoryService;
  readonly outages: OutageService;
  readonly reliability: ReliabilityService;
  readonly priorityLane: PriorityLaneService;
  /** Wait models, typical waits, the crowd index and crowd forecasts, recomputed and cached. */
  readonly models: ParkModelService;
  readonly bestTimes: BestTimesService;
}
