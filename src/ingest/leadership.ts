/**
 * One ingest leader among many instances. Every instance may ingest, but only the holder of the
 * leader lock polls the upstream and writes history; the others follow (they serve live state from
 * the bus). A follower tries for the lock every second, so when the leader dies another takes over
 * within seconds and resumes from the store's checkpoints: no gap in history, and no row twice.
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
}

export const LEADER_RETRY_MS = 1_000;

export class IngestLeadership {
  private leadingNow = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private transition: Promise<void> = Promise.resolve();

  constructor(
    private readonly lock: LeaderLock,
    private readonly logger: Logger,
    private readonly retryMs = LEADER_RETRY_MS,
  ) {}

  /** Read through a getter: `stopped` may change across an await. */
  private get halted(): boolean {
    return this.stopped;
  }

  /** Whether this instance ingests now (followers ignore their own bus echoes otherwise). */
  get leading(): boolean {
    return this.leadingNow;
  }

  /** The start-up attempt: true when this instance leads (the caller then ingests before serving). */
  async claim(): Promise<boolean> {
    this.leadingNow = await this.lock.tryAcquire();
    this.logger.info({ leading: this.leadingNow }, this.leadingNow ? 'leading ingest' : 'following ingest');
    return this.leadingNow;
  }

  /** From now on: on losing the lock, follow; while following, try for it every `retryMs`. */
  start(roles: LeaderRoles): void {
    this.lock.onLost((reason) => {
      if (!this.leadingNow || this.stopped) return;
      this.leadingNow = false;
      this.logger.warn({ err: reason }, 'lost the ingest leader lock; following');
      this.transition = this.transition
        .then(() => roles.follow())
        .catch((error: unknown) => {
          this.logger.error({ err: error }, 'stopping ingest after losing the leader lock failed');
        });
      this.schedule(roles);
    });
    if (!this.leadingNow) this.schedule(roles);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.transition;
    await this.lock.release();
    this.leadingNow = false;
  }

  private schedule(roles: LeaderRoles): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.attempt(roles);
    }, this.retryMs);
  }

  private attempt(roles: LeaderRoles): void {
    this.transition = this.transition
      .then(async () => {
        if (this.stopped || this.leadingNow) return;
        let acquired = false;
        try {
          acquired = await this.lock.tryAcquire();
        } catch (error) {
          this.logger.warn({ err: error }, 'could not ask for the ingest leader lock; retrying');
        }
        if (!acquired || this.halted) {
          this.schedule(roles);
          return;
        }
        this.leadingNow = true;
        this.logger.info({ leading: true }, 'leading ingest (took over)');
        await roles.lead();
      })
      .catch((error: unknown) => {
        // Taking over failed part-way (the store unreachable, say): give the lock back so another
        // instance (or this one, next attempt) can try.
        this.logger.error({ err: error }, 'taking over ingest failed; giving the leader lock back');
        this.leadingNow = false;
        return roles
          .follow()
          .then(() => this.lock.release())
          .catch(() => undefined)
          .finally(() => {
            this.schedule(roles);
          });
      });
  }
}
