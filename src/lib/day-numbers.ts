/**
 * Calendar arithmetic on day numbers (days since 1970-01-01 of a local calendar): "the day before"
 * and weekdays are plain integer maths. No time zone: the caller has already picked the local date.
 */

const DAY_MS = 86_400_000;

export interface CalendarDate {
  readonly year: number;
  /** 1-12 */
  readonly month: number;
  readonly day: number;
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  readonly weekday: number;
}

export function calendarDateOf(dayNumber: number): CalendarDate {
  const d = new Date(dayNumber * DAY_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    weekday: isoWeekdayOf(dayNumber),
  };
}

/** ISO weekday of a day number, 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday). */
export function isoWeekdayOf(dayNumber: number): number {
  return ((((dayNumber + 3) % 7) + 7) % 7) + 1;
}

/** Day number of a calendar date (month 1-12; day 0 is the last day of the month before). */
export function dayNumberFromParts(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / DAY_MS;
}
