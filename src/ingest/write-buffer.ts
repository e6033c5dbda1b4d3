/**
 * Live ingest's writes to the history store, kept in a bounded buffer while the store does not
 * take them (PostgreSQL unreachable), so polling goes on and the readings of the outage are written,
 * in the order they were taken, once it returns.
 *
 * A batch is applied in one transaction, so a failed write left nothing behind, except when the
 * store committed it and only the answer was lost. Before replaying, the buffer therefore reads the
 * parks' checkpoints and drops every batch the store already recorded: no row is written twice.
 *
 * A leader that lost its lock with the store holds every batch without trying the store (`hold`):
 * only once it holds the lock again may it write (`release`), and if another instance took the lock
 * meanwhile it throws the held readings away (`discard`), since the new leader records that time.
 */
import type { IngestBatch } from '../store/ports.js';

/**
 * Batches the buffer holds at most: every park writes one batch per poll, so with P parks polled
 * every 5 s it covers 5 × MAX_BUFFERED_BATCHES / P seconds of outage (docs/scale-out.md).
 */
export const MAX_BUFFERED_BATCHES = 20_000;

/** The part of the history store the buffer writes to. */
export interface BatchSink {
  apply(batch: IngestBatch): Promise<void>;
  checkpoints(): Promise<Map<string, number>>;
}

export interface WriteBufferListener {
  /** The first write the store refused: the buffer holds from now on. */
  holding?(error: unknown): void;
  /** Everything held was written. */
  drained?(written: number): void;
  /** The buffer was full and refused a batch (the first refusal of an outage only). */
  overflowed?(): void;
}

export class WriteBuffer {
  private readonly held: IngestBatch[] = [];
  private draining: Promise<void> | undefined;
  /** Whether a write failed since the last check of the store's checkpoints. */
  private uncertain = false;
  private overflow = false;
  private writtenSinceHolding = 0;
  /** Held on purpose (no leader lock): nothing is written until `release`. */
  private paused = false;

  constructor(
    private readonly sink: BatchSink,
    private readonly listener: WriteBufferListener = {},
    private readonly bound: number = MAX_BUFFERED_BATCHES,
  ) {}

  /** Batches waiting for the store. */
  get size(): number {
    return this.held.length;
  }

  /** Whether a batch was refused because the buffer was full, since the last `overflowHandled`. */
  get overflowed(): boolean {
    return this.overflow;
  }

  /** Whether writes wait for `release` rather than for the store. */
  get holding(): boolean {
    return this.paused;
  }

  /** Holds every batch from now on without writing any, until `release` or `discard`. */
  hold(): void {
    this.paused = true;
  }

  /** Writes may go to the store again: what is held is written at the next `drain` or `write`. */
  release(): void {
    this.paused = false;
  }

  /** Throws away what is held and any overflow (another writer recorded that time); returns how many. */
  discard(): number {
    const dropped = this.held.length;
    this.held.length = 0;
    this.overflow = false;
    this.paused = false;
    this.writtenSinceHolding = 0;
    return dropped;
  }

  /** The caller has recovered what the overflow lost (a resume and catch-up from the store). */
  overflowHandled(): void {
    this.overflow = false;
  }

  /**
   * Writes the batch after everything held before it. Never rejects because the store is away:
   * resolves true once written, false while it waits in the buffer (or was refused: from the first
   * refusal of a full buffer until `overflowHandled`).
   */
  async write(batch: IngestBatch): Promise<boolean> {
    if (this.overflow || this.held.length >= this.bound) {
      if (!this.overflow) this.listener.overflowed?.();
      this.overflow = true;
      if (this.paused) return false;
      // Refused until the caller recovers the gap, but what is held is still written once the store
      // takes it: a full buffer that only waited for room would never drain.
      await this.drain();
      return false;
    }
    this.held.push(batch);
    if (this.paused) return false;
    await this.drain();
    // An attempt already finishing when the batch arrived may have missed it.
    if (this.held.includes(batch) && !this.uncertain) await this.drain();
    return !this.held.includes(batch);
  }

  /** Tries to write what is held (one attempt at a time); resolves when the attempt ends. */
  drain(): Promise<void> {
    if (this.paused) return Promise.resolve();
    this.draining ??= this.writeHeld().finally(() => {
      this.draining = undefined;
    });
    return this.draining;
  }

  private async writeHeld(): Promise<void> {
    const wasHolding = this.uncertain;
    try {
      if (this.uncertain) await this.dropRecorded();
      while (this.held.length > 0 && !this.paused) {
        const next = this.held[0];
        if (!next) break;
        await this.sink.apply(next);
        this.held.shift();
        if (wasHolding) this.writtenSinceHolding += 1;
      }
    } catch (error) {
      if (!this.uncertain) this.listener.holding?.(error);
      this.uncertain = true;
      return;
    }
    if (wasHolding && this.held.length === 0) {
      this.listener.drained?.(this.writtenSinceHolding);
      this.writtenSinceHolding = 0;
    }
  }

  /** Drops held batches whose checkpoints the store already has (committed, answer lost). */
  private async dropRecorded(): Promise<void> {
    const recorded = await this.sink.checkpoints();
    while (this.held.length > 0) {
      const next = this.held[0];
      if (!next || !alreadyRecorded(next, recorded)) break;
      this.held.shift();
    }
    this.uncertain = false;
  }
}

function alreadyRecorded(batch: IngestBatch, recorded: ReadonlyMap<string, number>): boolean {
  if (batch.checkpoints.length === 0) return false;
  return batch.checkpoints.every(({ park_key, at }) => {
    const stored = recorded.get(park_key);
    return stored !== undefined && stored >= at;
  });
}
