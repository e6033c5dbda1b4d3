/**
 * The behaviour every WindowCounters driver must show (in process, Redis): each driver's test file
 * calls `describeWindowCountersContract` with a function that makes empty counters on a clock.
 * Counts may be answered at once or with a promise; the suite awaits either.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import type { WindowCounters } from '../window-counters.js';

const DAY = 86_400_000;
const START = Date.parse('2026-11-21T00:00:00Z');
const minute = (limit: number, endsAt = START + 60_000) => ({ limit, endsAt });
const day = (limit: number, endsAt = START + DAY) => ({ limit, endsAt });

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
  });
}
