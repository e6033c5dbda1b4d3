import { describe, expect, it } from 'vitest';
import { formatRealism } from './format.js';
import type { RealismReport } from './report.js';

const report: RealismReport = {
  from: '2026-01-01',
  to: '2026-01-31',
  wdw_mean_posted_wait: 37.4,
  parks: [
    {
      park: 'magic-kingdom',
      mean_posted_wait: 31.1,
      storm_closure_day_share_summer: null,
      storm_closure_day_share_winter: 0.033,
      peak_hour_histogram: { '12': 16, '13': 1 },
      max_daily_jump: 0.245,
      max_daily_jump_date: '2026-01-17',
      rides_down_over_60_min_per_day: 3,
      lane_sellout_share_busy: 0.891,
      lane_sellout_share_quiet: null,
    },
  ],
  rides: [
    {
      ride: 'space-mountain',
      name: 'Space Mountain',
      park: 'magic-kingdom',
      mean_downtime_min_per_day: 42.5,
      all_day_closures: 2,
      weather_delays: 1,
      indoor: true,
    },
  ],
  touringplans: [],
};

describe('the realism table', () => {
  it('prints the span, each park with its peak hours, and the rides down longest', () => {
    const lines = formatRealism(report).split('\n');
    expect(lines[0]).toBe('Simulator realism 2026-01-01 to 2026-01-31');
    expect(lines[1]).toBe('Walt Disney World mean posted wait (by ride): 37.4 min');
    const park = lines.find((line) => line.startsWith('magic-kingdom')) ?? '';
    expect(park).toContain('12h:16 13h:1');
    expect(park).toContain('    -'); // a share not measured prints as a dash
    expect(lines).toContain(
      'Rides: 1; downtime under 15 min/day: 0; all-day closures: 2; weather delays on indoor rides: 1',
    );
    expect(lines.some((line) => line.includes('space-mountain') && line.includes('(indoor)'))).toBe(true);
    expect(formatRealism(report)).not.toContain('TouringPlans.com');
  });
});
