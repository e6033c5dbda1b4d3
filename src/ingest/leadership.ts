/**
 * One ingest leader among many instances. Every instance may ingest, but only the holder of the
 * leader lock polls the upstream and writes history; the others follow (they serve live state from
 * the bus). A follower tries for the lock every second, so when the leader dies another takes over
 * within seconds and resumes from the store's checkpoints: no gap in history, and no row twice.
 *
 * The lock lives in the store, so a leader whose store goes away loses it without anyone else
 * holding it. Such a leader leads provisionally: it keeps polling and publishing on the bus (the
 * followers' live data stays live) and holds every reading instead of writing it. It asks for the
 * lock again at once and every `provisionalRetryMs`, and at once when the store answers again,
 * while followers wait a full `retryMs` after the store returns before asking, so the old leader
 * gets it back first. With the lock back it writes what it held, in order, and goes on; if another
 * instance got the lock first (the old leader was cut off from a store the others still reached),
 * it drops what it held, since the new leader records that time, and follows.
 */
import type { Logger } from 'pino';
import type { LeaderLock } from '../store/ports.js';

/** The embedded default: one instance per store (SQLite's DATA_DIR lock sees to that), always leader. */
export const soloLeaderLock: LeaderLock = {
  tryAcquire: () => Promise.resolve(true),
  onLost: () => undefined,
  release: () => Promise.resolve(),
};

export interface LeaderRoles {
  /** Takes over ingest (resume from the store, catch up, poll). */
  lead(): Promise<void>;
  /** Stops ingesting (the lock is gone; another instance may hold it already). */
  follow(): Promise<void>;
  /** The lock went with the store: keep ingesting, but hold every write until `writeHeld`. */
  holdWrites(): void;
  /** The lock is back: write what was held, in order, and write as usual from now on. */
  writeHeld(): Promise<void>;
  /** Another instance took the lock: forget what was held; returns how many batches that was. */
  dropHeld(): number;
}

/** Whether the store answers, as its circuit breaker sees it (absent: no breaker, always asked). */
export interface StoreSignal {
  readonly closed: boolean;
  listen(listener: { closed?(since: number): void }): () => void;
}

export interface LeadershipOptions {
  /** How often a follower asks for the lock. */
  readonly retryMs?: number;
  /** How often a leader that lost the lock with its store asks for it back. */
  readonly provisionalRetryMs?: number;
  /** The store's breaker: followers do not ask while it is open, nor for `retryMs` after it closes. */
  readonly store?: StoreSignal;
}

export const LEADER_RETRY_MS = 1_000;
export const PROVISIONAL_RETRY_MS = 250;

type Role = 'following' | 'leading' | 'provisional';

export class IngestLeadership {
  private role: Role = 'following';
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private transition: Promise<void> = Promise.resolve();
  private roles: LeaderRoles | undefined;
  private unlistenStore: (() => void) | undefined;
  /** Whether the last follower attempt could not reach the lock (said once until it can again). */
  private askFailed = false;
  private readonly retryMs: number;
  private readonly provisionalRetryMs: number;

  constructor(
    private readonly lock: LeaderLock,
    private readonly logger: Logger,
    private readonly options: LeadershipOptions = {},
  ) {
    this.retryMs = options.retryMs ?? LEADER_RETRY_MS;
    this.provisionalRetryMs = options.provisionalRetryMs ?? PROVISIONAL_RETRY_MS;
  }

  /** Read through a getter: `stopped` and `role` may change across an await. */
  private get halted(): boolean {
    return this.stopped;
  }

  private get current(): Role {
    return this.role;
  }

  /** Whether this instance ingests now, with the lock or provisionally (it publishes on the bus). */
  get leading(): boolean {
    return this.role !== 'following';
  }

  /** Whether this instance ingests without the lock, its writes held until the store returns. */
  get provisional(): boolean {
    return this.role === 'provisional';
  }

