/**
 * Ingest for every park: resume from the store, catch up on the time the service was not running
 * (the backfill, on an empty store), then poll. Catching up needs a feed that can replay the past
 * (the simulator); with a real upstream (`realTimeOnly`) history starts at the first start and a
 * restart leaves the downtime as a gap. Every step goes through the same ParkIngestor, so
 * backfilled history is exactly what live polling would have recorded.
 */
import type { Logger } from 'pino';
import type { Catalog } from '../catalog/catalog.js';
import type { Park } from '../catalog/types.js';
import type { LiveQueueFeed, ScheduleFeed } from '../feeds/types.js';
import type { Clock } from '../lib/clock.js';
import { startOfLocalDay } from '../lib/time.js';
import type { LiveState } from '../live/live-state.js';
import type { LiveBus } from '../live/events.js';
import type { BackgroundWriter, HistoryStore, IngestBatch } from '../store/ports.js';
import { BatchBuilder } from './batch-builder.js';
import { diffEntries } from './diff.js';
import { ParkIngestor, type ParkStep } from './park-ingestor.js';
import { Turns } from './turns.js';
import { WriteBuffer } from './write-buffer.js';

/** SPEC: the live snapshot is refreshed at most every 5 seconds. */
export const POLL_INTERVAL_MS = 5_000;
/** The simulated state is constant within a minute, so catching up minute by minute misses nothing. */
export const CATCH_UP_STEP_MS = 60_000;
/** Catch-up writes a batch per simulated day per park: large batches, bounded memory. */
const CATCH_UP_BATCH_STEPS = 24 * 60;

export interface IngestDependencies {
  readonly catalog: Catalog;
  readonly liveQueues: LiveQueueFeed;
  readonly schedule: ScheduleFeed;
  readonly store: HistoryStore;
  readonly live: LiveState;
  readonly bus: LiveBus;
  readonly clock: Clock;
  readonly logger: Logger;
  /** First park-local date of history. */
  readonly coverageStart: string;
  /** How long a round waits for one park's refresh; default PARK_ROUND_WAIT_MS. */
  readonly parkRoundWaitMs?: number;
  /** Batches live polling holds while the store is away; default MAX_BUFFERED_BATCHES. */
  readonly maxBufferedBatches?: number;
  /** Park time a catch-up spans from which it writes in the background; default BACKGROUND_WRITES_FROM_MS. */
  readonly backgroundWritesFromMs?: number;
}

/**
 * How long a live round waits for one park before leaving its refresh to finish alone: a park whose
 * upstream hangs or retries is not allowed to hold the others past the live freshness window.
 */
export const PARK_ROUND_WAIT_MS = 3_000;

/**
 * A catch-up this long (summed over its parks) writes on the store's background writer where it has
 * one: a first start's backfill, not the few minutes a restart missed.
 */
export const BACKGROUND_WRITES_FROM_MS = 100 * 24 * 60 * 60_000;

/** Batches handed to the background writer and not yet written, at most. */
const BACKGROUND_BATCHES_IN_FLIGHT = 16;

/** A catch-up's batches in flight to a background writer: a bounded queue, awaited in order. */
class Writes {
  private readonly inFlight: Promise<void>[] = [];

  constructor(readonly writer: BackgroundWriter) {}

  /** Queues a write; waits for the oldest when the queue is full. Rejects once a write failed. */
  async queued(written: Promise<void>): Promise<void> {
    // Handled here so that a failure surfaces once, where it is awaited, not as unhandled.
    written.catch(() => undefined);
    this.inFlight.push(written);
    if (this.inFlight.length > BACKGROUND_BATCHES_IN_FLIGHT) await this.inFlight.shift();
  }

  /** Waits for every queued write; rejects with the first failure. */
  async settled(): Promise<void> {
    while (this.inFlight.length > 0) await this.inFlight.shift();
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.inFlight);
    await this.writer.close();
  }
}

export interface CatchUpProgress {
  readonly park: Park;
  /** 0..1 over all parks. */
  readonly fraction: number;
  readonly at: number;
  readonly rows: number;
}

interface RecordingSpan {
  readonly park: Park;
  readonly ingestor: ParkIngestor;
  readonly start: number;
  /** Exclusive. */
  readonly end: number;
  /** Whether the span moves the park's checkpoint (false for a span before recorded history). */
  readonly checkpoint: boolean;
}

export class Ingest {
  private readonly ingestors = new Map<string, ParkIngestor>();
  private readonly checkpoints = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  /** Park refreshes still under way, possibly from an earlier round. */
  private readonly parksInFlight = new Map<string, Promise<void>>();
  /** A round's parks do their work one turn of the event loop each (turns.ts). */
  private readonly turns = new Turns();
  /** Live polling's writes: held while the store is away, written in order when it returns. */
  private readonly writes: WriteBuffer;

