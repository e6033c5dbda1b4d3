/**
 * The behaviour every WindowCounters driver must show (in process, Redis): each driver's test file
 * calls `describeWindowCountersContract` with a function that makes empty counters on a clock.
 * Counts may be answered at once or with a promise; the suite awaits either.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import type { WindowCounters, WindowCounts, WindowLimit } from '../window-counters.js';

const DAY = 86_400_000;
const START = Date.parse('2026-11-21T00:00:00Z');
const minute = (limit: number, endsAt = START + 60_000) => ({ limit, endsAt });
const day = (limit: number, endsAt = START + DAY) => ({ limit, endsAt });

/** A count taken through a listener: the answer given at once, or the one the listener is told (once). */
async function takeThrough(
  counters: WindowCounters,
  key: string,
  minuteLimit: WindowLimit,
  dayLimit: WindowLimit,
): Promise<WindowCounts> {
  let told = 0;
  const later = new Promise<WindowCounts>((resolve, reject) => {
    const now = counters.take(key, minuteLimit, dayLimit, {
      counted: (counts) => {
        told++;
        resolve(counts);
      },
      failed: (error) => {
        told++;
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
    if (now !== undefined) resolve(now);
  });
  const counts = await later;
  // A second call of the listener would answer one request twice.
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(told).toBeLessThanOrEqual(1);
  return counts;
}

export function describeWindowCountersContract(
  name: string,
  make: (clock: ManualClock) => WindowCounters | Promise<WindowCounters>,
): void {
  describe(`WindowCounters contract: ${name}`, () => {
    it('counts both windows up to the minute limit, then refuses without counting', async () => {
      const counters = await make(new ManualClock(START));
      const take = async () => counters.take('a', minute(2), day(5));
      expect([await take(), await take(), await take()]).toEqual([
        { minute: 1, day: 1 },
        { minute: 2, day: 2 },
        'minute',
      ]);
      expect(await counters.take('b', minute(2), day(5))).toEqual({ minute: 1, day: 1 });
    });

    it('starts a new minute from zero and keeps counting the day', async () => {
      const clock = new ManualClock(START);
      const counters = await make(clock);
      await counters.take('a', minute(2), day(5));
      await counters.take('a', minute(2), day(5));
      clock.advance(60_000);
      expect(await counters.take('a', minute(2, START + 120_000), day(5))).toEqual({ minute: 1, day: 3 });
    });

    it('refuses at the day limit without counting the minute', async () => {
      const counters = await make(new ManualClock(START));
      await counters.take('a', minute(10), day(1));
      expect(await counters.take('a', minute(10), day(1))).toBe('day');
      expect(await counters.take('a', minute(10), day(2))).toEqual({ minute: 2, day: 2 });
    });

    it('starts a new day from zero', async () => {
      const clock = new ManualClock(START);
      const counters = await make(clock);
      await counters.take('a', minute(5), day(1));
      clock.set(START + DAY + 1_000);
      expect(await counters.take('a', minute(5, START + DAY + 60_000), day(1, START + 2 * DAY))).toEqual({
        minute: 1,
        day: 1,
      });
    });

    it('counts exactly under concurrent requests: the limit is never exceeded', async () => {
      const counters = await make(new ManualClock(START));
      const results = await Promise.all(
        Array.from({ length: 50 }, async () => counters.take('busy', minute(30), day(1_000))),
      );
      expect(results.filter((result) => typeof result === 'object')).toHaveLength(30);
      expect(results.filter((result) => result === 'minute')).toHaveLength(20);
    });

    it('answers many concurrent requests over several keys each with its own count, in order', async () => {
      const counters = await make(new ManualClock(START));
      const keys = ['x', 'y', 'z'];
      const results = await Promise.all(
        Array.from({ length: 900 }, async (_, i) =>
          counters.take(keys[i % 3] ?? 'x', minute(250), day(10_000)),
        ),
      );
      for (const [k, key] of keys.entries()) {
        const own = results.filter((_, i) => i % 3 === k);
        expect(own.slice(0, 250), key).toEqual(
          Array.from({ length: 250 }, (_, i) => ({ minute: i + 1, day: i + 1 })),
        );
        expect(
          own.slice(250).every((result) => result === 'minute'),
          key,
        ).toBe(true);
      }
    });

    it('answers through a listener exactly as with a return value, each listener once', async () => {
      const counters = await make(new ManualClock(START));
      const results = await Promise.all(
        Array.from({ length: 50 }, async (_, i) =>
          i % 2 === 0
            ? takeThrough(counters, 'busy', minute(30), day(1_000))
            : counters.take('busy', minute(30), day(1_000)),
        ),
      );
      expect(results.slice(0, 30)).toEqual(
        Array.from({ length: 30 }, (_, i) => ({ minute: i + 1, day: i + 1 })),
      );
      expect(results.slice(30).every((result) => result === 'minute')).toBe(true);
      expect(await takeThrough(counters, 'other', minute(30), day(1_000))).toEqual({ minute: 1, day: 1 });
    });

    it('says truly whether it answers at once', async () => {
      const counters = await make(new ManualClock(START));
      const now = counters.take('a', minute(5), day(5), {
        counted: () => undefined,
        failed: () => undefined,
      });
      expect(now !== undefined).toBe(counters.answersAtOnce);
    });
  });
}
