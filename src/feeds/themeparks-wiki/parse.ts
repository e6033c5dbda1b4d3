/**
 * ThemeParks.wiki payloads (`/v1/entity/{id}/live` and `/schedule`) to the domain types. Pure: the
 * caller supplies the catalog matcher and collects what did not match. A payload that is not the
 * documented shape throws UpstreamError with what was wrong, so the park is marked unavailable.
 */
import type { AttractionType, Park } from '../../catalog/types.js';
import {
  UpstreamError,
  type LiveQueueEntry,
  type Money,
  type OperatorForecastHour,
  type OperatorStatus,
  type PriorityPrice,
  type PriorityProduct,
  type ReturnWindow,
  type ScheduleWindow,
  type Showtime,
} from '../types.js';
import { parseUpstreamTime, windowEnd } from './time.js';

export const FEED = 'themeparks-wiki';

/** What a live row names, for the matcher. */
export interface EntityRef {
  readonly id: string;
  readonly name: string;
  readonly entityType: string;
}

export interface MatchedRide {
  readonly ride_id: string;
  readonly name: string;
  readonly type: AttractionType;
  readonly land: string | null;
}

/** Finds the catalog attraction for an upstream entity, or undefined. */
export type EntityMatcher = (entity: EntityRef) => MatchedRide | undefined;

export interface Unmatched extends EntityRef {
  readonly reason: string;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function malformed(park: Park, what: string): UpstreamError {
  return new UpstreamError(FEED, `ThemeParks.wiki sent a malformed payload for ${park.name}: ${what}`);
}

/** Entity types that are attractions in our sense; the rest (restaurants, hotels) are not ours. */
const ATTRACTION_TYPES = new Set(['ATTRACTION', 'SHOW']);

const STATUSES: Readonly<Record<string, OperatorStatus>> = {
  OPERATING: 'OPERATING',
  // ThemeParks.wiki folds Universal's brief and weather delays into DOWN: they arrive as DOWN here.
  DOWN: 'DOWN',
  CLOSED: 'CLOSED',
  REFURBISHMENT: 'REFURBISHMENT',
};

/** Universal posts 995 (and similar sentinels) for "no wait available". */
export const NO_WAIT_SENTINEL = 995;

/** A posted wait in minutes, or null when absent, not a number, negative or a sentinel. */
export function waitMinutes(queue: unknown): number | null {
  if (!isObject(queue)) return null;
  const value = queue.waitTime;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value >= NO_WAIT_SENTINEL)
    return null;
  return Math.round(value);
}

/** Upstream prices are in minor units (cents). */
export function money(value: unknown): Money | null {
  if (!isObject(value)) return null;
  const { amount, currency } = value;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) return null;
  return {
    amount: Math.round(amount) / 100,
    currency: typeof currency === 'string' && currency !== '' ? currency : 'USD',
  };
}

function returnWindow(
  queue: unknown,
  type: 'multi_pass' | 'single_pass',
  park: Park,
): ReturnWindow | undefined {
  if (!isObject(queue)) return undefined;
  const price = type === 'single_pass' ? money(queue.price) : null;
  const start = parseUpstreamTime(queue.returnStart, park.time_zone);
  const available = queue.state === 'AVAILABLE' && start !== null;
  // TEMP_FULL and FINISHED both mean no window can be booked now.
  if (!available) return { type, state: 'FINISHED', start: null, end: null, price };
  return {
    type,
    state: 'AVAILABLE',
    start,
    end: windowEnd(start, parseUpstreamTime(queue.returnEnd, park.time_zone)),
    price,
  };
}

/**
 * A ride's hourly operator `forecast` (`[{ time, waitTime, percentage }]`, times with park-local
 * offsets or in UTC): one hour per start, the first row winning; a row without a readable time or
 * a usable wait (absent, negative, the 995 sentinel) is skipped, never guessed.
 */
export function forecastHours(forecast: unknown, rideId: string, park: Park): OperatorForecastHour[] {
  if (!Array.isArray(forecast)) return [];
  const hours = new Map<number, OperatorForecastHour>();
  for (const row of forecast) {
    if (!isObject(row)) continue;
    const startsAt = parseUpstreamTime(row.time, park.time_zone);
    const wait = waitMinutes(row);
    if (startsAt === null || wait === null || hours.has(startsAt)) continue;
    hours.set(startsAt, { ride_id: rideId, starts_at: startsAt, wait_minutes: wait });
  }
  return [...hours.values()].sort((a, b) => a.starts_at - b.starts_at);
}

export interface LiveParse {
  readonly entries: LiveQueueEntry[];
  readonly showtimes: Showtime[];
  /** The operator's hourly forecast of every matched ride that carries one. */
  readonly forecast: OperatorForecastHour[];
  readonly unmatched: Unmatched[];
  /** Statuses we do not know, mapped to CLOSED. */
  readonly unknownStatuses: string[];
}