  constructor(private readonly deps: IngestDependencies) {
    const { logger } = deps;
    this.writes = new WriteBuffer(
      deps.store,
      {
        holding: (error) => {
          logger.warn(
            { err: error },
            'history store refused a write: live readings are held until it returns',
          );
        },
        drained: (written) => {
          logger.info({ batches: written }, 'history store takes writes again: held readings written');
        },
        overflowed: () => {
          if (this.writes.holding)
            logger.error(
              'history write buffer full without the leader lock: polling pauses until the lock is back',
            );
          else
            logger.error(
              'history write buffer full: newer readings are not held; the store is caught up from the feed once it returns',
            );
        },
      },
      deps.maxBufferedBatches,
    );
  }

  /** Live batches waiting for the store. */
  get heldBatches(): number {
    return this.writes.size;
  }

  /**
   * The leader lock went with the store: polling and publishing go on, every reading is held and
   * none is written until `writeHeld` (another instance may lead by then and record the same time).
   */
  holdWrites(): void {
    this.writes.hold();
  }

  /** The leader lock is back: writes what was held, in order, then writes as it polls. */
  async writeHeld(): Promise<void> {
    this.writes.release();
    await this.writes.drain();
  }

  /** Another instance leads: what was held is its to record. Returns how many batches were dropped. */
  dropHeld(): number {
    return this.writes.discard();
  }

  /**
   * Loads each park's last recorded state, so a restart or a takeover continues rather than starts
   * over: the first step diffs against it, and against what this instance serves already.
   */
  async resume(): Promise<void> {
    const { store, catalog, liveQueues, schedule, live } = this.deps;
    // Readings held from an outage come before anything resuming records; the buffer drops those
    // another leader recorded meanwhile. Only a leader resumes, so only a leader writes them.
    if (this.writes.size > 0) await this.writes.drain();
    if (this.writes.size > 0) throw new Error('the history store does not take the readings held for it');
    const checkpoints = await store.checkpoints();
    for (const park of catalog.parks) {
      const checkpoint = checkpoints.get(park.key);
      if (checkpoint !== undefined) this.checkpoints.set(park.key, checkpoint);
      const at = checkpoint ?? 0;
      const [latestChanges, openOutages, transitions] = await Promise.all([
        store.latestChanges(park.key, at),
        store.openOutages(park.key),
        store.transitions(park.key, at, at + 1),
      ]);
      const last = transitions.at(-1);
      this.ingestors.set(
        park.key,
        new ParkIngestor(park, liveQueues, schedule, {
          latestChanges,
          openOutages,
          open: last ? last.state === 'open' : undefined,
          served: live.lastSnapshot(park.key),
        }),
      );
    }
  }

  /** Where catch-up starts for a park: after its checkpoint, or at the coverage start. */
  private catchUpFrom(park: Park): number {
    const checkpoint = this.checkpoints.get(park.key);
    if (checkpoint !== undefined) return checkpoint + CATCH_UP_STEP_MS;
    return startOfLocalDay(this.deps.coverageStart, park.time_zone);
  }

  /**
   * Records every minute from each park's checkpoint up to `until`, as polling would have. On an
   * empty store that is the whole history since the coverage start. Returns the rows written.
   */
  async catchUp(until: number, onProgress?: (progress: CatchUpProgress) => void): Promise<number> {
    // A real upstream knows only now: no invented past, and the downtime stays a gap.
    if (this.deps.liveQueues.realTimeOnly === true) return this.recordGaps();
    const spans = this.deps.catalog.parks.map((park) => ({
      park,
      ingestor: this.ingestor(park.key),
      start: this.catchUpFrom(park),
      end: until + 1,
      checkpoint: true,
    }));
    return this.record(spans, onProgress);
  }

  /**
   * Records from `fromDate` only where the store has nothing: before each park's first recorded row
   * (a fresh ingestor, leaving the checkpoint alone), or up to `until` for a park never recorded.
   * Recorded history is never rewritten, so this is safe beside a running server.
   */
  async fillUnrecorded(
    fromDate: string,
    until: number,
    onProgress?: (progress: CatchUpProgress) => void,
  ): Promise<number> {
    const { store, liveQueues, schedule } = this.deps;
    if (liveQueues.realTimeOnly === true) {
      throw new Error(
        'the configured FEED reads a real upstream, which cannot replay the past: history is recorded from the first start on (use FEED=sim to backfill simulated history)',
      );
    }
    const spans: RecordingSpan[] = [];
    for (const park of this.deps.catalog.parks) {
      const start = startOfLocalDay(fromDate, park.time_zone);
      const first = await store.firstChangeAt(park.key);
      if (first === undefined) {
        spans.push({ park, ingestor: this.ingestor(park.key), start, end: until + 1, checkpoint: true });
      } else if (start < first) {
        const ingestor = new ParkIngestor(park, liveQueues, schedule);
        spans.push({ park, ingestor, start, end: first, checkpoint: false });
      }
    }
    return this.record(spans, onProgress);
  }

