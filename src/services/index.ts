/**
 * The rules of the service, grouped for the API, the streams and the site: every computation a
 * route needs lives in one of these, over the stores, feeds and live state the composition root
 * (`src/app`) picked.
 */
import type { LiveState } from '../live/live-state.js';
import type { OutageService } from './outages.js';
import type { PriorityLaneService } from './priority-lane.js';
import type { ReliabilityService } from './reliability.js';
import type { RideHistoryService } from './ride-history.js';
import type { SignupService } from './signup.js';

export interface Services {
  /** Each park's current snapshot and whether it may be served. */
  readonly live: LiveState;
  readonly history: RideHistoryService;
  readonly outages: OutageService;
  readonly reliability: ReliabilityService;
  readonly priorityLane: PriorityLaneService;
  /** Free-key sign-up from the website. */
  readonly signup: SignupService;
}
