import { describe, expect, it } from 'vitest';
import {
  crowdLevel,
  crowdScale,
  expectedTodayRange,
  indexSoFar,
  learnCalendarEffects,
  middayMean,
  observedIndex,
  typicalMidday,
} from './crowd.js';
import { HourlyHistoryBuilder, type RideHistory } from './hourly-history.js';

function ride(days: readonly (readonly [number, number])[]): RideHistory {
  const builder = new HourlyHistoryBuilder();
  for (const [day, wait] of days) {
    for (let hour = 9; hour <= 20; hour++) builder.add(day, hour, hour >= 11 && hour <= 16 ? wait : 5);
  }
  return builder.build();
}

describe('the crowd index', () => {
  it('uses only the midday hours', () => {
    const [day] = ride([[100, 40]]);
    if (!day) throw new Error('one day expected');
    expect(middayMean(day)).toBe(40);
  });

  it('is 1.0 on a typical day and averages the rides of the park', () => {
    const a = ride([
      [1, 20],
      [2, 40],
      [3, 60],
    ]);
    const b = ride([
      [1, 10],
      [2, 10],
      [3, 40],
    ]);
    const typical = [typicalMidday(a, 3), typicalMidday(b, 3)];
    expect(typical).toEqual([30, 10]);
    const index = observedIndex([a, b], typical, 1, 3);
    expect(index.get(1)).toBeCloseTo((20 / 30 + 10 / 10) / 2);
    expect(index.get(3)).toBeCloseTo((60 / 30 + 40 / 10) / 2);
  });

  it('counts today once an hour of midday waits exists when asked to', () => {
    const builder = new HourlyHistoryBuilder();
    builder.add(5, 11, 30);
    const today = builder.build();
    expect(observedIndex([today], [30], 5, 5).size).toBe(0);
    expect(observedIndex([today], [30], 5, 5, 1).get(5)).toBe(1);
  });
});

describe('the 1-10 scale', () => {
  it('places a day by the deciles of the park’s own days', () => {
    const values = Array.from({ length: 100 }, (_, i) => 0.5 + i / 100);
    const scale = crowdScale(values);
    expect(crowdLevel(0.4, scale)).toBe(1);
    expect(crowdLevel(0.56, scale)).toBe(1);
    expect(crowdLevel(1.0, scale)).toBe(6);
    expect(crowdLevel(1.6, scale)).toBe(10);
  });

  it('falls back to an even scale around 1.0 with too few days', () => {
    const scale = crowdScale([1, 1.1]);
    expect(crowdLevel(1.0, scale)).toBe(5);
    expect(crowdLevel(2, scale)).toBe(10);
  });
});

describe('learned calendar effects', () => {
  const weekday = (day: number) => day % 7;
  const none = { holiday: false, school_break: false, event_night: false, hours_length: false };

  it('learns a holiday effect from the recorded days, shrunk when few days carry it', () => {
    // 70 days at index 1.0, except every tenth day (a holiday) at 1.5.
    const observed = new Map<number, number>();
    for (let day = 0; day < 70; day++) observed.set(day, day % 10 === 0 ? 1.5 : 1);
    const drivers = (day: number) => ({ ...none, holiday: day % 10 === 0 });
    const effects = learnCalendarEffects(observed, drivers, weekday);
    // Seven holidays: the raw 1.5 shrunk by 7 / (7 + 5).
    expect(effects.holiday.days).toBe(7);
    expect(effects.holiday.effect).toBeCloseTo(Math.exp(Math.log(1.5) * (7 / 12)), 5);
    expect(effects.event_night).toMatchObject({ effect: 1, days: 0 });
  });

  it('learns nothing from a driver seen on fewer than two days', () => {
    const observed = new Map([
      [0, 2],
      [1, 1],
      [2, 1],
    ]);
    const effects = learnCalendarEffects(observed, (day) => ({ ...none, event_night: day === 0 }), weekday);
    expect(effects.event_night.effect).toBe(1);
  });
});

describe("today's expected index", () => {
  /** A forecast of `minutes` with no band. */
  const exactly = (minutes: number) => ({ predicted: minutes, lower: minutes, upper: minutes });

  it('takes the midday hours observed so far and the predicted rest, over each typical midday', () => {
    const builder = new HourlyHistoryBuilder();
    // Observed at 11:00 and 12:00 (60 minutes), and 9:00 (outside the midday, not counted).
    for (const hour of [9, 11, 12]) builder.add(100, hour, 60);
    const [readings] = builder.build();
    const { index } = expectedTodayRange([
      // Hours 13-16 predicted at 30: (60 + 60 + 4 × 30) / 6 = 40 over a typical 40.
      { readings, forecast: () => exactly(30), typicalMidday: 40 },
      // No readings yet: the predictions alone, 20 over a typical 10.
      { readings: undefined, forecast: () => exactly(20), typicalMidday: 10 },
    ]);
    expect(index).toBeCloseTo((1 + 2) / 2, 9);
  });

  it('leaves out a ride without a typical midday, and hours with neither', () => {
    expect(
      expectedTodayRange([
        { readings: undefined, forecast: (hour) => (hour === 14 ? exactly(50) : null), typicalMidday: 25 },
        { readings: undefined, forecast: () => exactly(99), typicalMidday: Number.NaN },
      ]).index,
    ).toBeCloseTo(2, 9);
  });
});

describe("a day's index so far", () => {
  it("carries the morning's ratio to typical to the day, on the finished days' midday scale", () => {
    const builder = new HourlyHistoryBuilder();
    // 9:00 and 10:00 at twice their typical 20 minutes.
    for (const hour of [9, 10]) builder.add(100, hour, 40);
    const [readings] = builder.build();
    // This weekday's midday runs at 30 against an overall typical midday of 25: ×1.2.
    const typical = (hour: number) => (hour >= 11 && hour <= 16 ? 30 : 20);
    expect(indexSoFar([{ readings, typical, typicalMidday: 25 }])).toBeCloseTo(2 * 1.2, 9);
    expect(indexSoFar([{ readings: undefined, typical, typicalMidday: 25 }])).toBeNaN();
  });
});

describe("today's expected index with its range", () => {
  const band = () => ({ predicted: 40, lower: 20, upper: 80 });

  it('takes the square root of the hours’ range while nothing of the midday is observed', () => {
    const range = expectedTodayRange([{ readings: undefined, forecast: band, typicalMidday: 40 }]);
    expect(range.index).toBeCloseTo(1, 9);
    expect(range.lower).toBeCloseTo(Math.sqrt(0.5), 9);
    expect(range.upper).toBeCloseTo(Math.sqrt(2), 9);
  });

  it('narrows to the observed index once the whole midday is observed', () => {
    const builder = new HourlyHistoryBuilder();
    for (let hour = 11; hour <= 16; hour++) builder.add(100, hour, 60);
    const [readings] = builder.build();
    const range = expectedTodayRange([{ readings, forecast: band, typicalMidday: 40 }]);
    expect(range).toEqual({ index: 1.5, lower: 1.5, upper: 1.5 });
  });
});
