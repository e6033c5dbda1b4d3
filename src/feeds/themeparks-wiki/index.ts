/**
 * FEED=themeparks-wiki: live queues, showtimes, park hours and priority-lane prices from the public
 * ThemeParks.wiki API (THEMEPARKS_WIKI_URL). Per park, `/v1/entity/{parkId}/live` is read at most
 * once per live interval and `/v1/entity/{parkId}/schedule` once per schedule interval, shared by
 * every caller (SharedRefresh); requests go through the shared UpstreamClient.
 *
 * The operator's hourly `forecast` comes with the live payload: it is kept from the last live read
 * (the one ingest makes per park per interval) and given only while that read is the park's latest
 * and younger than the live freshness limit. An instance that does not ingest (a follower) makes
 * that read itself when asked, through the same shared per-park refresh as its showtimes.
 *
 * Parks map by ID (the catalog's park IDs are ThemeParks.wiki's stable UUIDs); attractions by the
 * entity-ID table, then by normalised name within the park. An entity that matches nothing is
 * logged once, with what to add, and left out of the reading.
 *
 * Known upstream folds, said in the docs and in the priority-lane body's `feed`: Universal's brief
 * and weather delays arrive as DOWN (never BRIEF_DELAY or WEATHER_DELAY); a boarding group (virtual
 * queue) has no standby wait; Universal Express (PAID_STANDBY) posts no wait and no price live.
 */
import type { Catalog } from '../../catalog/catalog.js';
import type { Park } from '../../catalog/types.js';
import type { Clock } from '../../lib/clock.js';
import { localDate } from '../../lib/time.js';
import { SharedRefresh } from '../http/shared-refresh.js';
import type { UpstreamClient } from '../http/upstream-client.js';
import {
  STALE_AFTER_MS,
  UpstreamError,
  type LiveQueueFeed,
  type LiveQueueReading,
  type OperatorForecastFeed,
  type OperatorForecastHour,
  type ParkDaySchedule,
  type ParkDayShowtimes,
  type PriorityPrice,
  type PriorityPriceFeed,
  type ScheduleFeed,
  type Showtime,
  type ShowtimeFeed,
  unpublishedSchedule,
} from '../types.js';
import { ENTITY_RIDE_IDS } from './entity-ids.js';
import {
  FEED,
  parseLive,
  parseScheduleRows,
  schedulePrices,
  scheduleWindows,
  type EntityMatcher,
  type LiveParse,
  type MatchedRide,
  type ScheduleRow,
  type Unmatched,
} from './parse.js';

export { FEED as THEMEPARKS_WIKI } from './parse.js';

export interface FeedLogger {
  warn(details: object, message: string): void;
}

export interface ThemeParksWikiOptions {
  readonly client: UpstreamClient;
  readonly catalog: Catalog;
  readonly clock: Clock;
  readonly logger?: FeedLogger;
  /** How long a park's live payload is shared; default 30 s (the upstream refreshes about once a minute). */
  readonly liveIntervalMs?: number;
  /** How long a park's schedule is shared; default 10 minutes. */
  readonly scheduleIntervalMs?: number;
}

interface LiveRead {
  readonly reading: LiveQueueReading;
  readonly showtimes: readonly Showtime[];
}

/** What the park's latest live read left of the operator's forecast: none when it failed. */
interface KeptForecast {
  /** When the read began: of overlapping reads, the one begun last is the latest. */
  readonly startedAt: number;
  /** When its payload arrived (the freshness of its numbers). */
  readonly at: number;
  readonly hours: readonly OperatorForecastHour[] | null;
}

/** Trademark signs are decoration upstream ("Revenge of the Mummy™"), not part of the name. */
function cleanName(name: string): string {
  return name.replace(/[™®©℠]/g, '').trim();
}

