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
  private readonly windows = new Map<number, Map<string, number>>();

  constructor(private readonly clock: Clock) {}

  take(key: string, limit: number, windowEndsAt: number): number | undefined {
    let window = this.windows.get(windowEndsAt);
    if (!window) {
      this.dropEndedWindows();
      window = new Map();
      this.windows.set(windowEndsAt, window);
    }
    const count = window.get(key) ?? 0;
    if (count >= limit) return undefined;
    window.set(key, count + 1);
    return count + 1;
  }

  /** How many windows hold counters (tests check that ended ones are dropped). */
  get openWindows(): number {
    return this.windows.size;
  }

  private dropEndedWindows(): void {
    const now = this.clock.now();
    for (const end of this.windows.keys()) if (end <= now) this.windows.delete(end);
  }
}
