/**
 * The US holidays that shape theme-park crowds: their dates in a year (`holidaysOf`) and the span
 * of days each one makes a holiday (`holidayOf`: the day itself or its long weekend). Date
 * knowledge only, the same for a simulated park and a real one.
 */
import { BoundedCache } from '../lib/bounded-cache.js';
import { calendarDateOf, dayNumberFromParts, isoWeekdayOf } from '../lib/day-numbers.js';

/** Day numbers of the movable and fixed holidays that shape crowds in one year. */
export interface Holidays {
  readonly mlk: number;
  readonly presidents: number;
  readonly easter: number;
  readonly memorial: number;
  readonly independence: number;
  readonly labor: number;
  readonly columbus: number;
  readonly thanksgiving: number;
  readonly christmas: number;
}

/** The `n`th ISO `weekday` (1 = Monday) of a month. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  const first = dayNumberFromParts(year, month, 1);
  return first + ((weekday - isoWeekdayOf(first) + 7) % 7) + 7 * (n - 1);
}

function lastWeekday(year: number, month: number, weekday: number): number {
  const last = dayNumberFromParts(year, month + 1, 0);
  return last - ((isoWeekdayOf(last) - weekday + 7) % 7);
}

/** Gregorian Easter Sunday (anonymous Gregorian algorithm). */
function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dayNumberFromParts(year, month, day);
}

const holidayCache = new BoundedCache<number, Holidays>(16);

export function holidaysOf(year: number): Holidays {
  return holidayCache.get(year, () => ({
    mlk: nthWeekday(year, 1, 1, 3),
    presidents: nthWeekday(year, 2, 1, 3),
    easter: easterSunday(year),
    memorial: lastWeekday(year, 5, 1),
    independence: dayNumberFromParts(year, 7, 4),
    labor: nthWeekday(year, 9, 1, 1),
    columbus: nthWeekday(year, 10, 1, 2),
    thanksgiving: nthWeekday(year, 11, 4, 4),
    christmas: dayNumberFromParts(year, 12, 25),
  }));
}

/** The holiday a day belongs to (the day itself or its long weekend), or null. */
export function holidayOf(day: number): string | null {
  const { year } = calendarDateOf(day);
  const h = holidaysOf(year);
  const spans: readonly (readonly [string, number, number])[] = [
    ['New Year', holidaysOf(year - 1).christmas + 6, holidaysOf(year - 1).christmas + 7],
    ['Martin Luther King Jr. Day weekend', h.mlk - 2, h.mlk],
    ["Presidents' Day weekend", h.presidents - 2, h.presidents],
    ['Easter', h.easter - 2, h.easter + 1],
    ['Memorial Day weekend', h.memorial - 2, h.memorial],
    ['Independence Day', h.independence - 1, h.independence + 1],
    ['Labor Day weekend', h.labor - 2, h.labor],
    ['Columbus Day weekend', h.columbus - 2, h.columbus],
    ['Thanksgiving', h.thanksgiving, h.thanksgiving + 3],
    ['Christmas', h.christmas - 1, h.christmas + 1],
    ['New Year', h.christmas + 6, h.christmas + 7],
  ];
  for (const [name, from, to] of spans) if (day >= from && day <= to) return name;
  return null;
}

/**
 * The holidays whose nearness a crowd model reads, in a fixed order (their index is a feature):
 * New Year's Day and the holidays of `holidaysOf`.
 */
export const CROWD_HOLIDAYS = [
  "New Year's Day",
  'Martin Luther King Jr. Day',
  "Presidents' Day",
  'Easter',
  'Memorial Day',
  'Independence Day',
  'Labor Day',
  'Columbus Day',
  'Thanksgiving',
  'Christmas',
] as const;

/** How far a holiday's nearness reaches, in days either side. */
export const HOLIDAY_REACH = 21;

function holidayDaysOf(year: number): readonly number[] {
  const h = holidaysOf(year);
  return [
    dayNumberFromParts(year, 1, 1),
    h.mlk,
    h.presidents,
    h.easter,
    h.memorial,
    h.independence,
    h.labor,
    h.columbus,
    h.thanksgiving,
    h.christmas,
  ];
}

export interface HolidayNearness {
  /** Index in `CROWD_HOLIDAYS` of the nearest holiday. */
  readonly holiday: number;
  /** Days from that holiday to the day: negative before it, 0 on it. */
  readonly days: number;
}

/** The nearest crowd holiday within `HOLIDAY_REACH` days, or null. */
export function nearestHoliday(day: number): HolidayNearness | null {
  const { year } = calendarDateOf(day);
  let best: HolidayNearness | null = null;
  for (const y of [year - 1, year, year + 1]) {
    holidayDaysOf(y).forEach((holiday, index) => {
      const days = day - holiday;
      if (Math.abs(days) > HOLIDAY_REACH) return;
      if (best === null || Math.abs(days) < Math.abs(best.days)) best = { holiday: index, days };
    });
  }
  return best;
}
