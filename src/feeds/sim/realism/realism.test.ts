import { describe, expect, it } from 'vitest';
import { Catalog } from '../../../catalog/catalog.js';
import { Simulator } from '../simulator.js';
import { measureRealism, WDW_PARKS } from './measure.js';
import type { RealismReport } from './report.js';
import { hasTouringPlans, touringPlansDir } from './touringplans.js';

/**
 * The realism goals of the simulator (issue 23), checked on eight months of simulated days: the
 * winter lull and its holidays, spring break, the Florida storm season through August. The CLI
 * command `sim realism` prints the same measurement over a full year.
 */
const catalog = Catalog.load();
const dir = touringPlansDir();
let cached: RealismReport | null = null;
function report(): RealismReport {
  cached ??= measureRealism(catalog, new Simulator(catalog), {
    from: '2026-01-04',
    to: '2026-08-29',
    touringPlansDir: hasTouringPlans(dir) ? dir : null,
  });
  return cached;
}
const parkOf = (key: string) => {
  const p = report().parks.find((x) => x.park === key);
  if (!p) throw new Error(`no park ${key} in the report`);
  return p;
};

describe('simulator realism', () => {
  it('matches the real recorded waits of every recorded attraction still running (TouringPlans.com)', () => {
    // The recorded files ship with the repository's shared data; without them there is nothing to compare.
    expect(hasTouringPlans(dir), `TouringPlans.com data expected in ${dir}`).toBe(true);
    const rows = report().touringplans;
    // Ten of the eleven recorded attractions still run (DINOSAUR closed in 2026).
    expect(rows).toHaveLength(10);
    for (const t of rows) {
      expect(t.profile_correlation, t.attraction).toBeGreaterThanOrEqual(0.9);
      expect(Math.abs(t.peak_hour_sim - t.peak_hour_real), t.attraction).toBeLessThanOrEqual(1);
      expect(Math.abs(t.mean_wait_sim / t.mean_wait_real - 1), t.attraction).toBeLessThanOrEqual(0.3);
    }
  }, 120_000);

  it('keeps seasons smooth and Walt Disney World waits at 2026 levels', () => {
    for (const p of report().parks) expect(p.max_daily_jump, p.park).toBeLessThan(0.35);
    expect(report().wdw_mean_posted_wait).toBeGreaterThanOrEqual(33);
    expect(report().wdw_mean_posted_wait).toBeLessThanOrEqual(47);
    for (const key of WDW_PARKS) {
      expect(parkOf(key).mean_posted_wait, key).toBeGreaterThanOrEqual(25);
      expect(parkOf(key).mean_posted_wait, key).toBeLessThanOrEqual(60);
    }
    // Real parks peak from late morning to mid-afternoon, not all at the same hour.
    const peaks = Object.keys(parkOf('magic-kingdom').peak_hour_histogram).map(Number);
    expect(Math.min(...peaks)).toBeLessThanOrEqual(12);
  }, 120_000);

  it('draws downtime from a heavy tail: a few rides down over an hour a day, most rarely stop', () => {
    const rides = report().rides;
    expect(parkOf('hollywood-studios').rides_down_over_60_min_per_day).toBeGreaterThanOrEqual(3);
    const testTrack = rides.find((r) => r.ride === 'epcot_test-track');
    expect(testTrack?.mean_downtime_min_per_day).toBeGreaterThanOrEqual(80);
    expect(testTrack?.mean_downtime_min_per_day).toBeLessThanOrEqual(110);
    expect(rides.filter((r) => r.mean_downtime_min_per_day < 15).length).toBeGreaterThanOrEqual(
      0.3 * rides.length,
    );
    const closures = rides.reduce((sum, r) => sum + r.all_day_closures, 0);
    expect(closures).toBeGreaterThan(0);
    // Rare: well under one ride-day in a hundred.
    expect(closures).toBeLessThan(0.01 * rides.length * 238);
  }, 120_000);

  it('closes only outdoor rides for weather, on Florida summer afternoons and hardly ever in California', () => {
    const rides = report().rides;
    for (const r of rides.filter((x) => x.indoor)) expect(r.weather_delays, r.ride).toBe(0);
    expect(rides.find((r) => r.ride.includes('rock-n-roller-coaster'))?.indoor).toBe(true);
    for (const p of report().parks) {
      const florida = catalog.park(p.park)?.time_zone === 'America/New_York';
      if (florida) {
        expect(p.storm_closure_day_share_summer, p.park).toBeGreaterThanOrEqual(0.35);
        expect(p.storm_closure_day_share_summer, p.park).toBeLessThanOrEqual(0.65);
        expect(p.storm_closure_day_share_winter, p.park).toBeLessThan(0.1);
      } else {
        expect(p.storm_closure_day_share_summer, p.park).toBeLessThan(0.02);
        expect(p.storm_closure_day_share_winter, p.park).toBeLessThan(0.02);
      }
    }
  }, 120_000);

  it('sells priority lanes out on busy days and keeps windows on quiet ones', () => {
    for (const key of WDW_PARKS) {
      expect(parkOf(key).lane_sellout_share_busy, key).toBeGreaterThanOrEqual(0.6);
      expect(parkOf(key).lane_sellout_share_quiet, key).toBeLessThanOrEqual(0.3);
    }
  }, 120_000);
});
