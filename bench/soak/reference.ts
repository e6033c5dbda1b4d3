/**
 * What an uninterrupted run records: the simulator (same catalog, same default seed as every
 * instance) stepped minute by minute through the ingest's own ParkIngestor from the coverage start,
 * exactly as a fresh instance backfills an empty store. The simulated state is constant within a
 * minute, so a row an instance recorded at any moment of minute m must be the reference's row of
 * minute m: comparing (park, ride, minute, status, wait) row by row finds a lost row, a duplicate,
 * or one stamped in the wrong minute (out of order). The same steps give each minute's real changes,
 * against which a stream's `changes` messages are checked.
 */
import type pg from 'pg';
import { Catalog } from '../../src/catalog/catalog.js';
import type { Park } from '../../src/catalog/types.js';
import { createSimulatedFeeds } from '../../src/feeds/sim/index.js';
import { CATCH_UP_STEP_MS } from '../../src/ingest/ingest.js';
import { ParkIngestor } from '../../src/ingest/park-ingestor.js';
import { startOfLocalDay } from '../../src/lib/time.js';

const MINUTE = CATCH_UP_STEP_MS;
/** How far back a published change may lie: the poll of the next minute, plus the bus's lag. */
const CHANGE_LATENESS_MINUTES = 2;

interface ParkReference {
  readonly park: Park;
  readonly ingestor: ParkIngestor;
  /** The next minute to step. */
  next: number;
  /** Keys `ride|minute|status|wait` of every reference row, in order. */
  readonly rows: string[];
  /** Per minute (from the watch start): each ride's `status/wait`, and the ids that changed. */
  readonly minutes: Map<number, { states: Map<string, string>; changed: Set<string> }>;
  /** Steps in progress: callers advancing one park at once take turns, so no minute is stepped twice. */
  stepping: Promise<void>;
}

export interface HistoryComparison {
  /** Parks compared and the cut-off (exclusive) of each. */
  readonly parks: number;
  readonly through: number;
  readonly referenceRows: number;
  readonly recordedRows: number;
  /** Reference rows missing from the store. */
  readonly lost: number;
  /** Stored rows the reference does not have (wrong minute, invented state). */
  readonly extra: number;
  /** Stored (park, ride, minute) recorded more than once. */
  readonly duplicated: number;
  /** A few of the differences, for the report. */
  readonly samples: readonly string[];
}

export interface ChangesMessage {
  readonly park_key: string;
  readonly at: string;
  readonly changes: readonly { ride_id: string; status: string; standby_wait_minutes: number | null }[];
  readonly removed: readonly string[];
}

const stateOf = (status: string, wait: number | null) => `${status}/${wait === null ? 'null' : String(wait)}`;

export class SimulatedReference {
  private readonly parks = new Map<string, ParkReference>();

  /**
   * `coverageStart` as the instances were given it; per-minute states are kept from `watchFrom`
   * on (earlier minutes only feed the row comparison).
   */
  constructor(
    coverageStart: string,
    private readonly watchFrom: number,
  ) {
    const catalog = Catalog.load();
    const feeds = createSimulatedFeeds(catalog);
    for (const park of catalog.parks) {
      this.parks.set(park.key, {
        park,
        ingestor: new ParkIngestor(park, feeds.liveQueues, feeds.schedule),
        next: startOfLocalDay(coverageStart, park.time_zone),
        rows: [],
        minutes: new Map(),
        stepping: Promise.resolve(),
      });
    }
  }

  /** Steps every park through the minute holding `at`. */
  async advance(at: number): Promise<void> {
    for (const reference of this.parks.values()) await this.advancePark(reference, at);
  }

  private advancePark(reference: ParkReference, at: number): Promise<void> {
    const turn = reference.stepping.then(() => this.stepPark(reference, at));
    reference.stepping = turn;
    return turn;
  }

  private async stepPark(reference: ParkReference, at: number): Promise<void> {
    const last = Math.floor(at / MINUTE) * MINUTE;
    while (reference.next <= last) {
      const minute = reference.next;
      const step = await reference.ingestor.step(minute);
      for (const change of step.changes) {
        reference.rows.push(
          `${change.ride_id}|${minute}|${stateOf(change.status, change.standby_wait_minutes)}`,
        );
      }
      if (minute >= this.watchFrom - CHANGE_LATENESS_MINUTES * MINUTE) {
        const states = new Map(
          step.snapshot.entries.map((entry) => [
            entry.ride_id,
            stateOf(entry.status, entry.standby_wait_minutes),
          ]),
        );
        const changed = new Set([...step.diff.changed.map((entry) => entry.ride_id), ...step.diff.removed]);
        reference.minutes.set(minute, { states, changed });
      }
      reference.next += MINUTE;
    }
  }

