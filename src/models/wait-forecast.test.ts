import { describe, expect, it } from 'vitest';
import { HourlyHistoryBuilder, dayNumber, isoDateOf, weekdayOf, type RideHistory } from './hourly-history.js';
import { UNKNOWN_DAY } from './calendar-features.js';
import {
  DEFAULT_WAIT_MODEL_OPTIONS,
  fitParkPointModels,
  fitPointModel,
  quantile,
  typicalWaits,
  withSchoolSessions,
} from './wait-forecast.js';

const START = dayNumber('2024-01-01');

/** A history of `days` days where every hour 8-21 posts `wait(day, hour)`, two readings an hour. */
function history(days: number, wait: (day: number, hour: number) => number): RideHistory {
  const builder = new HourlyHistoryBuilder();
  for (let day = START; day < START + days; day++) {
    for (let hour = 8; hour <= 21; hour++) {
      builder.add(day, hour, wait(day, hour));
      builder.add(day, hour, wait(day, hour));
    }
  }
  return builder.build();
}

describe('calendar arithmetic', () => {
  it('numbers days and weekdays without a time zone', () => {
    expect(weekdayOf(dayNumber('2026-11-25'))).toBe(3); // a Wednesday
    expect(weekdayOf(dayNumber('1970-01-04'))).toBe(0);
    expect(isoDateOf(dayNumber('2021-12-28'))).toBe('2021-12-28');
  });
});

