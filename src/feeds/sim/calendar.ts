/**
 * The crowd calendar: how busy a park-local date is, as a factor on a typical day's waits
 * (1.0 = a typical day; ~0.6 the quietest weeks; ~1.6 between Christmas and New Year).
 *
 * Targets (public crowd calendars for WDW/Universal Orlando and Disneyland): Christmas-New Year is
 * the busiest stretch of the year, then Thanksgiving week, Easter/spring break and July 4th; summer
 * is busy; early December is moderate; mid-January, the weeks after Labor Day and the Monday-Thursday
 * after Thanksgiving are the quietest. Florida crowds barely depend on the weekday (tourists); the
 * California parks are local-heavy, so Saturdays run ~40% above a Tuesday.
 */
import { BoundedCache } from './bounded-cache.js';
import { calendarDateOf, dayNumberFromParts, weekdayOf } from './local-time.js';
import { Rng } from './random.js';

export type Region = 'florida' | 'california';

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

function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  const first = dayNumberFromParts(year, month, 1);
  return first + ((weekday - weekdayOf(first) + 7) % 7) + 7 * (n - 1);
}

function lastWeekday(year: number, month: number, weekday: number): number {
  const last = dayNumberFromParts(year, month + 1, 0);
  return last - ((weekdayOf(last) - weekday + 7) % 7);
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

export type HolidayPeriod =
  | 'christmas'
  | 'thanksgiving'
  | 'mlk'
  | 'presidents'
  | 'easter'
  | 'memorial'
  | 'independence'
  | 'labor'
  | 'columbus';

/**
 * The holiday period a date falls in (the long weekends and holiday weeks that make crowd peaks),
 * or null. Christmas runs Dec 20 to Jan 4; Thanksgiving from the Saturday before to the Sunday
 * after; Presidents' Day from the Saturday before through the week; Easter the week before it.
 */
export function holidayPeriodOf(dayNumber: number): HolidayPeriod | null {
  const { year, month, day } = calendarDateOf(dayNumber);
  if ((month === 12 && day >= 20) || (month === 1 && day <= 4)) return 'christmas';
  const h = holidaysOf(year);
  const d = dayNumber;
  if (d >= h.thanksgiving - 5 && d <= h.thanksgiving + 3) return 'thanksgiving';
  if (d >= h.mlk - 2 && d <= h.mlk) return 'mlk';
  if (d >= h.presidents - 2 && d <= h.presidents + 5) return 'presidents';
  if (d >= h.easter - 7 && d <= h.easter + 1) return 'easter';
  if (d >= h.memorial - 2 && d <= h.memorial) return 'memorial';
  if (d >= h.independence - 3 && d <= h.independence + 1) return 'independence';
  if (d >= h.labor - 2 && d <= h.labor) return 'labor';
  if (d >= h.columbus - 2 && d <= h.columbus) return 'columbus';
  return null;
}

/** Seasonal factor before weekday effects and day-to-day noise. */
export function seasonalFactor(region: Region, dayNumber: number): number {
  const { year, month, day } = calendarDateOf(dayNumber);
  const h = holidaysOf(year);
  const ca = region === 'california';
  const d = dayNumber;
  const date = (m: number, dd: number): number => dayNumberFromParts(year, m, dd);

  // Christmas to New Year, the year's peak.
  if (month === 12 && day >= 26) return 1.6;
  if (month === 12 && day === 25) return 1.4;
  if (month === 12 && day >= 20) return 1.2 + (day - 20) * 0.03;
  if (month === 1 && day === 1) return 1.45;
  if (month === 1 && day === 2) return 1.3;
  if (month === 1 && day <= 4) return 1.05;
  // Thanksgiving week: Saturday before to Sunday after; the Monday-Thursday after is famously quiet.
  const t = h.thanksgiving;
  if (d >= t - 5 && d <= t - 3) return 1.15;
  if (d >= t - 2 && d <= t + 2) return d === t ? 1.3 : 1.4;
  if (d === t + 3) return 1.05;
  if (d >= t + 4 && d <= t + 7) return 0.72;
  if (month === 12) return day <= 12 ? 0.85 : 1.05;
  if (month === 11) return d >= t - 12 ? 0.85 : 0.92;
  // Winter lull, broken by MLK and Presidents' Day weekends.
  if (d >= h.mlk - 2 && d <= h.mlk) return 1.05;
  if (month === 1) return ca ? 0.8 : 0.72;
  if (d >= h.presidents - 2 && d <= h.presidents + 5) return 1.2;
  if (month === 2) return 0.85;
  // Spring break, peaking around Easter.
  if (d >= h.easter - 7 && d <= h.easter + 1) return 1.35;
  if (d >= date(3, 7) && d <= date(4, 20)) return ca ? 1.1 : 1.15;
  if (d >= h.memorial - 2 && d <= h.memorial) return 1.2;
  if (month === 4 || month === 5) return 0.9;
  // Summer, July 4th on top.
  if (d >= h.independence - 3 && d <= h.independence + 1) return 1.3;
  if (month === 6 || month === 7 || (month === 8 && day <= 10)) return 1.15;
  if (d >= h.labor - 2 && d <= h.labor) return 1.0;
  if (month === 8) return ca ? 0.95 : 0.8;
  // After Labor Day: the quietest weeks in Florida; Halloween season lifts Disneyland a little.
  if (month === 9) return ca ? (day <= 20 ? 0.8 : 0.9) : day <= 20 ? 0.62 : 0.7;
  if (d >= h.columbus - 2 && d <= h.columbus) return 1.1;
  if (month === 10) return ca ? 1.0 : 0.92;
  return 1.0;
}

const FLORIDA_WEEKDAY = [1.03, 1.0, 0.97, 0.97, 0.98, 1.04, 1.0];
const CALIFORNIA_WEEKDAY = [0.92, 0.87, 0.88, 0.92, 1.04, 1.25, 1.12];

/** Weekday effect; damped inside holiday peaks, when every day is busy. */
export function weekdayFactor(region: Region, dayNumber: number, seasonal: number): number {
  const table = region === 'california' ? CALIFORNIA_WEEKDAY : FLORIDA_WEEKDAY;
  const raw = table[weekdayOf(dayNumber) - 1] ?? 1;
  return seasonal >= 1.3 ? 1 + (raw - 1) * 0.4 : raw;
}

/**
 * The crowd factor of one park on one date: season × weekday × noise, where the noise has a
 * resort-wide part (weather, conventions: all parks of a resort move together) and a park part.
 * Spread ~±10%, so two Tuesdays in the same week differ but stay in the same band.
 */
export function crowdFactor(
  seed: number,
  region: Region,
  resortHash: number,
  parkHash: number,
  dayNumber: number,
): number {
  const seasonal = seasonalFactor(region, dayNumber);
  const weekday = weekdayFactor(region, dayNumber, seasonal);
  const resortNoise = new Rng(seed, resortHash, dayNumber, 0xc0).normal();
  const parkNoise = new Rng(seed, parkHash, dayNumber, 0xc1).normal();
  const noise = Math.exp(0.06 * clamp(resortNoise, -2.5, 2.5) + 0.05 * clamp(parkNoise, -2.5, 2.5));
  return seasonal * weekday * noise;
}

export function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}
