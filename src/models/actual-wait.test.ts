import { describe, expect, it } from 'vitest';
import {
  estimateActualWait,
  parametersFor,
  parkDayHour,
  type ActualWaitParameters,
  type ActualWaitTable,
} from './actual-wait.js';

const HALF: ActualWaitParameters = {
  intercept: Math.log(0.5),
  slope: 1,
  evening: -0.05,
  morning: 0,
  low: -0.3,
  high: 0.25,
};

describe('the estimated actual wait', () => {
  it('is whole minutes, never negative, with the estimate inside its range', () => {
    for (const posted of [0, 5, 10, 35, 60, 120, 300]) {
      for (const hour of [8, 12.5, 18, 23, 25]) {
        const { minutes, low, high } = estimateActualWait(HALF, posted, hour);
        expect(Number.isInteger(minutes) && Number.isInteger(low) && Number.isInteger(high)).toBe(true);
        expect(low).toBeGreaterThanOrEqual(0);
        expect(low).toBeLessThanOrEqual(minutes);
        expect(minutes).toBeLessThanOrEqual(high);
      }
    }
  });

  it('follows its parameters: half of (posted + 5) at noon, less in the evening', () => {
    expect(estimateActualWait(HALF, 55, 12).minutes).toBe(25);
    expect(estimateActualWait(HALF, 55, 21).minutes).toBeLessThan(25);
  });

  it('counts hours after midnight on past 24', () => {
    expect(parkDayHour(1.5)).toBe(25.5);
    expect(parkDayHour(9)).toBe(9);
  });

  it("takes a ride's own parameters, else its kind's", () => {
    const own = { ...HALF, intercept: 0 };
    const table: ActualWaitTable = {
      rides: { park_own: own },
      kinds: { headliner: HALF, thrill: HALF, family: HALF },
    };
    expect(parametersFor(table, { id: 'park_own', priority_lane: [], height_requirement_inches: 44 })).toBe(
      own,
    );
    const headliner = { ...HALF, slope: 0.9 };
    const kinds = { ...table, kinds: { ...table.kinds, headliner } };
    expect(parametersFor(kinds, { id: 'park_other', priority_lane: ['single_pass'] })).toBe(headliner);
  });
});
