import { describe, expect, it } from 'vitest';
import { buildTimeline } from './timeline.js';
import type { PlanProblem } from './types.js';

/** One ride from 9:00 to 12:00, its wait by the minute from `waitAt`, riding 5 minutes. */
function oneRide(waitAt: (minute: number) => number | null): PlanProblem {
  return {
    rides: [{ id: 'a', rideMinutes: 5, waitAt }],
    start: 9 * 60,
    end: 12 * 60,
    breaks: [],
    walkMinutes: () => 5,
  };
}

describe('buildTimeline', () => {
  it('gives each minute the join that leaves the line first', () => {
    // 40 minutes until 10:00, then 10: joining at 10:00 is out at 10:10, so a party there by 9:30
    // joins at once, and from 9:31 on it is out sooner standing aside until 10:00.
    const line = buildTimeline(oneRide((minute) => (minute < 600 ? 40 : 10))).rides[0];
    const origin = 9 * 60;
    expect(line?.firstOutJoin[565 - origin]).toBe(565 - origin);
    expect(line?.firstOutJoin[570 - origin]).toBe(570 - origin);
    expect(line?.firstOutJoin[571 - origin]).toBe(600 - origin);
    expect(line?.firstOutJoin[600 - origin]).toBe(600 - origin);
    expect(line?.nextJoinable[585 - origin]).toBe(585 - origin);
  });

  it('skips minutes the ride is down and those whose ride would end after closing', () => {
    const line = buildTimeline(oneRide((minute) => (minute >= 630 && minute < 660 ? null : 20))).rides[0];
    const origin = 9 * 60;
    expect(line?.firstOutJoin[630 - origin]).toBe(660 - origin);
    // Joining after 11:35, a 20-minute line and a 5-minute ride end after 12:00.
    expect(line?.firstOutJoin[11 * 60 + 36 - origin]).toBe(-1);
    expect(line?.firstOutJoin[11 * 60 + 35 - origin]).toBe(11 * 60 + 35 - origin);
  });
});
