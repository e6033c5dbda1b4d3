import { describe, expect, it } from 'vitest';
import { dayNumber } from '../models/hourly-history.js';
import { CROWD_HOLIDAYS, HOLIDAY_REACH, nearestHoliday } from './holidays.js';
import { schoolsInSession } from './school-breaks.js';

describe('the nearest crowd holiday', () => {
  it('counts days from Thanksgiving (the fourth Thursday of November), negative before it', () => {
    expect(nearestHoliday(dayNumber('2019-11-28'))).toEqual({
      holiday: CROWD_HOLIDAYS.indexOf('Thanksgiving'),
      days: 0,
    });
    expect(nearestHoliday(dayNumber('2019-11-27'))?.days).toBe(-1);
    expect(nearestHoliday(dayNumber('2019-12-01'))?.days).toBe(3);
  });

  it("reaches across the new year: 30 December is two days before New Year's Day", () => {
    expect(nearestHoliday(dayNumber('2019-12-30'))).toEqual({
      holiday: CROWD_HOLIDAYS.indexOf("New Year's Day"),
      days: -2,
    });
  });

  it('answers null for a day further than its reach from every holiday', () => {
    // 2019-08-10: Independence Day is 37 days back, Labor Day (2 Sep) 23 days ahead.
    expect(HOLIDAY_REACH).toBeLessThan(23);
    expect(nearestHoliday(dayNumber('2019-08-10'))).toBeNull();
  });
});

describe('schools in session', () => {
  it('is near full in term, near none in midsummer and at Christmas, and low in Thanksgiving week', () => {
    const term = schoolsInSession(dayNumber('2019-10-16'));
    expect(term).toBeGreaterThan(0.9);
    expect(schoolsInSession(dayNumber('2019-07-10'))).toBeLessThan(0.05);
    expect(schoolsInSession(dayNumber('2019-12-27'))).toBeLessThan(0.05);
    expect(schoolsInSession(dayNumber('2019-11-27'))).toBeLessThan(0.2);
    expect(schoolsInSession(dayNumber('2019-11-18'))).toBe(term);
  });

  it('dips in mid-March and around Easter, when spring breaks fall', () => {
    const term = schoolsInSession(dayNumber('2019-02-06'));
    expect(schoolsInSession(dayNumber('2019-03-14'))).toBeLessThan(term - 0.1);
    expect(schoolsInSession(dayNumber('2019-04-17'))).toBeLessThan(term - 0.1); // Easter: 21 April
  });
});
