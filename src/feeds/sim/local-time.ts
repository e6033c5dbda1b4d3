/**
 * Park-local calendar arithmetic. Dates are handled as day numbers (days since 1970-01-01 of the
 * local calendar), which makes "the day before" and weekdays plain integer maths; only the step from
 * a local wall-clock time to an instant goes through luxon, so time zones and DST are never
 * hand-rolled.
 */
import { DateTime } from 'luxon';
import { calendarDateOf, dayNumberFromParts } from '../../lib/day-numbers.js';

// The plain day-number arithmetic is shared with the calendar (`src/calendar/`); the simulator
// reads it from here with the rest of its park-local time.
export {
  calendarDateOf,
  dayNumberFromParts,
  isoWeekdayOf as weekdayOf,
  type CalendarDate,
} from '../../lib/day-numbers.js';

const DAY_MS = 86_400_000;

/**
 * A park day runs from 04:00 local to 04:00 the next day, so a night that runs past midnight
 * (Disneyland to 01:00, Halloween Horror Nights to 02:00) belongs to the date it started on.
 */
export const PARK_DAY_START_HOUR = 4;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` → day number; throws RangeError on anything that is not a real calendar date. */
export function dayNumberOf(date: string): number {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`expected a date as YYYY-MM-DD, got ${JSON.stringify(date)}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`not a calendar date: ${date}`);
  }
  return ms / DAY_MS;
}

export function dateStringOf(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The instant of a park-local wall-clock time: `minuteOfDay` counts from local midnight of the
 * date and may pass 1440 (01:00 the next morning is 1500).
 */
export function localInstant(zone: string, dayNumber: number, minuteOfDay: number): number {
  const extraDays = Math.floor(minuteOfDay / 1440);
  const minute = minuteOfDay - extraDays * 1440;
  const date = calendarDateOf(dayNumber + extraDays);
  const dt = DateTime.fromObject(
    { year: date.year, month: date.month, day: date.day, hour: Math.floor(minute / 60), minute: minute % 60 },
    { zone },
  );
  if (!dt.isValid) throw new RangeError(`invalid time zone ${zone}: ${dt.invalidExplanation ?? ''}`);
  return dt.toMillis();
}

/** The park day (see PARK_DAY_START_HOUR) that contains the instant `at`. */
export function parkDayNumberAt(zone: string, at: number): number {
  const dt = DateTime.fromMillis(at, { zone });
  if (!dt.isValid) throw new RangeError(`invalid time zone ${zone}: ${dt.invalidExplanation ?? ''}`);
  const local = dayNumberFromParts(dt.year, dt.month, dt.day);
  return dt.hour < PARK_DAY_START_HOUR ? local - 1 : local;
}

/** The instant of a park-local date and `HH:MM` time (times past 24:00, like 25:00, allowed). */
export function instantOfLocal(zone: string, date: string, time: string): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!match) throw new RangeError(`expected a time as HH:MM, got ${JSON.stringify(time)}`);
  return localInstant(zone, dayNumberOf(date), Number(match[1]) * 60 + Number(match[2]));
}