  /**
   * Compares `wait_changes` with the reference, each park up to the minute of its checkpoint
   * (inclusive): later minutes may still be in an instance's buffer.
   */
  async compare(client: pg.Client): Promise<HistoryComparison> {
    const checkpoints = await client.query<{ park_key: string; at: string }>(
      'select park_key, at from ingest_checkpoints',
    );
    let referenceRows = 0;
    let recordedRows = 0;
    let lost = 0;
    let extra = 0;
    let duplicated = 0;
    let through = Number.POSITIVE_INFINITY;
    const samples: string[] = [];
    for (const { park_key: parkKey, at } of checkpoints.rows) {
      const reference = this.parks.get(parkKey);
      if (!reference) continue;
      const cutoff = Math.floor(Number(at) / MINUTE) * MINUTE + MINUTE;
      through = Math.min(through, cutoff);
      await this.advancePark(reference, cutoff - 1);
      const { rows } = await client.query<{
        ride_id: string;
        at: string;
        status: string;
        wait: number | null;
      }>(
        'select ride_id, at, status, standby_wait_minutes as wait from wait_changes where park_key = $1 and at < $2',
        [parkKey, cutoff],
      );
      const counts = new Map<string, number>();
      const slots = new Map<string, number>();
      for (const row of rows) {
        const minute = Math.floor(Number(row.at) / MINUTE) * MINUTE;
        const key = `${row.ride_id}|${minute}|${stateOf(row.status, row.wait)}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
        const slot = `${row.ride_id}|${minute}`;
        slots.set(slot, (slots.get(slot) ?? 0) + 1);
      }
      for (const count of slots.values()) if (count > 1) duplicated += count - 1;
      const wanted = reference.rows.filter((key) => Number(key.split('|')[1]) < cutoff);
      referenceRows += wanted.length;
      recordedRows += rows.length;
      for (const key of wanted) {
        const count = counts.get(key) ?? 0;
        if (count === 0) {
          lost += 1;
          if (samples.length < 8) samples.push(`lost ${parkKey} ${describe(key)}`);
        } else counts.set(key, count - 1);
      }
      for (const [key, count] of counts) {
        if (count === 0) continue;
        extra += count;
        if (samples.length < 8) samples.push(`extra ${parkKey} ${describe(key)}`);
      }
    }
    return {
      parks: checkpoints.rows.length,
      through,
      referenceRows,
      recordedRows,
      lost,
      extra,
      duplicated,
      samples,
    };
  }

  /**
   * Why a published `changes` message is not what happened, or undefined when it is: every entry
   * must carry the ride's real state in the message's minute, and must have really changed within
   * the last couple of minutes (a takeover must not re-announce rides that did not change).
   */
  async checkChanges(message: ChangesMessage): Promise<string | undefined> {
    const reference = this.parks.get(message.park_key);
    if (!reference) return `unknown park ${message.park_key}`;
    const at = Date.parse(message.at);
    await this.advancePark(reference, at);
    const minute = Math.floor(at / MINUTE) * MINUTE;
    const states = reference.minutes.get(minute)?.states;
    if (!states) return `no reference state for ${message.park_key} at ${message.at}`;
    const changedRecently = (ride: string) => {
      for (let back = 0; back <= CHANGE_LATENESS_MINUTES; back++) {
        if (reference.minutes.get(minute - back * MINUTE)?.changed.has(ride)) return true;
      }
      return false;
    };
    for (const entry of message.changes) {
      const real = states.get(entry.ride_id) ?? 'absent';
      const sent = stateOf(entry.status, entry.standby_wait_minutes);
      if (real !== sent)
        return `${message.park_key} ${entry.ride_id} sent ${sent}, was ${real} at ${message.at}`;
      if (!changedRecently(entry.ride_id))
        return `${message.park_key} ${entry.ride_id} sent as changed at ${message.at}, unchanged for ${CHANGE_LATENESS_MINUTES} min`;
    }
    for (const ride of message.removed) {
      if (states.has(ride))
        return `${message.park_key} ${ride} sent as removed at ${message.at}, still listed`;
      if (!changedRecently(ride))
        return `${message.park_key} ${ride} sent as removed at ${message.at}, gone earlier`;
    }
    return undefined;
  }
}

function describe(key: string): string {
  const [ride, minute, state] = key.split('|');
  return `${ride} ${new Date(Number(minute)).toISOString()} ${state}`;
}
