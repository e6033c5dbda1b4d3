import { describe, expect, it } from 'vitest';
import { Catalog } from '../catalog/catalog.js';
import type { ActualWaitTable } from '../models/actual-wait.js';
import { actualWaitEstimator } from './actual-wait-estimator.js';

const catalog = Catalog.load();
const park = catalog.park('magic-kingdom');
if (!park) throw new Error('catalog without magic-kingdom');
const ride = park.attractions.find((a) => a.type === 'ride');
if (!ride) throw new Error('magic-kingdom without a ride');

const flat = { intercept: 0, slope: 1, evening: 0, morning: 0, low: -0.1, high: 0.1 };
/** Less by a log unit each evening hour: the hour read shows in the estimate. */
const table: ActualWaitTable = {
  rides: {},
  kinds: {
    headliner: { ...flat, evening: -1 },
    thrill: { ...flat, evening: -1 },
    family: { ...flat, evening: -1 },
  },
};

describe('the ingest estimator', () => {
  it("reads the park's local hour, not UTC: 12:00 in Orlando is 17:00 UTC in winter", () => {
    const estimate = actualWaitEstimator(park, table);
    const noonLocal = Date.parse('2026-12-01T17:00:00Z');
    expect(estimate(ride, 55, noonLocal).minutes).toBe(55);
    expect(estimate(ride, 55, Date.parse('2026-12-01T23:00:00Z')).minutes).toBeLessThan(55);
  });

  it('serves the committed parameters by default, with the estimate inside its range', () => {
    const { minutes, low, high } = actualWaitEstimator(park)(ride, 60, Date.parse('2026-12-01T19:00:00Z'));
    expect(low).toBeLessThanOrEqual(minutes);
    expect(minutes).toBeLessThanOrEqual(high);
    expect(minutes).toBeLessThan(60);
  });
});
