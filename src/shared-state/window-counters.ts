/**
 * Request counters for fixed time windows (the rate limits' minute and UTC day). Counting is
 * synchronous, because it sits on every request's path and a promise per count was a measurable
 * share of a cached response's cost (BENCHMARKS.md). Counters live per window end, so a window's
 * counters are dropped at once when it ends: no timer or sweep per key.
 *
 * A scaled-out driver (Redis) cannot answer synchronously; it would count locally and add the local
 * counts to the shared ones in short batches, answering from the last shared total plus its own.
 */
import type { Clock } from '../lib/clock.js';

export interface WindowCounters {
  /**
   * Counts one more for `key` in the window ending at `windowEndsAt` (epoch ms), unless the key
   * has already reached `limit` there. Returns the count including this one, or `undefined` when
   * the limit was reached (and nothing was counted).
   */
  take(key: string, limit: number, windowEndsAt: number): number | undefined;
}

/** The embedded default: counters in this process's memory. */
export class LocalWindowCounters implements WindowCounters {
  private readonly windows = new Map<number, Map<string, { count: number }>>();
  /** The window requests are counting in now (nearly every take), found without a lookup. */
  private current: { end: number; counts: Map<string, { count: number }> } | undefined;

  constructor(private readonly clock: Clock) {}

  take(key: string, limit: number, windowEndsAt: number): number | undefined {
    const counts = this.current?.end === windowEndsAt ? this.current.counts : this.window(windowEndsAt);
    // One lookup per request: the count is a cell updated in place, set once per key and window.
    const counter = counts.get(key);
    if (!counter) {
      if (limit < 1) return undefined;
      counts.set(key, { count: 1 });
      return 1;
    }
    if (counter.count >= limit) return undefined;
    return ++counter.count;
  }

  /** How many windows hold counters (tests check that ended ones are dropped). */
  get openWindows(): number {
    return this.windows.size;
  }

  private window(windowEndsAt: number): Map<string, { count: number }> {
    let counts = this.windows.get(windowEndsAt);
    if (!counts) {
      this.dropEndedWindows();
      counts = new Map();
      this.windows.set(windowEndsAt, counts);
    }
    this.current = { end: windowEndsAt, counts };
    return counts;
  }

  private dropEndedWindows(): void {
    const now = this.clock.now();
    for (const end of this.windows.keys()) if (end <= now) this.windows.delete(end);
  }
}