/** Checks the envelope: an object for this park with a `liveData` array. */
function liveRows(payload: unknown, park: Park): unknown[] {
  if (!isObject(payload)) throw malformed(park, 'the body is not a JSON object');
  if (typeof payload.id === 'string' && payload.id !== park.id) {
    throw malformed(park, `it describes entity ${payload.id}, not the park ${park.id}`);
  }
  if (!Array.isArray(payload.liveData)) throw malformed(park, '`liveData` is missing or not a list');
  return payload.liveData;
}

export function parseLive(payload: unknown, park: Park, match: EntityMatcher): LiveParse {
  const entries: LiveQueueEntry[] = [];
  const showtimes: Showtime[] = [];
  const forecast: OperatorForecastHour[] = [];
  const unmatched: Unmatched[] = [];
  const unknownStatuses: string[] = [];
  const seen = new Set<string>();
  for (const row of liveRows(payload, park)) {
    if (!isObject(row) || typeof row.id !== 'string' || typeof row.name !== 'string') {
      throw malformed(park, 'a `liveData` row has no string `id` and `name`');
    }
    const entity: EntityRef = {
      id: row.id,
      name: row.name,
      entityType: typeof row.entityType === 'string' ? row.entityType : '',
    };
    // The PARK row carries a `lastUpdated` that is stale in real captures: never used for freshness.
    if (entity.entityType === 'PARK') continue;
    if (!ATTRACTION_TYPES.has(entity.entityType)) {
      unmatched.push({
        ...entity,
        reason: `entity type ${entity.entityType || '(none)'} is not an attraction`,
      });
      continue;
    }
    const ride = match(entity);
    if (!ride) {
      unmatched.push({ ...entity, reason: 'no catalog attraction has this ID or name' });
      continue;
    }
    if (seen.has(ride.ride_id)) continue; // several upstream entities for one ride: the first wins
    seen.add(ride.ride_id);

    const rawStatus = typeof row.status === 'string' ? row.status : '';
    let status = STATUSES[rawStatus];
    if (!status) {
      unknownStatuses.push(rawStatus || '(none)');
      status = 'CLOSED';
    }
    const queue = isObject(row.queue) ? row.queue : {};
    const operating = status === 'OPERATING';
    const windows = [
      returnWindow(queue.RETURN_TIME, 'multi_pass', park),
      returnWindow(queue.PAID_RETURN_TIME, 'single_pass', park),
    ].filter((w): w is ReturnWindow => w !== undefined);
    entries.push({
      ride_id: ride.ride_id,
      name: ride.name,
      type: ride.type,
      status,
      // A ride that is not operating has no wait, whatever number is left in the payload.
      standby_wait_minutes: operating ? waitMinutes(queue.STANDBY) : null,
      single_rider_wait_minutes: operating ? waitMinutes(queue.SINGLE_RIDER) : null,
      return_windows: operating
        ? windows
        : windows.map((w) => ({ ...w, state: 'FINISHED', start: null, end: null })),
    });

    // The operator's plan for the day, whatever the ride's status now (a ride down for an hour
    // keeps its forecast for the rest of the day).
    forecast.push(...forecastHours(row.forecast, ride.ride_id, park));

    if (Array.isArray(row.showtimes)) {
      for (const show of row.showtimes) {
        if (!isObject(show)) continue;
        const starts = parseUpstreamTime(show.startTime, park.time_zone);
        if (starts === null) continue;
        const ends = parseUpstreamTime(show.endTime, park.time_zone);
        showtimes.push({
          show_id: ride.ride_id,
          name: ride.name,
          type: ride.type,
          land: ride.land,
          starts_at: starts,
          ends_at: ends !== null && ends > starts ? ends : starts,
        });
      }
    }
  }
  showtimes.sort((a, b) => a.starts_at - b.starts_at);
  return { entries, showtimes, forecast, unmatched, unknownStatuses };
}

export interface ScheduleRow {
  readonly date: string;
  readonly type: string;
  readonly description: string | null;
  readonly opens_at: number;
  readonly closes_at: number;
  readonly purchases: readonly unknown[];
}

/** The schedule's rows, each with its times normalised; rows without readable times are dropped. */
export function parseScheduleRows(payload: unknown, park: Park): ScheduleRow[] {
  if (!isObject(payload)) throw malformed(park, 'the schedule body is not a JSON object');
  if (typeof payload.id === 'string' && payload.id !== park.id) {
    throw malformed(park, `the schedule describes entity ${payload.id}, not the park ${park.id}`);
  }
  if (!Array.isArray(payload.schedule)) throw malformed(park, '`schedule` is missing or not a list');
  const rows: ScheduleRow[] = [];
  for (const row of payload.schedule) {
    if (!isObject(row) || typeof row.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(row.date)) continue;
    const opens = parseUpstreamTime(row.openingTime, park.time_zone);
    const closes = windowEnd(opens, parseUpstreamTime(row.closingTime, park.time_zone));
    if (opens === null || closes === null) continue;
    rows.push({
      date: row.date,
      type: typeof row.type === 'string' ? row.type : '',
      description: typeof row.description === 'string' && row.description !== '' ? row.description : null,
      opens_at: opens,
      closes_at: closes,
      purchases: Array.isArray(row.purchases) ? row.purchases : [],
    });
  }
  return rows;
}

