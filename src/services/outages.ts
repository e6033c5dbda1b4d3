/**
 * Outages as the API reports them: one ride's over its last N park-local days
 * (`/v1/rides/{ride}/outages`), and a park's of today (`/v1/parks/{park}/outages/today`), with
 * outages still open from yesterday; each open one with when the ride is expected back.
 */
import type { Park } from '../catalog/types.js';
import type { Clock } from '../lib/clock.js';
import { localDate, startOfLocalDay } from '../lib/time.js';
import type { LiveState } from '../live/live-state.js';
import type { HistoryStore, Outage } from '../store/ports.js';
import type { ReopeningEstimate, ReopeningService } from './reopening/index.js';
import type { RideDays } from './ride-history.js';

export interface ReportedOutage extends Outage {
  /** When an open outage's ride is expected back; null once it ended, or when nothing can be estimated. */
  readonly reopening: ReopeningEstimate | null;
}

export interface ParkOutagesToday {
  /** Today in the park's zone. */
  readonly date: string;
  readonly now: number;
  /** Newest start first; an outage is open (`ended_at` null) while the ride is still down. */
  readonly outages: readonly ReportedOutage[];
}

export class OutageService {
  constructor(
    private readonly store: HistoryStore,
    private readonly live: LiveState,
    private readonly reopening: ReopeningService,
    private readonly clock: Clock,
  ) {}

  /** Every outage of the park's local day, including those open since an earlier day. */
  async today(park: Park): Promise<ParkOutagesToday> {
    const now = this.clock.now();
    const date = localDate(now, park.time_zone);
    const outages = await this.store.parkOutages(park.key, startOfLocalDay(date, park.time_zone), now + 1);
    return { date, now, outages: await this.withEstimates(park, outages) };
  }

  /** One ride's outages over its window, newest first; an outage open since before it is included. */
  async forRide(window: RideDays): Promise<ReportedOutage[]> {
    const outages = await this.store.rideOutages(window.ride.id, window.from, window.now + 1);
    return this.withEstimates(window.park, outages);
  }

  /** The ride's open outage with its estimate; undefined when the ride is not down. */
  async openFor(park: Park, rideId: string): Promise<ReportedOutage | undefined> {
    const open = (await this.reopening.openOutages(park)).find(({ outage }) => outage.ride_id === rideId);
    return open && { ...open.outage, reopening: open.estimate };
  }

  /**
   * Outages are written with each refresh of the park, which moves its live state; an open one's
   * estimate moves with the minute and the model's fit.
   */
  version(park: Park): string {
    return `${this.live.version(park.key)}|${this.reopening.version()}`;
  }

  private async withEstimates(park: Park, outages: readonly Outage[]): Promise<ReportedOutage[]> {
    const estimates = outages.some((outage) => outage.ended_at === null)
      ? new Map((await this.reopening.openOutages(park)).map(({ outage, estimate }) => [outage.id, estimate]))
      : undefined;
    return outages.map((outage) => ({ ...outage, reopening: estimates?.get(outage.id) ?? null }));
  }
}
