import { describe, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock.js';
import { LocalWindowCounters } from './window-counters.js';

describe('LocalWindowCounters', () => {
  it('counts up to the limit, then refuses without counting', () => {
    const clock = new ManualClock(0);
    const counters = new LocalWindowCounters(clock);
    expect([1, 2, 3].map(() => counters.take('a', 2, 60_000))).toEqual([1, 2, undefined]);
    expect(counters.take('b', 2, 60_000)).toBe(1);
  });

  it('keeps each window apart and drops a window once it has ended', () => {
    const clock = new ManualClock(0);
    const counters = new LocalWindowCounters(clock);
    counters.take('a', 5, 60_000);
    counters.take('a', 5, 86_400_000);
    expect(counters.openWindows).toBe(2);
    clock.advance(60_000);
    expect(counters.take('a', 5, 120_000)).toBe(1);
    expect(counters.openWindows).toBe(2);
    expect(counters.take('a', 5, 86_400_000)).toBe(2);
  });
});
