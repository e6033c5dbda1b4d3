/**
 * Outages as the API reports them: one ride's over its last N park-local days
 * (`/v1/rides/{ride}/outages`), and a park's of today (`/v1/parks/{park}/outages/today`), with
 * outages still open from yesterday.
 */
import type { Park } from '../catalog/types.js';
import type { Clock } from '../lib/clock.js';
import { localDate, startOfLocalDay } from '../lib/time.js';
import type { LiveState } from '../live/live-state.js';
import type { HistoryStore, Outage } from '../store/ports.js';
import type { RideDays } from './ride-history.js';

export interface ParkOutagesToday {
  /** Today in the park's zone. */
  readonly date: string;
  readonly now: number;
  /** Newest start first; an outage is open (`ended_at` null) while the ride is still down. */
  readonly outages: readonly Outage[];
}

export class OutageService {
  constructor(
    private readonly store: HistoryStore,
    private readonly live: LiveState,
    private readonly clock: Clock,
  ) {}

  /** Every outage of the park's local day, including those open since an earlier day. */
  async today(park: Park): Promise<ParkOutagesToday> {
    const now = this.clock.now();
    const date = localDate(now, park.time_zone);
    const outages = await this.store.parkOutages(park.key, startOfLocalDay(date, park.time_zone), now + 1);
    return { date, now, outages };
  }

  /** One ride's outages over its window, newest first; an outage open since before it is included. */
  forRide(window: RideDays): Promise<Outage[]> {
    return this.store.rideOutages(window.ride.id, window.from, window.now + 1);
  }

  /** Outages are written with each refresh of the park, which moves its live state. */
  version(park: Park): number {
    return this.live.version(park.key);
  }
}
