import { describe, expect, it } from 'vitest';
import { median, medianPair } from '../../bench/stats.js';

describe('bench statistics', () => {
  it('takes the lower middle as the median of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(median([])).toBeNaN();
  });

  it('picks the pair whose ratio is the median, not the medians of each side', () => {
    // Ratios 0.5, 1.0, 0.8: the median pair is [40, 50], though the sides' medians are 50 and 100.
    const pairs = [
      [50, 100],
      [100, 100],
      [40, 50],
    ] as const;
    expect(medianPair(pairs)).toEqual([40, 50]);
    expect(medianPair([[3, 4]])).toEqual([3, 4]);
    expect(medianPair([]).every(Number.isNaN)).toBe(true);
  });
});
