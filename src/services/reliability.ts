/**
 * Keeps each park's 30-day reliability computed: recomputed every 5 minutes in the background and
 * read from the cache by requests, which never wait for a computation once the first one is done.
 */
import type { Logger } from 'pino';
import type { Catalog } from '../catalog/catalog.js';
import type { Park } from '../catalog/types.js';
import type { Clock } from '../lib/clock.js';
import { addDays, localDate, startOfLocalDay } from '../lib/time.js';
import { openIntervals } from '../models/intervals.js';
import { computeReliability, type RideReliability } from '../models/reliability.js';
import type { HistoryStore } from '../store/ports.js';

export const RELIABILITY_WINDOW_DAYS = 30;
export const RELIABILITY_REFRESH_MS = 5 * 60_000;

export interface ParkReliability {
  readonly park_key: string;
  readonly window_start: number;
  readonly computed_at: number;
  /** True when coverage began less than 30 days ago, so the window is shorter. */
  readonly truncated: boolean;
  readonly rides: readonly RideReliability[];
}

export class ReliabilityService {
  private readonly cache = new Map<string, ParkReliability>();
  /** Each park's `version`, written once per recomputation rather than formatted per request. */
  private readonly versions = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly catalog: Catalog,
    private readonly store: HistoryStore,
    private readonly clock: Clock,
    private readonly coverageStart: string,
    private readonly logger: Logger,
  ) {}

  /** The park's reliability, computing it now only if it has never been computed. */
  async forPark(park: Park): Promise<ParkReliability> {
    return this.cache.get(park.key) ?? (await this.recompute(park));
  }

  /** Changes with each recomputation of the park: bodies built from one can be reused until then. */
  version(park: Park): string {
    return this.versions.get(park.key) ?? 'never';
  }

  async forRide(
    park: Park,
    rideId: string,
  ): Promise<{ park: ParkReliability; ride: RideReliability | undefined }> {
    const computed = await this.forPark(park);
    return { park: computed, ride: computed.rides.find((row) => row.ride_id === rideId) };
  }

  async recomputeAll(): Promise<void> {
    for (const park of this.catalog.parks) await this.recompute(park);
  }

  start(): void {
    this.timer = setInterval(() => {
      // A failed round (the store unreachable) keeps the last figures; the next round tries again.
      this.recomputeAll().catch((error: unknown) => {
        this.logger.error({ err: error }, 'reliability recomputation failed');
      });
    }, RELIABILITY_REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async recompute(park: Park): Promise<ParkReliability> {
    const now = this.clock.now();
    const thirtyDaysBack = addDays(localDate(now, park.time_zone), -(RELIABILITY_WINDOW_DAYS - 1));
    const truncated = thirtyDaysBack < this.coverageStart;
    const windowStart = startOfLocalDay(truncated ? this.coverageStart : thirtyDaysBack, park.time_zone);
    const [outages, transitions] = await Promise.all([
      this.store.parkOutages(park.key, windowStart, now),
      this.store.transitions(park.key, windowStart, now),
    ]);
    const rides = park.attractions.filter((a) => a.type === 'ride').map((a) => ({ id: a.id, name: a.name }));
    const result: ParkReliability = {
      park_key: park.key,
      window_start: windowStart,
      computed_at: now,
      truncated,
      rides: computeReliability({
        rides,
        outages,
        open: openIntervals(transitions, windowStart, now),
        now,
        timeZone: park.time_zone,
      }),
    };
    this.cache.set(park.key, result);
    this.versions.set(park.key, String(result.computed_at));
    return result;
  }
}
