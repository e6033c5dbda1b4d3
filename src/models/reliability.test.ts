import { describe, expect, it } from 'vitest';
import { openIntervals, overlapWith } from './intervals.js';
import { computeReliability } from './reliability.js';

const H = 3_600_000;
const M = 60_000;
const day1 = Date.parse('2026-11-20T14:00:00Z'); // 09:00 in New York
const day2 = Date.parse('2026-11-21T14:00:00Z');
// Open 09:00-21:00 New York time on two days.
const open = [
  [day1, day1 + 12 * H],
  [day2, day2 + 12 * H],
] as const;
const rides = [
  { id: 'p_a', name: 'Alpha' },
  { id: 'p_b', name: 'Bravo' },
  { id: 'p_c', name: 'Charlie' },
];

describe('computeReliability', () => {
  it('counts only down time inside operating hours, and ongoing outages up to now', () => {
    const now = day2 + 12 * H;
    const result = computeReliability({
      rides,
      open,
      now,
      timeZone: 'America/New_York',
      outages: [
        // 30 minutes inside hours.
        { ride_id: 'p_a', started_at: day1 + H, ended_at: day1 + H + 30 * M },
        // Started an hour before opening, ended 30 minutes after: 30 minutes count.
        { ride_id: 'p_a', started_at: day2 - H, ended_at: day2 + 30 * M },
        // Overnight only: does not count at all.
        { ride_id: 'p_b', started_at: day1 + 13 * H, ended_at: day1 + 15 * H },
        // Still open: counts up to now (the last 2 hours of day 2).
        { ride_id: 'p_c', started_at: day2 + 10 * H, ended_at: null },
      ],
    });
    expect(result.map((r) => r.ride_id)).toEqual(['p_c', 'p_a', 'p_b']);
    const [c, a, b] = result;
    expect(c).toMatchObject({
      outages: 1,
      down_minutes: 120,
      longest_outage_minutes: 120,
      operating_minutes: 1440,
    });
    expect(c?.uptime_pct).toBe(91.67);
    expect(a).toMatchObject({
      outages: 2,
      down_minutes: 60,
      average_outage_minutes: 30,
      outages_per_day: 1,
      days_observed: 2,
      uptime_pct: 95.83,
    });
    expect(b).toMatchObject({ outages: 0, down_minutes: 0, uptime_pct: 100, average_outage_minutes: 0 });
  });

  it('reports full uptime and no days when the park never opened', () => {
    const [row] = computeReliability({
      rides: rides.slice(0, 1),
      open: [],
      now: day2,
      timeZone: 'UTC',
      outages: [],
    });
    expect(row).toMatchObject({
      uptime_pct: 100,
      days_observed: 0,
      outages_per_day: 0,
      operating_minutes: 0,
    });
  });
});

describe('openIntervals', () => {
  it('builds open intervals from transitions, clipped to the window', () => {
    const transitions = [
      { at: day1 - 2 * H, state: 'open' as const },
      { at: day1 + H, state: 'closed' as const },
      { at: day2, state: 'open' as const },
    ];
    expect(openIntervals(transitions, day1, day2 + H)).toEqual([
      [day1, day1 + H],
      [day2, day2 + H],
    ]);
  });

  it('measures overlap against sorted intervals', () => {
    expect(overlapWith([day1 - H, day1 + H], open)).toBe(H);
    expect(overlapWith([day1 + 13 * H, day2 + H], open)).toBe(H);
  });
});
