import { describe, expect, it } from 'vitest';
import { hourBoundaries, localClockHours, localDate } from './time.js';

describe('localDate', () => {
  it('follows the zone across midnight, back in time and over a DST change', () => {
    const zone = 'America/New_York';
    // 2026-11-01 is the fall-back day: 25 hours long in New York.
    const at = (iso: string) => Date.parse(iso);
    expect(localDate(at('2026-11-01T03:59:59Z'), zone)).toBe('2026-10-31');
    expect(localDate(at('2026-11-01T04:00:00Z'), zone)).toBe('2026-11-01');
    expect(localDate(at('2026-11-02T04:59:59Z'), zone)).toBe('2026-11-01');
    expect(localDate(at('2026-11-02T05:00:00Z'), zone)).toBe('2026-11-02');
    expect(localDate(at('2026-10-31T12:00:00Z'), zone)).toBe('2026-10-31');
    expect(localDate(at('2026-11-02T05:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-01');
  });
});

describe('hourBoundaries', () => {
  const HOUR = 3_600_000;

  it('gives the 24 local hours and the next midnight, whole hours on an ordinary day', () => {
    const bounds = hourBoundaries('2026-11-21', 'America/New_York');
    expect(bounds).toHaveLength(25);
    expect(bounds[0]).toBe(Date.parse('2026-11-21T05:00:00Z'));
    expect(bounds[14]).toBe(Date.parse('2026-11-21T19:00:00Z'));
    expect(bounds[24]).toBe(Date.parse('2026-11-22T05:00:00Z'));
  });

  it('follows the clock change on a DST day', () => {
    const bounds = hourBoundaries('2026-11-01', 'America/New_York');
    expect(bounds).toHaveLength(25);
    expect((bounds[24] ?? 0) - (bounds[0] ?? 0)).toBe(25 * HOUR);
    expect(bounds[14]).toBe(Date.parse('2026-11-01T19:00:00Z'));
  });
});

describe('localClockHours', () => {
  it('gives the wall-clock time as fractional hours, on an ordinary day and across a clock change', () => {
    expect(localClockHours(Date.parse('2026-11-25T19:30:00Z'), 'America/New_York')).toBe(14.5);
    // 1 November 2026: clocks go back at 2:00 in New York, so 19:00Z is 14:00 local, 15 real hours in.
    expect(localClockHours(Date.parse('2026-11-01T19:00:00Z'), 'America/New_York')).toBe(14);
    expect(localClockHours(Date.parse('2026-11-01T05:30:00Z'), 'America/New_York')).toBe(1.5);
  });
});
