/**
 * The recorded outages as the reopening model reads them, whichever feed recorded them: each
 * outage's ride kind, how it opened (at the ride's opening, or as a stop) and how it ended
 * (reopened, closed instead, or unobserved), and when each park closed.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Catalog } from '../../catalog/catalog.js';
import { rideKind } from '../../catalog/ride-kind.js';
import type { Attraction } from '../../catalog/types.js';
import { localHour } from '../../lib/time.js';
import { openIntervals, type Interval } from '../../models/intervals.js';
import {
  OUTAGE_GROUPS,
  type OutageEnd,
  type OutageGroup,
  type RecordedOutage,
} from '../../models/reopening.js';
import type { HistoryStore, OutageRecord } from '../../store/ports.js';

/** Statuses before an outage that say the ride had not run yet (it was closed, or not reported). */
const NOT_RUNNING = new Set(['CLOSED', 'REFURBISHMENT']);

const isGroup = (status: string): status is OutageGroup =>
  (OUTAGE_GROUPS as readonly string[]).includes(status);

function endOf(status: string | null): OutageEnd | null {
  if (status === null) return null;
  if (status === 'OPERATING') return 'reopened';
  return status === 'unavailable' ? 'unobserved' : 'closed';
}

/** A stored outage as the model reads it; undefined for a status that opens no outage. */
export function toRecordedOutage(
  record: OutageRecord,
  ride: Attraction | undefined,
  zone: string,
): RecordedOutage | undefined {
  if (!isGroup(record.status)) return undefined;
  return {
    ride_id: record.ride_id,
    park_key: record.park_key,
    kind: ride && rideKind(ride),
    group: record.status,
    at_opening: record.status_before !== null && NOT_RUNNING.has(record.status_before),
    local_hour: localHour(record.started_at, zone),
    started_at: record.started_at,
    ended_at: record.ended_at,
    end: record.ended_at === null ? null : endOf(record.ended_status),
  };
}

/** Every park's outages that started with `from <= started_at < to`. */
export async function readRecordedOutages(
  store: HistoryStore,
  catalog: Catalog,
  from: number,
  to: number,
): Promise<RecordedOutage[]> {
  const rides = new Map(catalog.parks.flatMap((park) => park.attractions.map((ride) => [ride.id, ride])));
  const outages: RecordedOutage[] = [];
  for (const park of catalog.parks) {
    for (const record of await store.outageRecords(park.key, from, to)) {
      const outage = toRecordedOutage(record, rides.get(record.ride_id), park.time_zone);
      if (outage) outages.push(outage);
    }
    // The store may answer synchronously (SQLite): a turn of the event loop between parks keeps
    // a long history from holding off requests.
    await nextTurn();
  }
  return outages;
}

/** The end of the interval of `intervals` (sorted, disjoint) that holds `at`; undefined outside them. */
export function closingIn(intervals: readonly Interval[], at: number): number | undefined {
  let low = 0;
  let high = intervals.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [start, end] = intervals[middle] ?? [0, 0];
    if (at < start) high = middle - 1;
    else if (at >= end) low = middle + 1;
    else return end;
  }
  return undefined;
}

/**
 * When each park was open in `[from, to)`, as recorded: `closingAt` says when it closed, and
 * nothing for an instant it was closed, or open still at `to` (its closing is not recorded yet).
 */
export async function readRecordedClosings(
  store: HistoryStore,
  catalog: Catalog,
  from: number,
  to: number,
): Promise<(parkKey: string, at: number) => number | undefined> {
  const open = new Map<string, Interval[]>();
  for (const park of catalog.parks) {
    const transitions = await store.transitions(park.key, from, to);
    const intervals = openIntervals(transitions, from, to);
    if (transitions.at(-1)?.state === 'open') intervals.pop();
    open.set(park.key, intervals);
  }
  return (parkKey, at) => closingIn(open.get(parkKey) ?? [], at);
}

/** The store's whole recorded outage history, as the backtest reads it. */
export interface OutageHistory {
  readonly outages: readonly RecordedOutage[];
  closingAt(parkKey: string, at: number): number | undefined;
  /** When the first park's recording began, and where the parks' recording has reached. */
  readonly since: number;
  readonly until: number;
}

/** Every park's recorded outages and hours; undefined when nothing is recorded yet. */
export async function readOutageHistory(
  store: HistoryStore,
  catalog: Catalog,
): Promise<OutageHistory | undefined> {
  const checkpoints = [...(await store.checkpoints()).values()];
  const firsts: number[] = [];
  for (const park of catalog.parks) {
    const first = await store.firstChangeAt(park.key);
    if (first !== undefined) firsts.push(first);
  }
  if (checkpoints.length === 0 || firsts.length === 0) return undefined;
  const since = Math.min(...firsts);
  const until = Math.max(...checkpoints);
  return {
    outages: await readRecordedOutages(store, catalog, since, until + 1),
    closingAt: await readRecordedClosings(store, catalog, since, until + 1),
    since,
    until,
  };
}
