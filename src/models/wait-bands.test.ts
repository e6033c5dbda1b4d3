import { describe, expect, it } from 'vitest';
import { HourlyHistoryBuilder, dayNumber, type HourlyDay } from './hourly-history.js';
import { BandErrors, bandOrigins, inSampleRatios, UNCALIBRATED_BANDS, withBand } from './wait-bands.js';

const TAIL = 0.1;
const DAY = dayNumber('2019-03-01');

/** A day posting `waits[i]` at hour 8 + i, `readings` readings an hour. */
function dayOf(waits: readonly number[], readings = 2): HourlyDay {
  const builder = new HourlyHistoryBuilder();
  waits.forEach((wait, i) => {
    for (let k = 0; k < readings; k++) builder.add(DAY, 8 + i, wait);
  });
  const [entry] = builder.build();
  if (!entry) throw new Error('no readings');
  return entry;
}

describe('withBand', () => {
  it('applies the band of the horizon: 1-7, 8-14 and 15-30 days ahead', () => {
    const bands = { lower: [0.8, 0.7, 0.6], upper: [1.2, 1.3, 1.4] };
    expect(withBand(50, bands, 7)).toEqual({ predicted: 50, lower: 40, upper: 60 });
    expect(withBand(50, bands, 8)).toEqual({ predicted: 50, lower: 35, upper: 65 });
    expect(withBand(50, bands, 30)).toEqual({ predicted: 50, lower: 30, upper: 70 });
    // Today (horizon 0) takes the nearest band.
    expect(withBand(50, bands, 0)).toEqual(withBand(50, bands, 1));
  });
});

describe('BandErrors', () => {
  it('gives the errors’ own percentiles once they come from six origins or more', () => {
    const errors = new BandErrors();
    // 100 hours a week ahead from eight origins, actual ÷ predicted evenly from 0.5 to 1.49.
    for (let origin = 0; origin < 10; origin++) {
      const waits = Array.from({ length: 10 }, (_, i) => 20 * (0.5 + (origin * 10 + i) / 100));
      errors.addDay(1000 - 14 * (origin % 8), 3, dayOf(waits), () => 20);
    }
    const bands = errors.bands(TAIL, () => []);
    expect(bands.lower[0]).toBeCloseTo(0.599, 2);
    expect(bands.upper[0]).toBeCloseTo(1.391, 2);
    // The other horizons had no errors: the uncalibrated band.
    expect(bands.lower[2]).toBe(UNCALIBRATED_BANDS.lower[2]);
    expect(bands.upper[2]).toBe(UNCALIBRATED_BANDS.upper[2]);
  });

  it('keeps the uncalibrated band while its errors come from few origins, widening it where they swing more', () => {
    const errors = new BandErrors();
    for (let k = 0; k < 10; k++)
      errors.addDay(1000 - 14 * (k % 3), 3, dayOf([5, 60, 5, 60, 5, 60, 5, 60, 5, 60]), () => 20);
    const bands = errors.bands(TAIL, () => []);
    expect(bands.lower[0]).toBeCloseTo(0.25, 9);
    expect(bands.upper[0]).toBeCloseTo(3, 9);
  });

  it('leaves out hours without a prediction and hours of a single reading', () => {
    const errors = new BandErrors();
    for (let k = 0; k < 100; k++) {
      errors.addDay(1000 - 14 * (k % 8), 20, dayOf([30, 30, 30]), () => 0);
      errors.addDay(1000 - 14 * (k % 8), 20, dayOf([30, 30, 30], 1), () => 20);
    }
    expect(errors.bands(TAIL, () => [])).toEqual(UNCALIBRATED_BANDS);
  });

  it('widens the uncalibrated band of a model that learned from a few days, by the root of 1 + 1/days', () => {
    const errors = new BandErrors();
    const oneDay = errors.bands(TAIL, () => [], 1);
    const fourDays = errors.bands(TAIL, () => [], 4);
    for (let band = 0; band < 3; band++) {
      const lower = UNCALIBRATED_BANDS.lower[band] ?? Number.NaN;
      const upper = UNCALIBRATED_BANDS.upper[band] ?? Number.NaN;
      expect(oneDay.lower[band]).toBeCloseTo(lower ** Math.SQRT2, 9);
      expect(oneDay.upper[band]).toBeCloseTo(upper ** Math.SQRT2, 9);
      expect(fourDays.upper[band]).toBeCloseTo(upper ** Math.sqrt(1.25), 9);
    }
    // Years learned from: the uncalibrated band itself.
    expect(errors.bands(TAIL, () => [], 1000).upper[0]).toBeCloseTo(UNCALIBRATED_BANDS.upper[0] ?? 0, 3);
  });
});

describe('bandOrigins', () => {
  it('keeps the origins where the ride had four weeks of history, or as many as it has now', () => {
    const calibration = [100, 86, 72, 58];
    // The ride opened on day 60: 40 days by the origin 100, 26 by 86, 12 by 72, none by 58.
    const spanAt = (at: number) => Math.max(0, at - 60);
    expect([...bandOrigins(spanAt, 100, calibration)]).toEqual([100]);
    // Opened on day 90: 10 days at the origin, so only origins with 10 days count.
    const young = (at: number) => Math.max(0, at - 90);
    expect([...bandOrigins(young, 100, [95, 92])]).toEqual([]);
    expect([...bandOrigins(young, 100, [100, 95])]).toEqual([100]);
  });
});

describe('inSampleRatios', () => {
  it('scores the 28 days before the origin, hours with two readings or more', () => {
    const start = dayNumber('2019-03-01');
    const builder = new HourlyHistoryBuilder();
    for (let day = start; day < start + 40; day++) {
      builder.add(day, 10, 30);
      builder.add(day, 10, 30);
      builder.add(day, 11, 99);
    }
    const byDay = new Map(builder.build().map((entry) => [entry.day, entry]));
    const ratios = inSampleRatios(byDay, () => 20, start + 40);
    expect(ratios).toHaveLength(28);
    expect(new Set(ratios)).toEqual(new Set([1.5]));
  });
});
