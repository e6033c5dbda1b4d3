/**
 * Request counters for the rate limits' two fixed windows, a minute and a UTC day. Both windows of
 * a key are counted in one call, so a driver can keep them together: one lookup per request, and an
 * atomic check of both. A driver answers synchronously when it can (the local one: a promise per
 * count is a measurable share of a cached answer, ADR 0008) and with a promise when it must ask a
 * shared store (Redis), which counts exactly across instances.
 */
import type { Clock } from '../lib/clock.js';

/** At most `limit` requests in the window that ends at `endsAt` (epoch ms). */
export interface WindowLimit {
  readonly limit: number;
  readonly endsAt: number;
}

/** A key's counts in both windows with this request, or the window whose limit refused it. */
export type WindowCounts = { readonly minute: number; readonly day: number } | 'minute' | 'day';

/**
 * Told the outcome of a count a driver could not answer at once. The request path's alternative to
 * a promise: a promise per request, and the microtask that settles it, are a measurable share of a
 * request counted in Redis. Neither method may throw.
 */
export interface CountListener {
  counted(counts: WindowCounts): void;
  failed(error: unknown): void;
}

export interface WindowCounters {
  /** True when `take` always answers at once (a caller then need not prepare a `later`). */
  readonly answersAtOnce: boolean;

  /**
   * Counts one request of `key` in its minute and its day window, unless either is at its limit:
   * then nothing is counted, and the window that refused is returned (the minute's first).
   *
   * Answered at once when the driver can. Otherwise with a promise, or, given `later`, through it:
   * `take` then returns undefined and calls `later` exactly once.
   */
  take(key: string, minute: WindowLimit, day: WindowLimit): WindowCounts | Promise<WindowCounts>;
  take(key: string, minute: WindowLimit, day: WindowLimit, later: CountListener): WindowCounts | undefined;
}

/** One key's counts, updated in place. */
interface KeyCounts {
  minuteEndsAt: number;
  minute: number;
  dayEndsAt: number;
  day: number;
}

/** The embedded default: counters in this process's memory. */
export class LocalWindowCounters implements WindowCounters {
  readonly answersAtOnce = true;
  private readonly counts = new Map<string, KeyCounts>();
  /** The latest day counted in; keys not seen since an earlier day are dropped when it ends. */
  private day = 0;

  constructor(private readonly clock: Clock) {}

  take(key: string, minute: WindowLimit, day: WindowLimit, _later?: CountListener): WindowCounts {
    if (day.endsAt > this.day) this.startDay(day.endsAt);
    let counts = this.counts.get(key);
    if (!counts) {
      counts = { minuteEndsAt: minute.endsAt, minute: 0, dayEndsAt: day.endsAt, day: 0 };
      this.counts.set(key, counts);
    }
    if (counts.minuteEndsAt !== minute.endsAt) {
      counts.minuteEndsAt = minute.endsAt;
      counts.minute = 0;
    }
    if (counts.dayEndsAt !== day.endsAt) {
      counts.dayEndsAt = day.endsAt;
      counts.day = 0;
    }
    if (counts.minute >= minute.limit) return 'minute';
    if (counts.day >= day.limit) return 'day';
    return { minute: ++counts.minute, day: ++counts.day };
  }

  /** How many keys hold counts (tests check that a new day drops the old day's keys). */
  get keys(): number {
    return this.counts.size;
  }

  private startDay(endsAt: number): void {
    this.day = endsAt;
    const now = this.clock.now();
    for (const [key, counts] of this.counts) if (counts.dayEndsAt <= now) this.counts.delete(key);
  }
}
