import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../lib/clock.js';
import { CircuitBreaker } from './breaker.js';
import { describeStreamSlotsContract } from './contract/stream-slots.js';
import { describeWindowCountersContract } from './contract/window-counters.js';
import { FallbackStreamSlots, FallbackWindowCounters } from './fallback.js';
import type { StreamSlots } from './stream-slots.js';
import {
  LocalWindowCounters,
  type CountListener,
  type WindowCounters,
  type WindowCounts,
  type WindowLimit,
} from './window-counters.js';

const START = Date.parse('2026-11-21T10:00:00Z');
const minute = { limit: 3, endsAt: START + 60_000 };
const day = { limit: 1_000, endsAt: START + 86_400_000 };

/** A shared store that has gone away: every call fails, as ioredis does with its offline queue off. */
class UnreachableCounters implements WindowCounters {
  readonly answersAtOnce = false;
  calls = 0;

  take(key: string, minute: WindowLimit, day: WindowLimit): Promise<WindowCounts>;
  take(key: string, minute: WindowLimit, day: WindowLimit, later: CountListener): undefined;
  take(
    _key: string,
    _minute: WindowLimit,
    _day: WindowLimit,
    later?: CountListener,
  ): Promise<WindowCounts> | undefined {
    this.calls++;
    const error = new Error("Stream isn't writeable and enableOfflineQueue options is false");
    if (!later) return Promise.reject<WindowCounts>(error);
    setImmediate(() => {
      later.failed(error);
    });
    return undefined;
  }
}

/** A shared store that answers, a turn later (as Redis does), from counts kept in memory. */
class AnsweringLater implements WindowCounters {
  readonly answersAtOnce = false;

  constructor(private readonly counts: LocalWindowCounters) {}

  take(key: string, minute: WindowLimit, day: WindowLimit): Promise<WindowCounts>;
  take(key: string, minute: WindowLimit, day: WindowLimit, later: CountListener): undefined;
  take(
    key: string,
    minute: WindowLimit,
    day: WindowLimit,
    later?: CountListener,
  ): Promise<WindowCounts> | undefined {
    const counts = this.counts.take(key, minute, day);
    if (!later)
      return new Promise<WindowCounts>((resolve) => {
        setImmediate(() => {
          resolve(counts);
        });
      });
    setImmediate(() => {
      later.counted(counts);
    });
    return undefined;
  }
}

class UnreachableSlots implements StreamSlots {
  async acquire(): Promise<boolean> {
    throw new Error('ECONNREFUSED');
  }

  async release(): Promise<void> {
    throw new Error('ECONNREFUSED');
  }
}

/** A count through a listener, as the request path takes it. */
function takeThrough(counters: WindowCounters, key: string): Promise<WindowCounts> {
  return new Promise((resolve, reject) => {
    const now = counters.take(key, minute, day, { counted: resolve, failed: reject });
    if (now !== undefined) resolve(now);
  });
}

function breakerNeverProbing(): CircuitBreaker {
  return new CircuitBreaker({ probe: () => new Promise(() => undefined), probeEveryMs: 60_000 });
}

const breakers: CircuitBreaker[] = [];
afterEach(() => {
  for (const breaker of breakers.splice(0)) breaker.stop();
});

// Whether the shared store answers or not, the fallback must behave like any driver.
describeWindowCountersContract('fallback over a shared driver that answers', (clock) => {
  const breaker = breakerNeverProbing();
  breakers.push(breaker);
  return new FallbackWindowCounters(new AnsweringLater(new LocalWindowCounters(clock)), breaker, clock);
});
describeWindowCountersContract('fallback over an unreachable shared driver', (clock) => {
  const breaker = breakerNeverProbing();
  breakers.push(breaker);
  return new FallbackWindowCounters(new UnreachableCounters(), breaker, clock);
});
describeStreamSlotsContract('fallback over an unreachable shared driver', async () => {
  const breaker = breakerNeverProbing();
  breakers.push(breaker);
  return new FallbackStreamSlots(new UnreachableSlots(), breaker);
});

describe('FallbackWindowCounters', () => {
  it('counts locally when the shared store fails, opens the breaker, then stops asking it', async () => {
    const breaker = breakerNeverProbing();
    breakers.push(breaker);
    const shared = new UnreachableCounters();
    const counters = new FallbackWindowCounters(shared, breaker, new ManualClock(START));

    expect(await takeThrough(counters, 'ip:a')).toEqual({ minute: 1, day: 1 });
    expect(breaker.closed).toBe(false);
    expect(shared.calls).toBe(1);
    expect(await takeThrough(counters, 'ip:a')).toEqual({ minute: 2, day: 2 });
    expect(await counters.take('ip:a', minute, day)).toEqual({ minute: 3, day: 3 });
    // The limit still holds on this instance during the outage.
    expect(await takeThrough(counters, 'ip:a')).toBe('minute');
    expect(shared.calls).toBe(1);
  });

  it('tells a listener after `take` returns, never from inside it', async () => {
    const breaker = breakerNeverProbing();
    breakers.push(breaker);
    breaker.failed(new Error('gone'));
    const counters = new FallbackWindowCounters(new UnreachableCounters(), breaker, new ManualClock(START));
    const counted = vi.fn();
    expect(counters.take('ip:a', minute, day, { counted, failed: vi.fn() })).toBeUndefined();
    expect(counted).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(counted).toHaveBeenCalledWith({ minute: 1, day: 1 });
  });

  it('goes back to the shared store once the breaker closes', async () => {
    vi.useFakeTimers();
    try {
      let answers = false;
      const breaker = new CircuitBreaker({
        probe: async () => {
          if (!answers) throw new Error('gone');
        },
        probeEveryMs: 100,
      });
      breakers.push(breaker);
      const shared = new UnreachableCounters();
      const counters = new FallbackWindowCounters(shared, breaker, new ManualClock(START));
      breaker.failed(new Error('gone'));
      await counters.take('ip:a', minute, day);
      expect(shared.calls).toBe(0);
      answers = true;
      await vi.advanceTimersByTimeAsync(100);
      expect(breaker.closed).toBe(true);
      void counters.take('ip:a', minute, day);
      expect(shared.calls).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('FallbackStreamSlots', () => {
  it('releases a slot taken during an outage locally, even once the shared store is back', async () => {
    const breaker = breakerNeverProbing();
    breakers.push(breaker);
    const release = vi.fn(async () => undefined);
    const shared: StreamSlots = { acquire: vi.fn(async () => true), release };
    breaker.failed(new Error('gone'));
    const slots = new FallbackStreamSlots(shared, breaker);
    expect(await slots.acquire('ip:a', 1)).toBe(true);
    expect(await slots.acquire('ip:a', 1)).toBe(false);
    await slots.release('ip:a');
    expect(release).not.toHaveBeenCalled();
    expect(await slots.acquire('ip:a', 1)).toBe(true);
  });
});
