/**
 * The last N park-local days of one ride, including today: the window of its history
 * (`/v1/rides/{ride}/history`) and its outages (`/v1/rides/{ride}/outages`), worked out once for
 * both.
 */
import type { Attraction, Park } from '../catalog/types.js';
import type { Clock } from '../lib/clock.js';
import { addDays, localDate, startOfLocalDay } from '../lib/time.js';
import type { LiveState } from '../live/live-state.js';
import type { HistoryStore, WaitChange } from '../store/ports.js';

export interface RideDays {
  readonly ride: Attraction;
  readonly park: Park;
  readonly days: number;
  readonly now: number;
  /** First park-local day of the window. */
  readonly from_date: string;
  /** Last park-local day of the window: today. */
  readonly to_date: string;
  /** Start of `from_date` in the park's zone. */
  readonly from: number;
}

export class RideHistoryService {
  constructor(
    private readonly store: HistoryStore,
    private readonly live: LiveState,
    private readonly clock: Clock,
  ) {}

  /** The last `days` park-local days of the ride, including today. */
  window(ride: Attraction, park: Park, days: number): RideDays {
    const now = this.clock.now();
    const to_date = localDate(now, park.time_zone);
    const from_date = addDays(to_date, 1 - days);
    return { ride, park, days, now, from_date, to_date, from: startOfLocalDay(from_date, park.time_zone) };
  }

  /** Every change of posted standby wait or status in the window, oldest first. */
  changes(window: RideDays): Promise<WaitChange[]> {
    return this.store.changes(window.ride.id, window.from, window.now + 1);
  }

  /** New rows land with a refresh of the ride's park, which moves its live state. */
  version(park: Park): number {
    return this.live.version(park.key);
  }
}