export class ThemeParksWikiFeed
  implements LiveQueueFeed, ScheduleFeed, PriorityPriceFeed, ShowtimeFeed, OperatorForecastFeed
{
  readonly realTimeOnly = true;
  private readonly live: SharedRefresh<LiveRead>;
  private readonly schedules: SharedRefresh<ScheduleRow[]>;
  private readonly forecasts = new Map<string, KeptForecast>();
  private readonly logged = new Set<string>();

  constructor(private readonly options: ThemeParksWikiOptions) {
    this.live = new SharedRefresh(options.clock, options.liveIntervalMs ?? 30_000);
    this.schedules = new SharedRefresh(options.clock, options.scheduleIntervalMs ?? 10 * 60_000);
  }

  async readLiveQueues(park: Park, _at: number): Promise<LiveQueueReading> {
    return (await this.readLive(park)).reading;
  }

  async readShowtimes(park: Park, date: string, at: number): Promise<ParkDayShowtimes> {
    const today = localDate(at, park.time_zone);
    // ThemeParks.wiki publishes the day's showtimes on the day only: another date's are unknown
    // (reported unavailable), never an empty day that would read as "no shows".
    if (date !== today) {
      throw new UpstreamError(
        FEED,
        `ThemeParks.wiki publishes ${park.name}'s showtimes for today (${today}) only, not for ${date}`,
      );
    }
    const { showtimes } = await this.readLive(park);
    return {
      park_id: park.id,
      date,
      basis: 'published',
      showtimes: showtimes.filter((s) => localDate(s.starts_at, park.time_zone) === date),
    };
  }

  /** Changes whenever what `readOperatorForecast` would give changes (a newer read, or staleness). */
  version(park: Park, at: number): string {
    const kept = this.forecasts.get(park.key);
    if (!kept) return 'none';
    return `${kept.startedAt}|${this.usableHours(park, at) ? 'usable' : 'none'}`;
  }

  /**
   * The forecast hours of the park-local `date` from the park's latest live read. Empty (never
   * stale numbers) when the latest read failed or is as old as the live freshness limit: the park's
   * waits are unavailable then too.
   */
  async readOperatorForecast(park: Park, date: string, at: number): Promise<readonly OperatorForecastHour[]> {
    if (!this.usableHours(park, at)) {
      // An instance that does not ingest (a follower, scaled out) has no poll keeping the forecast:
      // it reads the live payload itself, shared with its showtimes and at most once per live
      // interval per park (a failed read is retried only after the short failure interval).
      await this.readLive(park).catch(() => undefined);
    }
    const hours = this.usableHours(park, at) ?? [];
    return hours.filter((hour) => localDate(hour.starts_at, park.time_zone) === date);
  }

  /** The kept forecast hours while the read they came from succeeded and is fresh at `at`. */
  private usableHours(park: Park, at: number): readonly OperatorForecastHour[] | undefined {
    const kept = this.forecasts.get(park.key);
    return kept?.hours && at - kept.at < STALE_AFTER_MS ? kept.hours : undefined;
  }

  async readSchedule(park: Park, date: string): Promise<ParkDaySchedule> {
    const rows = await this.readScheduleRows(park);
    if (rows.length === 0) return unpublishedSchedule(park.id, date);
    this.requireCovered(park, rows, date);
    return { park_id: park.id, date, windows: scheduleWindows(rows, date) };
  }

  async readPriorityPrices(park: Park, date: string, at: number): Promise<readonly PriorityPrice[]> {
    const rows = await this.readScheduleRows(park);
    // A park without a schedule document sells nothing through it: no prices, not an outage.
    if (rows.length === 0) return [];
    this.requireCovered(park, rows, date);
    const { prices, unmatched } = schedulePrices(rows, date, at, this.matcher(park));
    this.logUnmatched(park, unmatched);
    return prices;
  }

  /**
   * A date past the last one the upstream publishes is unknown, not a closed day. Days before its
   * first are past days it no longer lists (yesterday, read to see whether a late window runs past
   * midnight): they have no windows left to show.
   */
  private requireCovered(park: Park, rows: readonly ScheduleRow[], date: string): void {
    const dates = rows.map((r) => r.date).sort();
    const first = dates[0];
    const last = dates.at(-1);
    if (first === undefined || last === undefined || date > last) {
      throw new UpstreamError(
        FEED,
        first === undefined
          ? `ThemeParks.wiki publishes no schedule for ${park.name}`
          : `ThemeParks.wiki publishes ${park.name}'s schedule from ${first} to ${last}, not for ${date}`,
      );
    }
  }

  private readLive(park: Park): Promise<LiveRead> {
    return this.live.get(park.key, async () => {
      const startedAt = this.options.clock.now();
      let parsed: LiveParse;
      try {
        const { body } = await this.options.client.getJson(`/v1/entity/${park.id}/live`);
        parsed = parseLive(body, park, this.matcher(park));
      } catch (error) {
        this.keepForecast(park, { startedAt, at: this.options.clock.now(), hours: null });
        throw error;
      }
      const observedAt = this.options.clock.now();
      this.keepForecast(park, { startedAt, at: observedAt, hours: parsed.forecast });
      this.logUnmatched(park, parsed.unmatched);
      for (const status of parsed.unknownStatuses) {
        this.logOnce(
          `${park.key}|status|${status}`,
          { park: park.key, status },
          'ThemeParks.wiki sent a status we do not know; the ride is shown closed. Add it to STATUSES in src/feeds/themeparks-wiki/parse.ts',
        );
      }
      return {
        reading: { park_id: park.id, observed_at: observedAt, entries: parsed.entries },
        showtimes: parsed.showtimes,
      };
    });
  }

  /** Reads can overlap: an older one that finishes after a newer one does not replace it. */
  private keepForecast(park: Park, kept: KeptForecast): void {
    const current = this.forecasts.get(park.key);
    if (current && current.startedAt > kept.startedAt) return;
    this.forecasts.set(park.key, kept);
  }

  private readScheduleRows(park: Park): Promise<ScheduleRow[]> {
    return this.schedules.get(park.key, async () => {
      const path = `/v1/entity/${park.id}/schedule`;
      // A 404 is the upstream saying the park has no schedule (no rows: hours unknown). Anything
      // else that fails stays an UpstreamError, so a transient outage still answers 503.
      const response = await this.options.client.get(path);
      if (response.status === 404) return [];
      if (response.status < 200 || response.status >= 300) {
        throw new UpstreamError(FEED, `ThemeParks.wiki answered ${response.status} for ${path}`);
      }
      let body: unknown;
      try {
        body = JSON.parse(response.text) as unknown;
      } catch (error) {
        throw new UpstreamError(FEED, `ThemeParks.wiki sent a schedule that is not JSON for ${path}`, {
          cause: error,
        });
      }
      return parseScheduleRows(body, park);
    });
  }

  private matcher(park: Park): EntityMatcher {
    const { catalog } = this.options;
    const found = (rideId: string | undefined): MatchedRide | undefined => {
      if (rideId === undefined) return undefined;
      const lookup = catalog.ride(rideId, park);
      if (lookup.kind !== 'found') return undefined;
      const { ride } = lookup;
      return { ride_id: ride.id, name: ride.name, type: ride.type, land: ride.land };
    };
    return (entity) => found(ENTITY_RIDE_IDS[entity.id]) ?? found(cleanName(entity.name));
  }

  private logUnmatched(park: Park, unmatched: readonly Unmatched[]): void {
    for (const entity of unmatched) {
      const attraction = entity.entityType === 'ATTRACTION' || entity.entityType === 'SHOW';
      this.logOnce(
        `${park.key}|${entity.id}`,
        {
          park: park.key,
          entity_id: entity.id,
          name: entity.name,
          entity_type: entity.entityType,
          reason: entity.reason,
        },
        attraction
          ? `ThemeParks.wiki entity "${entity.name}" matches no catalog attraction of ${park.name} and is left out; add '${entity.id}': '${park.key}_<slug>' to src/feeds/themeparks-wiki/entity-ids.ts, or the attraction to src/catalog/data/attractions/${park.key}.json`
          : `ThemeParks.wiki entity "${entity.name}" of ${park.name} is left out (${entity.reason})`,
      );
    }
  }

  private logOnce(key: string, details: object, message: string): void {
    if (this.logged.has(key)) return;
    this.logged.add(key);
    this.options.logger?.warn(details, message);
  }
}
