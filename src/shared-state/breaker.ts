/**
 * A circuit breaker for a shared dependency (Redis): after a failure, callers stop asking it and use
 * their local fallback at once, instead of each waiting for its own timeout. While open, one probe
 * at a time asks whether the dependency answers again (half-open); its first answer closes the
 * breaker. Callers never probe themselves, so no request waits for a dependency that is away.
 *
 * Hand-written rather than a library breaker (opossum and the like wrap each call in a promise):
 * the rate-limit path counts requests through listeners, without a promise per request, and only
 * needs to read `closed`.
 */
import { systemClock, type Clock } from '../lib/clock.js';

export type BreakerState = 'closed' | 'open' | 'half-open';

export interface BreakerOptions {
  /** Asks the dependency whether it answers (a PING); resolves when it does. */
  readonly probe: () => Promise<unknown>;
  /** How long the breaker stays open before (and between) probes. */
  readonly probeEveryMs?: number;
  /** A probe not answered within this failed (a dependency that hangs never rejects). */
  readonly probeTimeoutMs?: number;
  readonly clock?: Clock;
}

export interface BreakerListener {
  /** The dependency went away (the first failure after it answered). */
  opened?(error: unknown): void;
  /** It answers again, after being away since `since` (epoch ms). */
  closed?(since: number): void;
}

export class CircuitBreaker {
  private current: BreakerState = 'closed';
  private openedAt: number | undefined;
  private lastError: unknown;
  private timer: NodeJS.Timeout | undefined;
  private watchTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly listeners = new Set<BreakerListener>();
  private readonly probeEveryMs: number;
  private readonly probeTimeoutMs: number;
  private readonly clock: Clock;

  constructor(private readonly options: BreakerOptions) {
    this.probeEveryMs = options.probeEveryMs ?? 500;
    this.probeTimeoutMs = options.probeTimeoutMs ?? 1_000;
    this.clock = options.clock ?? systemClock;
  }

  /** True when callers may use the dependency. */
  get closed(): boolean {
    return this.current === 'closed';
  }

  get state(): BreakerState {
    return this.current;
  }

  /** When the dependency went away (epoch ms), while the breaker is not closed. */
  get openSince(): number | undefined {
    return this.openedAt;
  }

  /** The failure that opened the breaker, while it is not closed. */
  get error(): unknown {
    return this.lastError;
  }

  /** Returns the function that stops listening. */
  listen(listener: BreakerListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A call to the dependency failed: opens the breaker (a no-op when already open). */
  failed(error: unknown): void {
    if (this.current !== 'closed' || this.stopped) return;
    this.current = 'open';
    this.openedAt = this.clock.now();
    this.lastError = error;
    for (const listener of this.listeners) listener.opened?.(error);
    this.probeLater();
  }

  /**
   * Also probes every `everyMs` while closed, for a dependency nothing else calls often enough to
   * notice that it went away (a store read only by some requests).
   */
  watch(everyMs: number): void {
    clearInterval(this.watchTimer);
    this.watchTimer = setInterval(() => {
      if (!this.closed) return;
      this.probeOnce().catch((error: unknown) => {
        this.failed(error);
      });
    }, everyMs);
    this.watchTimer.unref();
  }

  /** Stops probing (shutdown); the breaker keeps its state. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.watchTimer);
    this.timer = undefined;
    this.watchTimer = undefined;
  }

  private probeLater(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.probe();
    }, this.probeEveryMs);
    this.timer.unref();
  }

  private probe(): void {
    if (this.stopped || this.current === 'closed') return;
    this.current = 'half-open';
    this.probeOnce().then(
      () => {
        this.close();
      },
      (error: unknown) => {
        if (this.stopped) return;
        this.current = 'open';
        this.lastError = error;
        this.probeLater();
      },
    );
  }

  private probeOnce(): Promise<unknown> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new Error(`no answer within ${this.probeTimeoutMs} ms`));
      }, this.probeTimeoutMs);
    });
    return Promise.race([this.options.probe(), timedOut]).finally(() => {
      clearTimeout(timer);
    });
  }

  private close(): void {
    if (this.stopped) return;
    const since = this.openedAt ?? this.clock.now();
    this.current = 'closed';
    this.openedAt = undefined;
    this.lastError = undefined;
    for (const listener of this.listeners) listener.closed?.(since);
  }
}
