/**
 * Current conditions at a park (`/v1/parks/{park}/conditions`): the weather agency's latest
 * observation and alerts, the service's lightning risk, and counts of queued rides by state from
 * the same live snapshot `/waits` serves. Weather is read for every park every few minutes and kept
 * here, so a request never waits on the agency. A failed read, or a last good read gone stale,
 * makes the weather unavailable: no numbers rather than old ones. An observation older than 3 hours
 * is never reported as current.
 */
import type { Logger } from 'pino';
import type { Catalog } from '../catalog/catalog.js';
import { hasFamily, unsourcedReason } from '../catalog/families.js';
import type { Park } from '../catalog/types.js';
import type { WeatherAlert, WeatherFeed, WeatherObservation } from '../feeds/types.js';
import type { Clock } from '../lib/clock.js';
import type { LiveState } from '../live/live-state.js';
import { isOutageStatus } from '../live/outage-status.js';
import type { ParkSnapshot } from '../live/types.js';
import {
  isThunderstormAlert,
  lightningRisk,
  type Climate,
  type LightningRisk,
} from '../models/lightning-risk.js';
import { DateTime } from 'luxon';

/** How often every park's weather is read (stations report every 5 to 60 minutes). */
export const WEATHER_REFRESH_MS = 5 * 60_000;
/** A last good read older than this (three missed refreshes) is no longer served. */
export const WEATHER_STALE_AFTER_MS = 3 * WEATHER_REFRESH_MS;
/** SPEC: the latest observation within the last 3 hours; older is not current. */
export const OBSERVATION_MAX_AGE_MS = 3 * 3_600_000;

export type ObservationStatus = 'current' | 'outdated' | 'none';

export interface RideCounts {
  readonly operating: number;
  readonly down: number;
  readonly closed: number;
  readonly unavailable: number;
}

export interface ParkConditions {
  readonly now: number;
  readonly weather:
    | {
        readonly data_status: 'available';
        readonly checked_at: number;
        readonly observation_status: ObservationStatus;
        /** Only a current observation (within 3 hours). */
        readonly observation: WeatherObservation | null;
        /** Alerts still in effect now. */
        readonly alerts: readonly WeatherAlert[];
        readonly lightning: LightningRisk;
      }
    | { readonly data_status: 'unavailable'; readonly checked_at: number | null; readonly reason: string };
  readonly live:
    | { readonly data_status: 'live'; readonly open: boolean; readonly counts: RideCounts }
    | { readonly data_status: 'unavailable'; readonly reason: string };
}

interface WeatherRecord {
  /** Last successful read. */
  readonly read?: {
    readonly at: number;
    readonly observation: WeatherObservation | null;
    readonly alerts: readonly WeatherAlert[];
  };
  readonly failure?: { readonly at: number; readonly message: string };
  /** When the refresh that wrote this record started. */
  readonly startedAt: number;
  readonly changes: number;
}

/** Queued rides by state, from one snapshot: the statuses `/waits` shows. */
export function countQueuedRides(snapshot: ParkSnapshot): RideCounts {
  const counts = { operating: 0, down: 0, closed: 0, unavailable: 0 };
  for (const entry of snapshot.entries) {
    if (entry.type !== 'ride') continue;
    if (entry.status === 'unavailable') counts.unavailable += 1;
    else if (entry.status === 'OPERATING') counts.operating += 1;
    else if (isOutageStatus(entry.status)) counts.down += 1;
    else counts.closed += 1;
  }
  return counts;
}

/**
 * The park's climate for the seasonal part of the lightning risk: the spec parks' thunder normals;
 * none for a park the feed discovered, whose risk is only what the weather service reports.
 */
function climateOf(park: Park): Climate | undefined {
  if (!hasFamily(park, 'storm_season')) return undefined;
  return park.time_zone === 'America/Los_Angeles' ? 'southern-california' : 'central-florida';
}

export class ConditionsService {
  private readonly records = new Map<string, WeatherRecord>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly feed: WeatherFeed,
    private readonly live: LiveState,
    private readonly catalog: Catalog,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** Where the weather comes from (`sim` or `nws`). */
  get source(): string {
    return this.feed.source;
  }

