import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';
import { localDaysBack, resolveDate, resolveDateRange } from './params.js';

const NY = 'America/New_York';
// 2026-11-22T03:30Z is still 2026-11-21 in New York (UTC-5) but already the 22nd in UTC.
const LATE_EVENING_NY = Date.parse('2026-11-22T03:30:00Z');

function rejection(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('resolveDate', () => {
  const bounds = { maxDaysAhead: 29, meaning: 'Park-local date' };

  it('defaults to today in the park time zone, not in UTC', () => {
    expect(resolveDate(undefined, NY, LATE_EVENING_NY, bounds)).toBe('2026-11-21');
    expect(resolveDate(undefined, 'UTC', LATE_EVENING_NY, bounds)).toBe('2026-11-22');
  });

  it('accepts today through the last day of the window', () => {
    expect(resolveDate('2026-11-21', NY, LATE_EVENING_NY, bounds)).toBe('2026-11-21');
    expect(resolveDate('2026-12-20', NY, LATE_EVENING_NY, bounds)).toBe('2026-12-20');
  });

  it.each([
    ['yesterday', '2026-11-20'],
    ['past the window', '2026-12-21'],
    ['malformed', '21/11/2026'],
    ['not a calendar date', '2026-02-30'],
    ['empty', ''],
  ])('rejects %s with the accepted window in real dates', (_case, raw) => {
    const error = rejection(() => resolveDate(raw, NY, LATE_EVENING_NY, bounds));
    expect(error.code).toBe('invalid_request');
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      `date must be a date YYYY-MM-DD from 2026-11-21 (today in America/New_York) to 2026-12-20 (29 days ahead); got "${raw}".`,
    );
  });
});

describe('resolveDateRange', () => {
  const bounds = { fromMaxDaysAhead: 365, maxSpanDays: 59, defaultSpanDays: 29 };

  it('defaults from to today and to 29 days after from', () => {
    expect(resolveDateRange({}, NY, LATE_EVENING_NY, bounds)).toEqual({
      from: '2026-11-21',
      to: '2026-12-20',
    });
    expect(resolveDateRange({ from: '2026-12-01' }, NY, LATE_EVENING_NY, bounds)).toEqual({
      from: '2026-12-01',
      to: '2026-12-30',
    });
  });

  it('accepts to up to 59 days after from', () => {
    expect(resolveDateRange({ from: '2026-12-01', to: '2027-01-29' }, NY, LATE_EVENING_NY, bounds).to).toBe(
      '2027-01-29',
    );
  });

  it('rejects to before from or more than 59 days after it', () => {
    for (const [to, problem] of [
      ['2026-11-30', 'which is before from (2026-12-01)'],
      ['2027-01-30', 'which is more than 59 days after from'],
      ['soon', 'which is not a date'],
    ] as const) {
      const error = rejection(() =>
        resolveDateRange({ from: '2026-12-01', to }, NY, LATE_EVENING_NY, bounds),
      );
      expect(error.message).toBe(
        `to must be a date YYYY-MM-DD from 2026-12-01 (the from date) to 2027-01-29 (59 days after from); got "${to}", ${problem}.`,
      );
    }
  });

  it('names the from parameter when from is out of range', () => {
    const error = rejection(() => resolveDateRange({ from: '2028-01-01' }, NY, LATE_EVENING_NY, bounds));
    expect(error.message).toMatch(
      /^from must be a date YYYY-MM-DD from 2026-11-21 .* to 2027-11-21 \(365 days ahead\)/,
    );
  });
});

describe('localDaysBack', () => {
  it('gives the last n park-local days including today, oldest first', () => {
    expect(localDaysBack(3, NY, LATE_EVENING_NY)).toEqual(['2026-11-19', '2026-11-20', '2026-11-21']);
  });
});
