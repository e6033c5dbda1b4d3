/**
 * The upstream interface, one per data family. Every implementation (the simulator, real adapters)
 * normalises its source into these domain types; nothing downstream knows which feed it reads.
 * Times are epoch milliseconds (UTC); park-local dates are `YYYY-MM-DD` in the park's zone.
 */
import type { AttractionType, Park, PriorityLaneType } from '../catalog/types.js';

/**
 * How long an adapter keeps a successful upstream read usable between its own reads (an upstream
 * read less often than ingest polls). Whether live data is served is the live state's window.
 */
export const STALE_AFTER_MS = 2 * 60_000;

/** Operator status as the feeds report it, normalised across operators. */
export type OperatorStatus =
  'OPERATING' | 'DOWN' | 'BRIEF_DELAY' | 'WEATHER_DELAY' | 'CLOSED' | 'REFURBISHMENT';

/** The statuses that open an outage (SPEC "Outage" table). */
export const OUTAGE_STATUSES: ReadonlySet<OperatorStatus> = new Set<OperatorStatus>([
  'DOWN',
  'BRIEF_DELAY',
  'WEATHER_DELAY',
]);

export type ReturnWindowState = 'AVAILABLE' | 'FINISHED';

export interface Money {
  /** Major units (dollars), two decimals at most. */
  readonly amount: number;
  /** ISO 4217 code. */
  readonly currency: string;
}

export interface ReturnWindow {
  readonly type: PriorityLaneType;
  readonly state: ReturnWindowState;
  /** Start of the next return window; null when sold out. */
  readonly start: number | null;
  readonly end: number | null;
  /** Single-ride price; null for the multi-pass window. */
  readonly price: Money | null;
}

export interface LiveQueueEntry {
  /** Catalog ride ID (`<park_key>_<slug>`). */
  readonly ride_id: string;
  readonly name: string;
  readonly type: AttractionType;
  readonly status: OperatorStatus;
  /** Posted standby wait in minutes; null when the operator posts none. */
  readonly standby_wait_minutes: number | null;
  readonly single_rider_wait_minutes: number | null;
  /** Zero, one or two windows (multi pass and single pass). */
  readonly return_windows: readonly ReturnWindow[];
}

export interface LiveQueueReading {
  readonly park_id: string;
  /** When the upstream produced the reading. */
  readonly observed_at: number;
  /**
   * Every attraction the operator reports right now. Queued rides may be missing (no live value);
   * shows, experiences and meets appear only while reported.
   */
  readonly entries: readonly LiveQueueEntry[];
}

export interface LiveQueueFeed {
  /**
   * True for a real upstream, which answers only for now: history cannot be replayed (no backfill;
   * a restart leaves the downtime as a gap). Absent for the simulator, a pure function of time.
   */
  readonly realTimeOnly?: boolean;
  /** The park's live queues at `at`. Rejects with `UpstreamError` when the upstream fails. */
  readLiveQueues(park: Park, at: number): Promise<LiveQueueReading>;
  /**
   * Only a feed that replays the past (the simulator): the reading at `at` and the first instant
   * after it whose reading may differ. Every reading before `nextChangeAt` reports the same entries
   * with the same values, so a backfill reads only where something changes. A feed without it (or a
   * wrapper that alters readings) is read every minute.
   */
  replayLiveQueues?(park: Park, at: number): Promise<ReplayedReading>;
}

/** A replayed reading and the first instant after it whose reading may differ. */
export interface ReplayedReading {
  readonly reading: LiveQueueReading;
  readonly nextChangeAt: number;
}

/** One operating window of a park-local day. */
export interface ScheduleWindow {
  readonly type: 'OPERATING' | 'EARLY_ENTRY' | 'EXTENDED_EVENING' | 'TICKETED_EVENT';
  readonly description: string;
  readonly opens_at: number;
  readonly closes_at: number;
}

export interface ParkDaySchedule {
  readonly park_id: string;
  readonly date: string;
  /** Empty when the park is closed all day, or when the schedule is not published. */
  readonly windows: readonly ScheduleWindow[];
  /**
   * False when the feed publishes no schedule for the park at all (the adapter lists none for a
   * discovered park, or the upstream says it has none): its hours are unknown, not closed. Absent
   * means published.
   */
  readonly published?: boolean;
}

/** The day of a park whose feed publishes no schedule: hours unknown, none invented. */
export function unpublishedSchedule(park_id: string, date: string): ParkDaySchedule {
  return { park_id, date, windows: [], published: false };
}

export interface ScheduleFeed {
  readSchedule(park: Park, date: string): Promise<ParkDaySchedule>;
}

export type PriorityProduct = 'multi_pass' | 'single_pass' | 'premier_pass' | 'express' | 'express_unlimited';