  /**
   * For a feed that cannot replay the past: each recorded park's observation ends at its checkpoint
   * (ParkIngestor.interrupt), so the time the service was down is a gap in history and reliability
   * (which counts only open-park minutes) does not count it. A park never recorded starts from now.
   */
  private async recordGaps(): Promise<number> {
    let rows = 0;
    for (const park of this.deps.catalog.parks) {
      const checkpoint = this.checkpoints.get(park.key);
      if (checkpoint === undefined) continue;
      // The first moment not observed: the checkpoint's own rows stay as recorded.
      const { changes, endedOutages, transition } = this.ingestor(park.key).interrupt(checkpoint + 1);
      await this.deps.store.apply({
        changes,
        openedOutages: [],
        endedOutages,
        transitions: transition ? [transition] : [],
        checkpoints: [],
      });
      rows += changes.length;
    }
    return rows;
  }

  /**
   * Steps each span minute by minute through its ingestor, writing a batch per simulated day. A
   * minute where the feed reports what it reported at the last step and the park neither opens nor
   * closes would record nothing and change no state, so it is skipped: the next step is the first
   * minute at or after the ingestor's `nextChangeAt`. The last minute of the span is always stepped,
   * so the checkpoint is the same as stepping every minute.
   */
  private async record(spans: readonly RecordingSpan[], onProgress?: (progress: CatchUpProgress) => void) {
    const total = spans.reduce((sum, span) => sum + Math.max(0, span.end - span.start), 0) || 1;
    const minimum = this.deps.backgroundWritesFromMs ?? BACKGROUND_WRITES_FROM_MS;
    const writer = total >= minimum ? this.deps.store.backgroundWriter?.() : undefined;
    if (!writer) return this.recordSpans(spans, total, undefined, onProgress);
    const writes = new Writes(writer);
    try {
      const rows = await this.recordSpans(spans, total, writes, onProgress);
      await writes.settled();
      return rows;
    } finally {
      await writes.close();
    }
  }

  private async recordSpans(
    spans: readonly RecordingSpan[],
    total: number,
    writes: Writes | undefined,
    onProgress?: (progress: CatchUpProgress) => void,
  ) {
    let done = 0;
    let rows = 0;
    for (const { park, ingestor, start, end, checkpoint } of spans) {
      const batch = new BatchBuilder(checkpoint);
      const lastMinute = start + Math.floor((end - 1 - start) / CATCH_UP_STEP_MS) * CATCH_UP_STEP_MS;
      const batchMs = CATCH_UP_BATCH_STEPS * CATCH_UP_STEP_MS;
      let batchEnd = start + batchMs;
      let stepped = start;
      for (let at = start; at < end;) {
        if (at >= batchEnd) {
          rows += await this.flush(batch, writes);
          onProgress?.({ park, fraction: (done + (stepped - start)) / total, at: stepped, rows });
          while (batchEnd <= at) batchEnd += batchMs;
        }
        const { step, nextChangeAt } = await ingestor.replayStep(at);
        batch.add(step, at);
        stepped = at;
        if (at >= lastMinute) break;
        const minuteOfChange =
          start + Math.ceil((nextChangeAt - start) / CATCH_UP_STEP_MS) * CATCH_UP_STEP_MS;
        // Written so that a feed answering NaN is stepped every minute.
        at =
          minuteOfChange > at + CATCH_UP_STEP_MS
            ? Math.min(lastMinute, minuteOfChange)
            : at + CATCH_UP_STEP_MS;
      }
      // A span that ends where recorded history begins leaves no outage open: history after it
      // has its own state from its first row on.
      if (!checkpoint) batch.endOpenOutages(ingestor.openOutages(), end);
      rows += await this.flush(batch, writes);
      done += Math.max(0, end - start);
      onProgress?.({ park, fraction: done / total, at: end, rows });
    }
    return rows;
  }

  private async flush(batch: BatchBuilder, writes?: Writes): Promise<number> {
    const built: IngestBatch | undefined = batch.take();
    if (!built) return 0;
    const written = (writes?.writer ?? this.deps.store).apply(built).then(() => {
      for (const { park_key, at } of built.checkpoints) this.checkpoints.set(park_key, at);
    });
    if (writes) await writes.queued(written);
    else await written;
    return built.changes.length;
  }

