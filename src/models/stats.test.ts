import { describe, expect, it } from 'vitest';
import { correlation, geometricMean, meanOfFinite, median, quantile, weightedQuantile } from './stats.js';

describe('statistics', () => {
  it('takes the middle value, or the mean of the two middle values, whatever the order', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(Number.isNaN(median([]))).toBe(true);
  });

  it('interpolates quantiles', () => {
    expect(quantile([1, 2, 3, 4, 5], 0.5)).toBe(3);
    expect(quantile([0, 10], 0.1)).toBeCloseTo(1);
    expect(quantile([3, 1, 2], 2)).toBe(3);
  });

  it('takes medians and quantiles exactly as a comparator sort would, NaN and -0 included', () => {
    const reference = (values: readonly number[], q: number) => {
      const sorted = [...values].sort((a, b) => a - b);
      const position = (sorted.length - 1) * Math.min(1, Math.max(0, q));
      const low = sorted[Math.floor(position)] ?? Number.NaN;
      return low + ((sorted[Math.ceil(position)] ?? low) - low) * (position - Math.floor(position));
    };
    let seed = 7;
    const next = () => {
      seed = (seed * 16_807) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    expect(Object.is(median([0, -0, 5]), -0)).toBe(true);
    expect(Object.is(median([-0, 0, 5]), 0)).toBe(true);
    expect(median([3, Number.NaN, 1])).toBe(reference([3, Number.NaN, 1], 0.5));
    const special = [Number.NaN, -0, 0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e-300];
    for (let trial = 0; trial < 300; trial++) {
      const values = Array.from({ length: 1 + Math.floor(next() * 40) }, () =>
        next() < 0.1 ? (special[Math.floor(next() * special.length)] ?? 0) : Math.round(next() * 20) / 4,
      );
      for (const q of [0, 0.1, 0.5, 0.9, 1])
        expect(Object.is(quantile(values, q), reference(values, q))).toBe(true);
      const sorted = [...values].sort((a, b) => a - b);
      const middle = sorted.length >> 1;
      const expected =
        sorted.length % 2 === 1
          ? (sorted[middle] ?? Number.NaN)
          : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
      expect(Object.is(median(values), expected)).toBe(true);
    }
  });

  it('finds the value below which a share of the weight lies', () => {
    const values = Float64Array.from([30, 10, 20]);
    expect(weightedQuantile(values, Float64Array.from([1, 1, 1]), 0.5)).toBe(20);
    expect(weightedQuantile(values, Float64Array.from([1, 8, 1]), 0.5)).toBe(10);
  });

  it('averages the finite values only', () => {
    expect(meanOfFinite([1, Number.NaN, 3, Number.POSITIVE_INFINITY])).toBe(2);
    expect(Number.isNaN(meanOfFinite([Number.NaN]))).toBe(true);
  });

  it('averages ratios geometrically', () => {
    expect(geometricMean([0.5, 2])).toBeCloseTo(1, 12);
    expect(geometricMean([2, 8])).toBeCloseTo(4, 12);
  });

  it('correlates two series, and answers 0 where there is nothing to correlate', () => {
    expect(correlation([1, 2, 3, 4], [2, 4, 6, 8])).toBeCloseTo(1, 12);
    expect(correlation([1, 2, 3, 4], [8, 6, 4, 2])).toBeCloseTo(-1, 12);
    expect(correlation([1, 2, 3], [5, 5, 5])).toBe(0);
    expect(correlation([1, 2], [1, 2])).toBe(0);
  });
});
