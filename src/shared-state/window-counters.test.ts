import { describe, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock.js';
import { LocalWindowCounters } from './window-counters.js';

const DAY = 86_400_000;
const minute = (limit: number, endsAt = 60_000) => ({ limit, endsAt });
const day = (limit: number, endsAt = DAY) => ({ limit, endsAt });

// What every driver must do is in contract/window-counters.ts (run for this driver in local.test.ts).
describe('LocalWindowCounters', () => {
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
