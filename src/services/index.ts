/**
 * The rules of the service, grouped for the API, the streams and the site: every computation a
 * route needs lives in one of these, over the stores, feeds and live state the composition root
 * (`src/app`) picked.
 */
import type { LiveState } from '../live/live-state.js';
import type { ConditionsService } from './conditions.js';
import type { OutageService } from './outages.js';
import type { ParkHoursService } from './park-hours.js';
import type { ShowtimesService } from './showtimes.js';
import type { BestTimesService } from './best-times.js';
import type { ParkModelService } from './models/index.js';
import type { ReopeningService } from './reopening/index.js';
import type { PlanService } from './plan.js';
import type { PriorityLaneService } from './priority-lane.js';
import type { ReliabilityService } from './reliability.js';
import type { ResortDataService } from './resort-data.js';
import type { RideHistoryService } from './ride-history.js';
import type { SignupService } from './signup.js';

export interface Services {
  /** Each park's current snapshot and whether it may be served. */
  readonly live: LiveState;
  readonly history: RideHistoryService;
  /** Outages as reported, each open one with when the ride is expected back. */
  readonly outages: OutageService;
  /** The reopening model, refitted once per park-local day; `outages` reads its estimates. */
  readonly reopening: ReopeningService;
  readonly reliability: ReliabilityService;
  readonly priorityLane: PriorityLaneService;
  /** Tickets, park availability, hotels, event nights and buses of each resort. */
  readonly resortData: ResortDataService;
  /** Published hours and schedule windows, from the schedule the ingest follows. */
  readonly parkHours: ParkHoursService;
  readonly showtimes: ShowtimesService;
  /** Weather read every 5 minutes and kept, lightning risk, and ride counts from the live snapshot. */
  readonly conditions: ConditionsService;
  /** Wait models, typical waits, the crowd index and crowd forecasts, recomputed and cached. */
  readonly models: ParkModelService;
  readonly bestTimes: BestTimesService;
  /** Touring plans: a party's rides ordered from the predicted (today: live) waits. */
  readonly plan: PlanService;
  /** Free-key sign-up from the website. */
  readonly signup: SignupService;
}
