import { describe, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock.js';
import { LocalWindowCounters } from './window-counters.js';

const DAY = 86_400_000;
const minute = (limit: number, endsAt = 60_000) => ({ limit, endsAt });
const day = (limit: number, endsAt = DAY) => ({ limit, endsAt });

describe('LocalWindowCounters', () => {
  it('counts both windows up to the minute limit, then refuses without counting', () => {
    const counters = new LocalWindowCounters(new ManualClock(0));
    const take = () => counters.take('a', minute(2), day(5));
    expect([take(), take(), take()]).toEqual([{ minute: 1, day: 1 }, { minute: 2, day: 2 }, 'minute']);
    expect(counters.take('b', minute(2), day(5))).toEqual({ minute: 1, day: 1 });
  });

  it('starts a new minute from zero and keeps counting the day', () => {
    const counters = new LocalWindowCounters(new ManualClock(0));
    counters.take('a', minute(2), day(5));
    counters.take('a', minute(2), day(5));
    expect(counters.take('a', minute(2, 120_000), day(5))).toEqual({ minute: 1, day: 3 });
  });

  it('refuses at the day limit without counting the minute', () => {
    const counters = new LocalWindowCounters(new ManualClock(0));
    counters.take('a', minute(10), day(1));
    expect(counters.take('a', minute(10), day(1))).toBe('day');
    expect(counters.take('a', minute(10), day(2))).toEqual({ minute: 2, day: 2 });
  });

  it('drops the keys of a day that has ended once the next day is counted', () => {
    const clock = new ManualClock(0);
    const counters = new LocalWindowCounters(clock);
    counters.take('a', minute(5), day(5));
    counters.take('b', minute(5), day(5));
    expect(counters.keys).toBe(2);
    clock.set(DAY + 1_000);
    expect(counters.take('a', minute(5, DAY + 60_000), day(5, 2 * DAY))).toEqual({ minute: 1, day: 1 });
    expect(counters.keys).toBe(1);
  });
});