/**
 * A date's operating windows. OPERATING is the park's hours; EXTRA_HOURS is early entry before the
 * opening (extended evening after it); TICKETED_EVENT is named by its description (Disney's Early
 * Entry and Extended Evening are sold as events upstream). INFO rows (park hopping) are not hours.
 */
export function scheduleWindows(rows: readonly ScheduleRow[], date: string): ScheduleWindow[] {
  const day = rows.filter((row) => row.date === date);
  const opening = Math.min(...day.filter((r) => r.type === 'OPERATING').map((r) => r.opens_at));
  const windows: ScheduleWindow[] = [];
  for (const row of day) {
    const description = row.description ?? '';
    let type: ScheduleWindow['type'] | undefined;
    if (row.type === 'OPERATING') type = 'OPERATING';
    else if (row.type === 'EXTRA_HOURS') type = row.closes_at <= opening ? 'EARLY_ENTRY' : 'EXTENDED_EVENING';
    else if (row.type === 'TICKETED_EVENT') {
      if (/early/i.test(description)) type = 'EARLY_ENTRY';
      else if (/extended|evening hours/i.test(description)) type = 'EXTENDED_EVENING';
      else type = 'TICKETED_EVENT';
    }
    if (!type) continue;
    const fallback: Record<ScheduleWindow['type'], string> = {
      OPERATING: 'Park hours',
      EARLY_ENTRY: 'Early Entry',
      EXTENDED_EVENING: 'Extended Evening',
      TICKETED_EVENT: 'Ticketed event',
    };
    windows.push({
      type,
      description: row.description ?? fallback[type],
      opens_at: row.opens_at,
      closes_at: row.closes_at,
    });
  }
  return windows.sort((a, b) => a.opens_at - b.opens_at);
}

/** A purchase's product: the multi pass, premier pass, Express and a ride's single pass. */
function product(name: string, kind: string): PriorityProduct | undefined {
  if (/premier/i.test(name)) return 'premier_pass';
  if (/express/i.test(name)) return /unlimited/i.test(name) ? 'express_unlimited' : 'express';
  if (/multi/i.test(name)) return 'multi_pass';
  if (kind === 'ATTRACTION' || /lightning lane for|single pass/i.test(name)) return 'single_pass';
  return undefined;
}

/** The ride a single-pass purchase buys, by the name after "Lightning Lane for". */
function purchaseRideName(name: string): string {
  return name.replace(/^.*?\bfor\s+/i, '').trim();
}

/**
 * Priority-lane prices for a date from the OPERATING rows' `purchases` (amounts in cents). A
 * purchase whose product or ride cannot be told is reported in `unmatched`, not guessed.
 */
export function schedulePrices(
  rows: readonly ScheduleRow[],
  date: string,
  at: number,
  match: EntityMatcher,
): { prices: PriorityPrice[]; unmatched: Unmatched[] } {
  const prices: PriorityPrice[] = [];
  const unmatched: Unmatched[] = [];
  for (const row of rows) {
    if (row.date !== date) continue;
    for (const purchase of row.purchases) {
      if (!isObject(purchase) || typeof purchase.name !== 'string') continue;
      const price = money(purchase.price);
      const id = typeof purchase.id === 'string' ? purchase.id : purchase.name;
      const kind = typeof purchase.type === 'string' ? purchase.type : '';
      const which = product(purchase.name, kind);
      if (!price || !which) {
        unmatched.push({
          id,
          name: purchase.name,
          entityType: `purchase ${kind}`,
          reason: 'no price or unknown product',
        });
        continue;
      }
      const base = {
        product: which,
        product_name: purchase.name,
        price,
        available: purchase.available !== false,
        updated_at: at,
      };
      if (which !== 'single_pass') {
        prices.push(base);
        continue;
      }
      const ride = match({ id, name: purchaseRideName(purchase.name), entityType: 'ATTRACTION' });
      if (!ride) {
        unmatched.push({
          id,
          name: purchase.name,
          entityType: `purchase ${kind}`,
          reason: 'the ride it buys is not in the catalog',
        });
        continue;
      }
      prices.push({ ...base, ride_id: ride.ride_id });
    }
  }
  return { prices, unmatched };
}