  /** Reads every park's weather now, in parallel; a park whose read fails loses its old reading. */
  async refreshAll(): Promise<void> {
    const at = this.clock.now();
    await Promise.all(this.catalog.parks.map((park) => this.refreshPark(park, at)));
  }

  /**
   * Why the weather source does not cover the park, if it does not: the agency's own coverage, or
   * the simulator's, which models the spec's ten parks only (catalog/families.ts).
   */
  private uncovered(park: Park): string | undefined {
    const simulated = this.feed.source === 'sim' ? unsourcedReason(park, 'simulated_weather') : undefined;
    return simulated ?? this.feed.outsideCoverage?.(park);
  }

  private async refreshPark(park: Park, at: number): Promise<void> {
    // A park the source does not cover is never read: its weather is unavailable, not an error.
    if (this.uncovered(park) !== undefined) return;
    let outcome: Pick<WeatherRecord, 'read' | 'failure'>;
    try {
      outcome = { read: { at, ...(await this.feed.readWeather(park, at)) } };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn({ park: park.key, err: error }, 'weather read failed; conditions unavailable');
      outcome = { failure: { at, message } };
    }
    // Reads overlap (the start-up read, the timer, an explicit refresh): a slow older read that
    // finishes last must not replace a newer one.
    const previous = this.records.get(park.key);
    if (previous && previous.startedAt > at) return;
    this.records.set(park.key, { ...outcome, startedAt: at, changes: (previous?.changes ?? 0) + 1 });
  }

  /** Starts a refresh unless one is running; `stop` waits for it. */
  refreshInBackground(): void {
    this.running ??= this.refreshAll().finally(() => {
      this.running = undefined;
    });
  }

  /** Refreshes every WEATHER_REFRESH_MS; a refresh still running is not started again. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.refreshInBackground();
    }, WEATHER_REFRESH_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Changes whenever the body would: a weather read, a live refresh, the weather going stale. */
  version(park: Park): string {
    const record = this.records.get(park.key);
    const stale = record?.read !== undefined && this.clock.now() - record.read.at >= WEATHER_STALE_AFTER_MS;
    return `${record?.changes ?? 0}|${stale ? 1 : 0}|${this.live.version(park.key)}`;
  }

  forPark(park: Park): ParkConditions {
    const now = this.clock.now();
    return { now, weather: this.weatherOf(park, now), live: this.liveOf(park) };
  }

  private weatherOf(park: Park, now: number): ParkConditions['weather'] {
    const uncovered = this.uncovered(park);
    if (uncovered !== undefined) return { data_status: 'unavailable', checked_at: null, reason: uncovered };
    const record = this.records.get(park.key);
    if (!record?.read) {
      return {
        data_status: 'unavailable',
        checked_at: null,
        reason: record?.failure
          ? `The weather service could not be read: ${record.failure.message}.`
          : 'The weather has not been read yet.',
      };
    }
    const { read } = record;
    if (now - read.at >= WEATHER_STALE_AFTER_MS) {
      return {
        data_status: 'unavailable',
        checked_at: read.at,
        reason: 'The last successful weather read is more than 15 minutes old.',
      };
    }
    const current = read.observation !== null && now - read.observation.observed_at <= OBSERVATION_MAX_AGE_MS;
    const observation = current ? read.observation : null;
    const alerts = read.alerts.filter((a) => (a.ends_at ?? a.expires_at ?? Infinity) > now);
    const local = DateTime.fromMillis(now, { zone: park.time_zone });
    return {
      data_status: 'available',
      checked_at: read.at,
      observation_status: current ? 'current' : read.observation ? 'outdated' : 'none',
      observation,
      alerts,
      lightning: lightningRisk({
        thunderstormObserved: observation?.thunderstorm ?? false,
        thunderstormAlerts: alerts.filter(isThunderstormAlert).length,
        climate: climateOf(park),
        month: local.month,
        hour: local.hour,
      }),
    };
  }

  private liveOf(park: Park): ParkConditions['live'] {
    const view = this.live.view(park.key);
    if (!view.snapshot) return { data_status: 'unavailable', reason: view.reason ?? 'No current live data.' };
    return { data_status: 'live', open: view.snapshot.open, counts: countQueuedRides(view.snapshot) };
  }
}
