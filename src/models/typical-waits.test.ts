import { describe, expect, it } from 'vitest';
import { HourlyHistoryBuilder, dayNumber, isoDateOf, weekdayOf } from './hourly-history.js';
import { START } from './test-fixtures.js';
import { typicalWaits } from './typical-waits.js';

describe('calendar arithmetic', () => {
  it('numbers days and weekdays without a time zone', () => {
    expect(weekdayOf(dayNumber('2026-11-25'))).toBe(3); // a Wednesday
    expect(weekdayOf(dayNumber('1970-01-04'))).toBe(0);
    expect(isoDateOf(dayNumber('2021-12-28'))).toBe('2021-12-28');
  });
});

describe('typical waits', () => {
  it('averages every reading of a weekday and hour before the cut-off, with the days observed', () => {
    const builder = new HourlyHistoryBuilder();
    builder.add(START, 10, 10);
    builder.add(START, 10, 20); // one day: two readings, mean 15
    builder.add(START + 7, 10, 30); // the same weekday a week later
    builder.add(START + 14, 10, 999); // on the cut-off day: not counted
    const typical = typicalWaits(builder.build(), START + 14);
    const slot = weekdayOf(START) * 24 + 10;
    expect(typical.means[slot]).toBeCloseTo((10 + 20 + 30) / 3);
    expect(typical.daysObserved[slot]).toBe(2);
    expect(Number.isNaN(typical.means[slot + 1])).toBe(true);
  });
});
