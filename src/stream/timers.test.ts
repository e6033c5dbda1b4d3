import { describe, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock.js';
import { scheduleAt } from './timers.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('scheduleAt', () => {
  it('runs once the clock has reached the instant, re-arming while it has not', async () => {
    const clock = new ManualClock(1_000);
    let runs = 0;
    scheduleAt(clock, 1_030, () => (runs += 1));
    await sleep(80);
    expect(runs).toBe(0);
    clock.advance(30);
    await sleep(80);
    expect(runs).toBe(1);
  });

  it('runs at once for a past instant, and never once cancelled', async () => {
    const clock = new ManualClock(1_000);
    let runs = 0;
    scheduleAt(clock, 500, () => (runs += 1));
    const cancel = scheduleAt(clock, 1_010, () => (runs += 10));
    cancel();
    clock.advance(100);
    await sleep(40);
    expect(runs).toBe(1);
  });
});
