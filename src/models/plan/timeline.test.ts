import { describe, expect, it } from 'vitest';
import { buildTimeline, joinLine, lowestWaitByMinute, meanWaitByMinute } from './timeline.js';
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

describe('joinLine', () => {
  const fresh = () => ({ index: 0, wait: 0, idle: 0, leave: 0 });

  it('joins on arrival, or stands aside for the line it leaves first', () => {
    const timeline = buildTimeline(oneRide((minute) => (minute < 600 ? 40 : 10)));
    const origin = 9 * 60;
    const first = fresh();
    // Free at 9:40 at the entrance, a 5-minute walk: there at 9:45.
    expect(joinLine(timeline, 580, 1, 0, false, first)).toBe(true);
    expect(first).toEqual({ index: 585 - origin, wait: 40, idle: 0, leave: 585 + 40 + 5 });
    const aside = fresh();
    expect(joinLine(timeline, 580, 1, 0, true, aside)).toBe(true);
    expect(aside).toEqual({ index: 600 - origin, wait: 10, idle: 15, leave: 600 + 10 + 5 });
  });

  it('walks after a break that the walk would overlap, and counts no break minute as idle', () => {
    const timeline = buildTimeline({
      ...oneRide((minute) => (minute < 600 ? 40 : 10)),
      breaks: [{ start: 582, end: 590 }],
    });
    const join = fresh();
    expect(joinLine(timeline, 580, 1, 0, true, join)).toBe(true);
    // Stands 9:40-9:42, leaves after the break at 9:50, there at 9:55, stands aside until 10:00.
    expect(join).toEqual({ index: 600 - 9 * 60, wait: 10, idle: 7, leave: 615 });
  });

  it('cannot join a line it cannot leave before closing', () => {
    const timeline = buildTimeline(oneRide(() => 20));
    expect(joinLine(timeline, 11 * 60 + 40, 1, 0, false, fresh())).toBe(false);
  });
});

describe('lowestWaitByMinute', () => {
  it('lays each ride’s lowest wait from a minute on in rows, with a stand-in where none is left', () => {
    const timeline = buildTimeline({
      ...oneRide((minute) => (minute < 600 ? 40 : 10)),
      rides: [
        { id: 'a', rideMinutes: 5, waitAt: (minute) => (minute < 600 ? 40 : 10) },
        { id: 'b', rideMinutes: 5, waitAt: (minute) => (minute < 560 ? 15 : null) },
      ],
    });
    const { table, lastIndex } = lowestWaitByMinute(timeline, [1, 0], () => -1);
    expect(lastIndex).toBe(180);
    expect([table[0], table[1]]).toEqual([15, 10]);
    expect([table[20 * 2], table[20 * 2 + 1]]).toEqual([-1, 10]);
    expect([table[lastIndex * 2], table[lastIndex * 2 + 1]]).toEqual([-1, -1]);
  });
});

describe('meanWaitByMinute', () => {
  it('lays each ride’s mean wait over its joinable minutes from a minute on, as the lowest waits', () => {
    const timeline = buildTimeline({
      ...oneRide(() => null),
      rides: [
        { id: 'a', rideMinutes: 5, waitAt: (minute) => (minute < 600 ? 40 : 10) },
        { id: 'b', rideMinutes: 5, waitAt: (minute) => (minute < 560 ? 15 : null) },
      ],
    });
    const { table, lastIndex } = meanWaitByMinute(timeline, [1, 0], () => -1);
    expect(lastIndex).toBe(180);
    // Ride a is joinable from 9:00 to 11:45 (its ride must end by noon): 60 minutes at 40, 106 at 10.
    expect(table[0]).toBe(15);
    expect(table[1]).toBeCloseTo((60 * 40 + 106 * 10) / 166, 9);
    expect(table[30 * 2 + 1]).toBeCloseTo((30 * 40 + 106 * 10) / 136, 9);
    expect([table[20 * 2], table[60 * 2 + 1], table[165 * 2 + 1]]).toEqual([-1, 10, 10]);
    expect([table[166 * 2 + 1], table[lastIndex * 2 + 1]]).toEqual([-1, -1]);
  });
});
