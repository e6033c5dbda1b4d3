/**
 * Shared counters that survive their store: while the breaker is closed, counts and stream slots go
 * to the shared driver (Redis), exact across instances; when a call fails, or while the breaker is
 * open, this instance counts on its own (the in-process driver) and answers at once. During an
 * outage a caller may therefore get up to N times its limit across N instances, and no request
 * waits for, or fails because of, the shared store.
 */
import type { CircuitBreaker } from './breaker.js';
import { LocalStreamSlots, type StreamSlots } from './stream-slots.js';
import {
  LocalWindowCounters,
  type CountListener,
  type WindowCounters,
  type WindowCounts,
  type WindowLimit,
} from './window-counters.js';
import type { Clock } from '../lib/clock.js';

export class FallbackWindowCounters implements WindowCounters {
  readonly answersAtOnce = false;
  private readonly local: LocalWindowCounters;

  constructor(
    private readonly shared: WindowCounters,
    private readonly breaker: CircuitBreaker,
    clock: Clock,
  ) {
    this.local = new LocalWindowCounters(clock);
  }

  take(key: string, minute: WindowLimit, day: WindowLimit): WindowCounts | Promise<WindowCounts>;
  take(key: string, minute: WindowLimit, day: WindowLimit, later: CountListener): WindowCounts | undefined;
  take(
    key: string,
    minute: WindowLimit,
    day: WindowLimit,
    later?: CountListener,
  ): WindowCounts | Promise<WindowCounts> | undefined {
    if (!this.breaker.closed) {
      const counts = this.local.take(key, minute, day);
      if (!later) return counts;
      // A listener is told later, never from inside `take` (its caller is still setting up).
      queueMicrotask(() => {
        later.counted(counts);
      });
      return undefined;
    }
    if (later)
      return this.shared.take(key, minute, day, new CountLocallyOnFailure(this, key, minute, day, later));
    return new Promise<WindowCounts>((resolve) => {
      const now = this.shared.take(
        key,
        minute,
        day,
        new CountLocallyOnFailure(this, key, minute, day, { counted: resolve, failed: () => undefined }),
      );
      if (now !== undefined) resolve(now);
    });
  }

  /** Counts here instead, after the shared store failed to (and opens the breaker). */
  countLocally(error: unknown, key: string, minute: WindowLimit, day: WindowLimit): WindowCounts {
    this.breaker.failed(error);
    return this.local.take(key, minute, day);
  }
}

class CountLocallyOnFailure implements CountListener {
  constructor(
    private readonly counters: FallbackWindowCounters,
    private readonly key: string,
    private readonly minute: WindowLimit,
    private readonly day: WindowLimit,
    private readonly next: CountListener,
  ) {}

  counted(counts: WindowCounts): void {
    this.next.counted(counts);
  }

  failed(error: unknown): void {
    this.next.counted(this.counters.countLocally(error, this.key, this.minute, this.day));
  }
}

/**
 * Stream slots: shared while the store answers, this instance's own otherwise. A slot is released
 * where it was taken, so an outage neither leaks shared slots nor frees ones it never held.
 */
export class FallbackStreamSlots implements StreamSlots {
  private readonly local = new LocalStreamSlots();
  /** Slots per subject taken locally (during an outage), released locally. */
  private readonly heldLocally = new Map<string, number>();

  constructor(
    private readonly shared: StreamSlots,
    private readonly breaker: CircuitBreaker,
  ) {}

  async acquire(subject: string, max: number): Promise<boolean> {
    if (this.breaker.closed) {
      try {
        return await this.shared.acquire(subject, max);
      } catch (error) {
        this.breaker.failed(error);
      }
    }
    const granted = await this.local.acquire(subject, max);
    if (granted) this.heldLocally.set(subject, (this.heldLocally.get(subject) ?? 0) + 1);
    return granted;
  }

  async release(subject: string): Promise<void> {
    const local = this.heldLocally.get(subject) ?? 0;
    if (local > 0) {
      if (local === 1) this.heldLocally.delete(subject);
      else this.heldLocally.set(subject, local - 1);
      await this.local.release(subject);
      return;
    }
    try {
      await this.shared.release(subject);
    } catch (error) {
      // The shared slot stays counted until this instance's heartbeat lapses or it releases again.
      this.breaker.failed(error);
    }
  }
}