export interface PriorityPrice {
  readonly product: PriorityProduct;
  readonly product_name: string;
  /** For single-pass prices the ride they buy; absent for park-wide products. */
  readonly ride_id?: string;
  readonly price: Money;
  readonly available: boolean;
  readonly updated_at: number;
}

export interface PriorityPriceFeed {
  readPriorityPrices(park: Park, date: string, at: number): Promise<readonly PriorityPrice[]>;
}

/** One performance of a show or parade, or a character meet's or walk-through's open window. */
export interface Showtime {
  /** `<park_key>_<slug>`: the catalog attraction ID when the catalog lists the entertainment. */
  readonly show_id: string;
  readonly name: string;
  readonly type: AttractionType;
  /** The catalog land, or null for entertainment the catalog does not list (a parade route). */
  readonly land: string | null;
  readonly starts_at: number;
  /** End of the performance or of the meet window. */
  readonly ends_at: number;
}

/**
 * `published`: the operator's own times for the date (operators publish the day's times on the day).
 * `planned`: a later date, from the park's regular entertainment schedule and published hours.
 */
export type ShowtimeBasis = 'published' | 'planned';

export interface ParkDayShowtimes {
  readonly park_id: string;
  readonly date: string;
  readonly basis: ShowtimeBasis;
  /** Earliest first. */
  readonly showtimes: readonly Showtime[];
}

export interface ShowtimeFeed {
  /** The park's showtimes for a park-local date; `at` is now (what is published depends on it). */
  readShowtimes(park: Park, date: string, at: number): Promise<ParkDayShowtimes>;
}

/**
 * The latest observation of the weather station nearest a park. Every value is null when the
 * station did not report it (instruments fail; the agency sends null rather than a guess).
 */
export interface WeatherObservation {
  readonly station_id: string;
  readonly station_name: string | null;
  readonly observed_at: number;
  /** The station's text description, such as "Thunderstorms and Rain". */
  readonly description: string | null;
  readonly temperature_c: number | null;
  readonly dew_point_c: number | null;
  readonly relative_humidity_pct: number | null;
  readonly wind_speed_kmh: number | null;
  readonly wind_gust_kmh: number | null;
  /** Degrees from true north the wind blows from. */
  readonly wind_direction_deg: number | null;
  readonly precipitation_last_hour_mm: number | null;
  readonly visibility_km: number | null;
  /** A thunderstorm is reported at or near the station (present weather). */
  readonly thunderstorm: boolean;
}

export interface WeatherAlert {
  readonly id: string;
  /** The alert type, such as "Severe Thunderstorm Warning". */
  readonly event: string;
  readonly headline: string | null;
  readonly severity: 'Extreme' | 'Severe' | 'Moderate' | 'Minor' | 'Unknown';
  readonly urgency: string | null;
  readonly certainty: string | null;
  readonly onset_at: number | null;
  readonly ends_at: number | null;
  readonly expires_at: number | null;
  readonly sender_name: string | null;
}

export interface WeatherReading {
  /** Null when the station has not reported (or not within the feed's reach). */
  readonly observation: WeatherObservation | null;
  /** Alerts in effect for the park's location. */
  readonly alerts: readonly WeatherAlert[];
}

export interface WeatherFeed {
  /** Short identifier of the source, such as `sim` or `nws`. */
  readonly source: string;
  /** The park's weather at `at`. Rejects with `UpstreamError` when the upstream fails. */
  readWeather(park: Park, at: number): Promise<WeatherReading>;
  /**
   * Why the source has no weather for the park (a national agency's country ends), or undefined
   * when it covers it: such a park is not read, and its weather is unavailable with this reason.
   */
  outsideCoverage?(park: Park): string | undefined;
}

/** One hour of the operator's own wait forecast for a ride (ThemeParks.wiki: `forecast`). */
export interface OperatorForecastHour {
  readonly ride_id: string;
  /** Start of the hour the forecast is for. */
  readonly starts_at: number;
  readonly wait_minutes: number;
}

export interface OperatorForecastFeed {
  /**
   * The operator's hourly forecast for a park-local date as published at `at`: usually only today's
   * exists, at operators that publish one; an empty list otherwise.
   */
  readOperatorForecast(park: Park, date: string, at: number): Promise<readonly OperatorForecastHour[]>;
  /**
   * Changes whenever the answers for the park would (a new read, the kept one going stale), for
   * sources that keep a forecast between reads; bodies built from it are reused until then.
   */
  version?(park: Park, at: number): string;
}

/** Raised by any feed whose upstream could not be read; the park's live data becomes unavailable. */
export class UpstreamError extends Error {
  constructor(
    readonly feed: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'UpstreamError';
  }
}
