import { describe, expect, it } from 'vitest';
import { dayNumber } from '../models/hourly-history.js';
import { calendarFlags } from './day-flags.js';

describe('the calendar flags of a day', () => {
  it('flags Thanksgiving as a holiday in Thanksgiving week', () => {
    expect(calendarFlags('epcot', dayNumber('2026-11-26'))).toMatchObject({
      holiday: 'Thanksgiving',
      school_break: 'Thanksgiving week',
      event_night: null,
    });
  });

  it('flags winter break across the new year and nothing on an ordinary day', () => {
    expect(calendarFlags('epcot', dayNumber('2027-01-01'))).toMatchObject({ school_break: 'winter break' });
    expect(calendarFlags('epcot', dayNumber('2026-12-29')).school_break).toBe('winter break');
    expect(calendarFlags('epcot', dayNumber('2026-10-14'))).toEqual({
      holiday: null,
      school_break: null,
      event_night: null,
    });
  });

  it("names the park's ticketed event night from the events calendar", () => {
    const nights = Array.from({ length: 14 }, (_, i) =>
      calendarFlags('magic-kingdom', dayNumber('2026-12-01') + i),
    );
    expect(nights.some((flags) => flags.event_night !== null)).toBe(true);
    expect(calendarFlags('epcot', dayNumber('2026-12-01')).event_night).toBeNull();
  });
});
