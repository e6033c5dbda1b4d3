import { describe, expect, it } from 'vitest';
import { UNKNOWN_DAY } from './calendar-features.js';
import { DEFAULT_WAIT_MODEL_OPTIONS } from './level-model-options.js';
import { fitParkPointModels } from './park-point-models.js';
import { fitPointModel } from './point-model.js';
import { withSchoolSessions } from './school-session-regression.js';
import { START, history } from './test-fixtures.js';

describe("a park's rides fitted together", () => {
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