describe('typical waits', () => {
  it('averages every reading of a weekday and hour before the cut-off, with the days observed', () => {
    const builder = new HourlyHistoryBuilder();
    builder.add(START, 10, 10);
    builder.add(START, 10, 20); // one day: two readings, mean 15
    builder.add(START + 7, 10, 30); // the same weekday a week later
    builder.add(START + 14, 10, 999); // on the cut-off day: not counted
    const typical = typicalWaits(builder.build(), START + 14);
    const slot = weekdayOf(START) * 24 + 10;
    expect(typical.means[slot]).toBeCloseTo((10 + 20 + 30) / 3);
    expect(typical.daysObserved[slot]).toBe(2);
    expect(Number.isNaN(typical.means[slot + 1])).toBe(true);
  });
});

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

  it("pools the seasonal change with the park's other rides, half and half, geometrically", () => {
    // Ride A's waits double every year from day 200 of the year for 30 days; ride B's never move.
    const seasonal = (day: number) => {
      const dayOfYear = (day - START) % 364;
      return dayOfYear >= 200 && dayOfYear < 230 ? 20 : 10;
    };
    const days = 364 * 2 + 180;
    const origin = START + days;
    const rideA = history(days, seasonal);
    const rideB = history(days, () => 10);
    const target = START + 364 * 2 + 215;
    const aloneA = fitPointModel(rideA, origin).seasonalChange(target);
    const aloneB = fitPointModel(rideB, origin).seasonalChange(target);
    expect(aloneA).toBeCloseTo(2, 1);
    expect(aloneB).toBeCloseTo(1, 6);
    const [pooledA, pooledB] = fitParkPointModels([rideA, rideB], origin);
    const park = (aloneA + aloneB) / 2; // the median of two
    expect(pooledA?.seasonalChange(target)).toBeCloseTo(Math.sqrt(aloneA * park), 6);
    expect(pooledB?.seasonalChange(target)).toBeCloseTo(Math.sqrt(aloneB * park), 6);
    // The prediction moves with it: it is the seasonal change times the rest of the model.
    const lone = fitPointModel(rideA, origin);
    expect(pooledA?.predict(target, 12)).toBeCloseTo(
      (lone.predict(target, 12) * Math.sqrt(aloneA * park)) / aloneA,
      6,
    );
    // A ride with no earlier year of its own takes the park's season whole.
    const rideC = history(days, () => 10).filter((entry) => entry.day >= origin - 100);
    const [, , pooledC] = fitParkPointModels([rideA, rideB, rideC], origin);
    expect(pooledC?.seasonKnown(target)).toBe(false);
    expect(pooledC?.seasonalChange(target)).toBeCloseTo((aloneA + aloneB) / 2, 6);
  });

  it('interpolates quantiles', () => {
    expect(quantile([1, 2, 3, 4, 5], 0.5)).toBe(3);
    expect(quantile([0, 10], 0.1)).toBeCloseTo(1);
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

describe('school sessions standing in for an unknown season', () => {
  // Four weeks: two in session at 20 minutes, a week's break (no school in session) at 40, a week
  // back in session at 20.
  const breakFrom = START + 14;
  const breakTo = START + 21;
  const inBreak = (day: number) => day >= breakFrom && day < breakTo;
  const data = history(28, (day) => (inBreak(day) ? 40 : 20));
  const calendar = (day: number) => ({
    ...UNKNOWN_DAY,
    // Ahead of the origin: a break on the first day, school on the next week's same weekday.
    schoolsInSession: inBreak(day) || day === START + 28 ? 0 : 1,
  });
  const breakDay = START + 28;
  const schoolDay = START + 35;

  it('learns from the break seen how much busier a break day ahead runs, shrunk toward no effect', () => {
    // Each weekday's typical wait is (3 × 20 + 40) / 4 = 25: log levels sit (21 days) a quarter of
    // ln 2 below their mean and (7 days) three quarters above; shares a quarter above and three
    // quarters below theirs. Slope: −5.25 ln 2 / (5.25 + penalty).
    const options = { ...DEFAULT_WAIT_MODEL_OPTIONS, schoolSessionLimit: 4 };
    const [model] = fitParkPointModels([data], START + 28, options, calendar);
    const penalty = options.schoolSessionPenalty;
    const expected = 2 ** (5.25 / (5.25 + penalty));
    expect(model?.predict(breakDay, 12) ?? 0).toBeGreaterThan(0);
    expect((model?.predict(breakDay, 12) ?? 0) / (model?.predict(schoolDay, 12) ?? 1)).toBeCloseTo(
      expected,
      6,
    );
    expect((model?.dayLevel(breakDay) ?? 0) / (model?.dayLevel(schoolDay) ?? 1)).toBeCloseTo(expected, 6);
  });

  it('moves a day at most by the limit: a break far from the recorded shares is an extrapolation', () => {
    const [plain] = fitParkPointModels([data], START + 28);
    const [model] = fitParkPointModels([data], START + 28, DEFAULT_WAIT_MODEL_OPTIONS, calendar);
    // Unlimited, the break day would run well above the recent days' mix (the test above): 1.3× at most.
    expect((model?.predict(breakDay, 12) ?? 0) / (plain?.predict(breakDay, 12) ?? 1)).toBeCloseTo(
      DEFAULT_WAIT_MODEL_OPTIONS.schoolSessionLimit,
      6,
    );
  });

  it('scales from the share of the recent days the level came from', () => {
    // The recent level's windows (14, 28, 56, 84 days) saw shares of 0.5, 0.75, 0.75 and 0.75.
    const options = { ...DEFAULT_WAIT_MODEL_OPTIONS, schoolSessionPenalty: 0 };
    const [plain] = fitParkPointModels([data], START + 28, options);
    const [model] = fitParkPointModels([data], START + 28, options, calendar);
    const recentShare = (0.5 + 3 * 0.75) / 4;
    expect((model?.predict(schoolDay, 12) ?? 0) / (plain?.predict(schoolDay, 12) ?? 1)).toBeCloseTo(
      2 ** -(1 - recentShare),
      6,
    );
  });

  it('leaves a day alone whose season a ride of the park knows, and any day without a calendar', () => {
    const [plain] = fitParkPointModels([data], START + 28);
    if (!plain) throw new Error('no model');
    const seasoned = { ...plain, seasonKnown: () => true };
    const [kept] = withSchoolSessions([seasoned], [data], START + 28, calendar);
    expect(kept?.predict(breakDay, 12)).toBe(plain.predict(breakDay, 12));
    const [unknown] = fitParkPointModels([data], START + 28, DEFAULT_WAIT_MODEL_OPTIONS, () => undefined);
    expect(unknown?.predict(breakDay, 12)).toBe(plain.predict(breakDay, 12));
  });

  it('reads no day at or after the origin', () => {
    const later = history(60, (day) => (day >= START + 28 ? 500 : inBreak(day) ? 40 : 20));
    const [seen] = fitParkPointModels([data], START + 28, DEFAULT_WAIT_MODEL_OPTIONS, calendar);
    const [withLater] = fitParkPointModels([later], START + 28, DEFAULT_WAIT_MODEL_OPTIONS, calendar);
    expect(withLater?.predict(breakDay, 12)).toBe(seen?.predict(breakDay, 12));
  });
});
