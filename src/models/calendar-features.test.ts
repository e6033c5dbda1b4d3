import { describe, expect, it } from 'vitest';
import { DAY_FEATURES, dayOfYear, writeDayFeatures, type CalendarDay } from './calendar-features.js';
import { dayNumber } from './hourly-history.js';

const feature = (name: (typeof DAY_FEATURES)[number]) => DAY_FEATURES.indexOf(name);

describe('the features of a day', () => {
  it('writes weekday, place in the year and the published facts, open hours from them', () => {
    const day = dayNumber('2019-11-27'); // a Wednesday, the day before Thanksgiving
    const facts: CalendarDay = {
      schoolsInSession: 0.15,
      eventNight: 1,
      earlyEntry: 0,
      extendedEvening: 1,
      opens: 8.5,
      closes: 25,
    };
    const row = new Float64Array(2 + DAY_FEATURES.length);
    writeDayFeatures(day, (asked) => (asked === day ? facts : undefined), row, 2);
    expect(row[2 + feature('weekday')]).toBe(3);
    expect(row[2 + feature('day_of_year')]).toBe(dayOfYear(day));
    expect(row[2 + feature('holiday_days')]).toBe(-1);
    expect(row[2 + feature('schools_in_session')]).toBe(0.15);
    expect(row[2 + feature('event_night')]).toBe(1);
    expect(row[2 + feature('extended_evening')]).toBe(1);
    expect(row[2 + feature('open_hours')]).toBe(16.5);
    expect(row[0]).toBe(0); // the caller's own columns are left alone
  });

  it('leaves what is not known missing (NaN), never zero', () => {
    const row = new Float64Array(DAY_FEATURES.length);
    writeDayFeatures(dayNumber('2019-08-10'), () => undefined, row, 0);
    expect(Number.isNaN(row[feature('event_night')])).toBe(true);
    expect(Number.isNaN(row[feature('open_hours')])).toBe(true);
    expect(Number.isNaN(row[feature('holiday')])).toBe(true);
  });

  it('writes one value per named feature, and nothing past them', () => {
    const row = new Float64Array(DAY_FEATURES.length + 1).fill(-99);
    writeDayFeatures(dayNumber('2019-07-04'), () => undefined, row, 0);
    expect(row.subarray(0, DAY_FEATURES.length).every((value) => value !== -99)).toBe(true);
    expect(row[DAY_FEATURES.length]).toBe(-99);
    expect(new Set(DAY_FEATURES).size).toBe(DAY_FEATURES.length);
  });

  it('numbers the days of the year from 0 on 1 January', () => {
    expect(dayOfYear(dayNumber('2019-01-01'))).toBe(0);
    expect(dayOfYear(dayNumber('2020-12-31'))).toBe(365);
  });
});
