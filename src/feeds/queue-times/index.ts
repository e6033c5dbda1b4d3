/**
 * FEED=queue-times: posted standby waits and open/closed from Queue-Times.com (QUEUE_TIMES_URL),
 * `/parks/{queue_times_id}/queue_times.json`, one shared read per park per interval through the
 * shared UpstreamClient. It has nothing else: no return windows, prices, showtimes or hours (those
 * stay simulated). Queue-Times asks every user to show "Powered by Queue-Times.com" with a link to
 * https://queue-times.com/; the /v1 attribution rule, every site page and the docs carry it.
 *
 * A closed ride reports `wait_time: 0`, not null: it is read as CLOSED with no wait. Rides match the
 * catalog by normalised name within the park; a "<ride> Single Rider" row is that ride's single-rider
 * wait. A row that matches nothing is logged once with what to add.
 */
import type { Catalog } from '../../catalog/catalog.js';
import type { Attraction, Park } from '../../catalog/types.js';
import type { Clock } from '../../lib/clock.js';
import { SharedRefresh } from '../http/shared-refresh.js';
import type { UpstreamClient } from '../http/upstream-client.js';
import { UpstreamError, type LiveQueueEntry, type LiveQueueFeed, type LiveQueueReading } from '../types.js';

export const QUEUE_TIMES = 'queue-times';

export interface QueueTimesRide {
  readonly id: number | string;
  readonly name: string;
  readonly is_open: boolean;
  readonly wait_time: number | null;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function malformed(park: Park, what: string): UpstreamError {
  return new UpstreamError(QUEUE_TIMES, `Queue-Times sent a malformed payload for ${park.name}: ${what}`);
}

function ride(value: unknown, park: Park): QueueTimesRide {
  if (!isObject(value) || typeof value.name !== 'string' || typeof value.is_open !== 'boolean') {
    throw malformed(park, 'a ride has no string `name` or boolean `is_open`');
  }
  const wait = value.wait_time;
  return {
    id: typeof value.id === 'number' || typeof value.id === 'string' ? value.id : value.name,
    name: value.name,
    is_open: value.is_open,
    wait_time: typeof wait === 'number' && Number.isFinite(wait) && wait >= 0 ? Math.round(wait) : null,
  };
}

/** Every ride of a `queue_times.json` body: those grouped in lands and those outside any land. */
export function parseQueueTimes(payload: unknown, park: Park): QueueTimesRide[] {
  if (!isObject(payload)) throw malformed(park, 'the body is not a JSON object');
  const { lands, rides } = payload;
  if (!Array.isArray(lands) && !Array.isArray(rides))
    throw malformed(park, 'neither `lands` nor `rides` is a list');
  const all: QueueTimesRide[] = [];
  for (const land of Array.isArray(lands) ? lands : []) {
    if (!isObject(land) || !Array.isArray(land.rides)) throw malformed(park, 'a land has no `rides` list');
    for (const row of land.rides) all.push(ride(row, park));
  }
  for (const row of Array.isArray(rides) ? rides : []) all.push(ride(row, park));
  return all;
}

const SINGLE_RIDER = /\s*[-–(]?\s*single\s+rider\)?\s*$/i;

export interface QueueTimesOptions {
  readonly client: UpstreamClient;
  readonly catalog: Catalog;
  readonly clock: Clock;
  readonly logger?: { warn(details: object, message: string): void };
  /** How long a park's payload is shared; default 60 s (Queue-Times refreshes every five minutes). */
  readonly intervalMs?: number;
}

export class QueueTimesFeed implements LiveQueueFeed {
  readonly realTimeOnly = true;
  private readonly reads: SharedRefresh<LiveQueueReading>;
  private readonly logged = new Set<string>();

  constructor(private readonly options: QueueTimesOptions) {
    this.reads = new SharedRefresh(options.clock, options.intervalMs ?? 60_000);
  }

  readLiveQueues(park: Park, _at: number): Promise<LiveQueueReading> {
    return this.reads.get(park.key, async () => {
      const { body } = await this.options.client.getJson(`/parks/${park.queue_times_id}/queue_times.json`);
      const observedAt = this.options.clock.now();
      return {
        park_id: park.id,
        observed_at: observedAt,
        entries: this.entries(park, parseQueueTimes(body, park)),
      };
    });
  }

  private entries(park: Park, rows: readonly QueueTimesRide[]): LiveQueueEntry[] {
    const standby = new Map<string, { ride: Attraction; row: QueueTimesRide }>();
    const singleRider = new Map<string, QueueTimesRide>();
    for (const row of rows) {
      const single = SINGLE_RIDER.test(row.name);
      const name = row.name
        .replace(SINGLE_RIDER, '')
        .replace(/[™®©℠]/g, '')
        .trim();
      const lookup = this.options.catalog.ride(name, park);
      if (lookup.kind !== 'found') {
        this.logOnce(park, row);
        continue;
      }
      if (single) singleRider.set(lookup.ride.id, row);
      else if (!standby.has(lookup.ride.id)) standby.set(lookup.ride.id, { ride: lookup.ride, row });
    }
    return [...standby.values()].map(({ ride: attraction, row }) => {
      const single = singleRider.get(attraction.id);
      return {
        ride_id: attraction.id,
        name: attraction.name,
        type: attraction.type,
        // Closed rides report 0, not null: closed means no wait at all.
        status: row.is_open ? 'OPERATING' : 'CLOSED',
        standby_wait_minutes: row.is_open ? row.wait_time : null,
        single_rider_wait_minutes: row.is_open && single?.is_open ? single.wait_time : null,
        return_windows: [],
      };
    });
  }

  private logOnce(park: Park, row: QueueTimesRide): void {
    const key = `${park.key}|${row.id}`;
    if (this.logged.has(key)) return;
    this.logged.add(key);
    this.options.logger?.warn(
      { park: park.key, queue_times_id: row.id, name: row.name },
      `Queue-Times ride "${row.name}" matches no catalog attraction of ${park.name} and is left out; add it to src/catalog/data/attractions/${park.key}.json (or fix its name there)`,
    );
  }
}