  /** One live refresh of every park: store, update the live state, publish changes. */
  async refreshAll(): Promise<void> {
    const at = this.deps.clock.now();
    // Without the lock, a full buffer ends provisional ingest: how long a leader cut off from the
    // store may go on polling beside a possible new leader is bounded by the buffer alone.
    if (this.writes.holding && this.writes.overflowed) return;
    if (this.writes.overflowed && this.writes.size === 0) await this.recoverOverflow(at);
    await Promise.all(this.deps.catalog.parks.map((park) => this.refreshInRound(park, at)));
  }

  /**
   * Parks refresh side by side (the upstream client bounds the requests in flight per upstream). A
   * park still refreshing from an earlier round is skipped, so its own refreshes stay in order, and
   * the round waits for it at most the round wait: the others' next round is not delayed.
   */
  private async refreshInRound(park: Park, at: number): Promise<void> {
    if (this.parksInFlight.has(park.key)) return;
    const refresh = this.refreshPark(park, at).finally(() => {
      this.parksInFlight.delete(park.key);
    });
    this.parksInFlight.set(park.key, refresh);
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<'waited'>((resolve) => {
      timer = setTimeout(() => {
        resolve('waited');
      }, this.deps.parkRoundWaitMs ?? PARK_ROUND_WAIT_MS);
    });
    try {
      if ((await Promise.race([refresh, waited])) === 'waited') {
        refresh.catch((error: unknown) => {
          this.deps.logger.error({ err: error, park: park.key }, 'park refresh failed');
        });
      }
    } finally {
      clearTimeout(timer);
    }
  }

  private async refreshPark(park: Park, at: number): Promise<void> {
    const { live, bus, logger } = this.deps;
    await this.turns.take();
    let step: ParkStep;
    try {
      step = await this.ingestor(park.key).step(at);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.warn({ park: park.key, err: error }, 'upstream refresh failed; park marked unavailable');
      live.markFailed(park.key, at, message);
      await bus.publish({ type: 'upstream_error', park_key: park.key, at, message });
      return;
    }
    const batch = new BatchBuilder();
    batch.add(step, at);
    const built = batch.take();
    // Held, not thrown, while the store is away: the live state and streams go on meanwhile.
    if (built && (await this.writes.write(built)))
      for (const { park_key, at: checkpoint } of built.checkpoints)
        this.checkpoints.set(park_key, checkpoint);
    // Stream clients hold what this instance served last; after a takeover's catch-up that is not
    // the ingestor's previous step, so what is published is the difference from what was served.
    const served = live.lastSnapshot(park.key);
    const published = served
      ? diffEntries(new Map(served.entries.map((entry) => [entry.ride_id, entry])), step.snapshot.entries)
      : step.diff;
    live.update(step.snapshot);
    // Followers (other instances) serve live state from this; it precedes the events it explains.
    await bus.publish({ type: 'refreshed', park_key: park.key, at, snapshot: step.snapshot });
    if (step.transition)
      await bus.publish({ type: 'park', park_key: park.key, at, state: step.transition.state });
    if (published.changed.length > 0 || published.removed.length > 0) {
      await bus.publish({
        type: 'changes',
        park_key: park.key,
        at,
        changed: published.changed,
        removed: published.removed,
      });
    }
  }

  /**
   * The buffer refused readings while it was full: once what it held is written, every park
   * resumes from the store and catches up from its checkpoint, as a takeover does, so the readings
   * it could not hold are recorded from the feed (or left as a gap by a feed that cannot replay).
   */
  private async recoverOverflow(at: number): Promise<void> {
    await this.resume();
    const rows = await this.catchUp(at);
    this.writes.overflowHandled();
    this.deps.logger.info({ rows }, 'history caught up after the write buffer overflowed');
  }

  /** Polls every park every 5 seconds until stopped; a slow round delays the next, never overlaps it. */
  start(): void {
    const tick = () => {
      this.running = this.refreshAll()
        .catch((error: unknown) => {
          this.deps.logger.error({ err: error }, 'ingest round failed');
        })
        .finally(() => {
          if (this.timer !== undefined) this.timer = setTimeout(tick, POLL_INTERVAL_MS);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  /** Stops polling and waits for a round in progress, so nothing is half written. */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    await Promise.allSettled(this.parksInFlight.values());
  }

  private ingestor(parkKey: string): ParkIngestor {
    const ingestor = this.ingestors.get(parkKey);
    if (!ingestor) throw new Error(`ingest was not resumed before use (park ${parkKey})`);
    return ingestor;
  }
}
