import { describe, expect, it } from 'vitest';
import { HourlyHistoryBuilder, weekdayOf } from './hourly-history.js';
import { fitPointModel } from './point-model.js';
import { START, history } from './test-fixtures.js';

describe('the wait model', () => {
  it('carries the recent level: a park running twice its usual waits is predicted at twice', () => {
    const data = history(200, (day) => (day >= START + 172 ? 20 : 10));
    const model = fitPointModel(data, START + 200);
    expect(model.recentLevel).toBeGreaterThan(1.5);
    expect(model.predict(START + 205, 12)).toBeCloseTo(20, 0);
  });

  it('averages the level of the 14, 28, 56 and 84 days before the origin while it holds', () => {
    // 28 weeks: each weekday's typical wait is (26 × 10 + 2 × 12) / 28; the last 14 days ran at 12.
    const data = history(196, (day) => (day >= START + 182 ? 12 : 10));
    const model = fitPointModel(data, START + 196);
    const usual = (26 * 10 + 2 * 12) / 28;
    const quiet = 10 / usual;
    const busy = 12 / usual;
    // Medians: 14 days all busy; 28 half and half; 56 and 84 mostly quiet.
    const expected = Math.exp(
      (Math.log(busy) + Math.log((busy + quiet) / 2) + Math.log(quiet) + Math.log(quiet)) / 4,
    );
    expect(model.recentLevel).toBeCloseTo(expected, 6);
  });

  it('learns the hourly shape and the weekday pattern of a stable park', () => {
    const data = history(300, (day, hour) => (weekdayOf(day) === 6 ? 2 : 1) * (hour < 12 ? 10 : 40));
    const model = fitPointModel(data, START + 300);
    const saturday = START + 300 + ((6 - weekdayOf(START + 300) + 7) % 7);
    expect(model.predict(saturday, 9)).toBeCloseTo(20, 0);
    expect(model.predict(saturday, 15)).toBeCloseTo(80, 0);
    expect(model.predict(saturday + 2, 15)).toBeCloseTo(40, 0);
  });

  it('applies the seasonal change seen at the same time of earlier years', () => {
    // Every year, the 30 days from day 200 of the year run at twice the usual waits.
    const busy = (day: number) => {
      const dayOfYear = (day - START) % 364;
      return dayOfYear >= 200 && dayOfYear < 230 ? 20 : 10;
    };
    const data = history(364 * 2 + 180, busy);
    const origin = START + 364 * 2 + 180;
    const model = fitPointModel(data, origin);
    expect(model.dayLevel(START + 364 * 2 + 215) / model.dayLevel(origin + 1)).toBeCloseTo(2, 1);
  });

  it('compares a ride reopened after a closure of its own with the same days of earlier years, not its nominal windows', () => {
    // Every year, days 166-214 of the year run at twice the usual waits. This year the ride was
    // closed from day 96 of the year and reopened on day 166: its windows hold 14 busy days.
    const year = (day: number) => Math.floor((day - START) / 364);
    const dayOfYear = (day: number) => (day - START) % 364;
    const builder = new HourlyHistoryBuilder();
    for (let day = START; day < START + 364 * 2 + 180; day++) {
      if (year(day) === 2 && dayOfYear(day) >= 96 && dayOfYear(day) < 166) continue;
      const wait = dayOfYear(day) >= 166 && dayOfYear(day) < 215 ? 20 : 10;
      for (let hour = 8; hour <= 21; hour++) builder.add(day, hour, wait);
    }
    const origin = START + 364 * 2 + 180;
    const model = fitPointModel(builder.build(), origin);
    // The busy weeks go on: 20 minutes ten days on, as after the same 14 days of earlier years.
    // Against the nominal 84 days of earlier years (mostly quiet), it would be 30 or more.
    expect(model.predict(origin + 10, 12)).toBeGreaterThan(17);
    expect(model.predict(origin + 10, 12)).toBeLessThan(23);
  });
});

describe('a ride with a few days of history', () => {
  it("predicts a weekday it has not seen from the other days' hours", () => {
    // Four days, Monday to Thursday, 20 minutes at every hour: Friday was never observed.
    const data = history(4, () => 20);
    const model = fitPointModel(data, START + 4);
    expect(weekdayOf(START)).toBe(1);
    expect(model.predict(START + 4, 12)).toBeCloseTo(20, 6);
    // What was observed stays as observed: no Friday in the typical waits.
    expect(Number.isNaN(model.typical.means[weekdayOf(START + 4) * 24 + 12])).toBe(true);
  });

  it('pulls a weekday seen on two days toward the pooled hours, by the days behind it', () => {
    // Two weeks: Saturdays at 40, every other day at 20.
    const data = history(14, (day) => (weekdayOf(day) === 6 ? 40 : 20));
    const model = fitPointModel(data, START + 14);
    const saturday = START + 5;
    expect(weekdayOf(saturday)).toBe(6);
    const predicted = model.predict(saturday + 14, 12) / model.recentLevel;
    expect(predicted).toBeGreaterThan(20);
    expect(predicted).toBeLessThan(40);
  });
});
