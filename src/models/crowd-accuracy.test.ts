import { describe, expect, it } from 'vitest';
import { levelRange, scoreCrowdLevels, type CrowdOrigin } from './crowd-accuracy.js';
import { HourlyHistoryBuilder, type RideHistory } from './hourly-history.js';

/** A day's midday wait: a weekly pattern with a slow drift, so days rank differently. */
const middayWait = (day: number) => 20 + 8 * (day % 7) + day / 10;

function ride(firstDay: number, lastDay: number, scale = 1): RideHistory {
  const builder = new HourlyHistoryBuilder();
  for (let day = firstDay; day <= lastDay; day++) {
    for (let hour = 9; hour <= 20; hour++) builder.add(day, hour, middayWait(day) * scale);
  }
  return builder.build();
}

const HORIZON = 30;
const rides = [ride(0, 119), ride(0, 119, 2)];

/** The rides at `origin`, predicting each ride's actual waits (a perfect forecast). */
function perfectAt(origin: number): CrowdOrigin {
  return {
    fits: rides.map((history) => history.filter((entry) => entry.day < origin)),
    scored: rides,
    predict: [(day) => middayWait(day), (day) => middayWait(day) * 2],
  };
}

describe('crowd accuracy', () => {
  it('scores every day after each origin the caller gives data for, and a perfect forecast exactly', () => {
    const score = scoreCrowdLevels(
      [60, 75, 200],
      (origin) => (origin < 100 ? perfectAt(origin) : undefined),
      HORIZON,
    );
    expect(score).toMatchObject({ origins: 2, days: 2 * HORIZON, maeLevels: 0, within1: 1, within2: 1 });
    expect(score.indexRatios).toHaveLength(2 * HORIZON);
    for (const ratio of score.indexRatios) expect(ratio).toBeCloseTo(1, 9);
  });

  it('counts the levels a forecast misses by, and no day the forecast has no index for', () => {
    const busiest = scoreCrowdLevels([60], perfectAt, HORIZON, () => 100);
    expect(busiest.days).toBe(HORIZON);
    expect(busiest.maeLevels).toBeGreaterThan(2);
    expect(busiest.within1).toBeLessThan(1);
    const halfDays = scoreCrowdLevels([60], perfectAt, HORIZON, (day, actual) =>
      day % 2 === 0 ? (actual.get(day) ?? Number.NaN) : Number.NaN,
    );
    expect(halfDays.days).toBe(HORIZON / 2);
    expect(halfDays.maeLevels).toBe(0);
    const nothing = scoreCrowdLevels([60], perfectAt, HORIZON, () => Number.NaN);
    expect(nothing).toMatchObject({ origins: 1, days: 0 });
    expect(nothing.maeLevels).toBeNaN();
  });
});

describe("the crowd level's range", () => {
  const ratios = Array.from({ length: 100 }, (_, i) => 0.5 + i / 100);

  it("is the index errors' 10th and 90th percentiles once they come from six origins", () => {
    const range = levelRange(ratios, 6);
    expect(range?.lower).toBeCloseTo(0.599, 2);
    expect(range?.upper).toBeCloseTo(1.391, 2);
  });

  it('waits for 20 scored days, and for six origins: a few share a few misses of the level', () => {
    expect(levelRange(ratios.slice(0, 19), 8)).toBeUndefined();
    expect(levelRange(ratios, 5)).toBeUndefined();
  });
});