  /** The start-up attempt: true when this instance leads (the caller then ingests before serving). */
  async claim(): Promise<boolean> {
    const leading = await this.lock.tryAcquire();
    this.role = leading ? 'leading' : 'following';
    this.logger.info({ leading }, leading ? 'leading ingest' : 'following ingest');
    return leading;
  }

  /**
   * From now on: on losing the lock, lead provisionally until it is back or another holds it;
   * while following, try for it every `retryMs`.
   */
  start(roles: LeaderRoles): void {
    this.roles = roles;
    this.lock.onLost((reason) => {
      if (this.role !== 'leading' || this.stopped) return;
      this.role = 'provisional';
      roles.holdWrites();
      this.logger.warn(
        { err: reason },
        'lost the ingest leader lock with its connection: ingesting provisionally, writes held until the lock is back',
      );
      this.attempt();
    });
    this.unlistenStore = this.options.store?.listen({
      closed: () => {
        this.storeReturned();
      },
    });
    if (this.role === 'following') this.schedule(this.retryMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.unlistenStore?.();
    await this.transition;
    await this.lock.release();
    this.role = 'following';
  }

  /** The old leader asks at once; a follower's next try waits a full retry, leaving it first go. */
  private storeReturned(): void {
    if (this.stopped) return;
    if (this.role === 'provisional') this.attempt();
    else if (this.role === 'following') this.schedule(this.retryMs);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.attempt();
    }, delayMs);
  }

  private attempt(): void {
    clearTimeout(this.timer);
    const roles = this.roles;
    if (!roles) return;
    this.transition = this.transition
      .then(() => (this.current === 'provisional' ? this.reclaim(roles) : this.takeOver(roles)))
      .catch((error: unknown) => {
        // Taking over failed part-way (the store unreachable, say): give the lock back so another
        // instance (or this one, next attempt) can try.
        this.logger.error({ err: error }, 'taking over ingest failed; giving the leader lock back');
        this.role = 'following';
        return roles
          .follow()
          .then(() => this.lock.release())
          .catch(() => undefined)
          .finally(() => {
            this.schedule(this.retryMs);
          });
      });
  }

  private async takeOver(roles: LeaderRoles): Promise<void> {
    if (this.stopped || this.role !== 'following') return;
    // Nothing to ask while the store is away; its return reschedules (storeReturned).
    if (this.options.store && !this.options.store.closed) {
      this.schedule(this.retryMs);
      return;
    }
    let acquired = false;
    try {
      acquired = await this.lock.tryAcquire();
      this.askFailed = false;
    } catch (error) {
      if (!this.askFailed)
        this.logger.warn({ err: error }, 'could not ask for the ingest leader lock; retrying');
      this.askFailed = true;
    }
    if (!acquired || this.halted) {
      this.schedule(this.retryMs);
      return;
    }
    this.role = 'leading';
    this.logger.info({ leading: true }, 'leading ingest (took over)');
    await roles.lead();
  }

  /** A provisional leader asks for the lock back; the answer decides whether it keeps what it held. */
  private async reclaim(roles: LeaderRoles): Promise<void> {
    if (this.stopped || this.role !== 'provisional') return;
    let acquired: boolean;
    try {
      acquired = await this.lock.tryAcquire();
    } catch {
      // Still cut off from the store: keep ingesting provisionally (said once, when it began).
      this.schedule(this.provisionalRetryMs);
      return;
    }
    if (this.halted || this.current !== 'provisional') return;
    if (acquired) {
      this.role = 'leading';
      this.logger.info({ leading: true }, 'took the ingest leader lock back: writing the held readings');
      await roles.writeHeld();
      return;
    }
    this.role = 'following';
    // Stopped first, so no round in progress holds a reading after the drop.
    await roles.follow();
    const dropped = roles.dropHeld();
    this.logger.warn(
      { leading: false, dropped_batches: dropped },
      'another instance took the ingest leader lock: dropped the held readings; following',
    );
    this.schedule(this.retryMs);
  }
}
