/**
 * What a wait model may know about a park-local day in advance: its weekday and place in the year,
 * the nearest holiday, how many schools are in session, the park's ticketed event, early entry and
 * extended evening, and its published hours. Observed weather and observed closures are not here on
 * purpose: they are not known in advance.
 *
 * The service fills these from its own calendar (holidays, `/v1/resorts/{resort}/events`, the
 * schedule feed's hours); the backtest fills them from TouringPlans.com's daily metadata. A value
 * that is not known is NaN (a schedule not published yet, a metadata gap): the models treat it as
 * missing, not as zero.
 *
 * Pure: no clock, no I/O.
 */
import { nearestHoliday } from '../calendar/holidays.js';
import { weekdayOf } from './hourly-history.js';

export interface CalendarDay {
  /** Share of US schools in session, 0-1. */
  readonly schoolsInSession: number;
  /** A separately ticketed event at the park that night (1) or not (0). */
  readonly eventNight: number;
  /** Early entry before the published opening (1) or not (0). */
  readonly earlyEntry: number;
  /** Extended evening hours after the published closing (1) or not (0). */
  readonly extendedEvening: number;
  /** Published opening, local hours after midnight (8.5 = 8:30). */
  readonly opens: number;
  /** Published closing, local hours after midnight (past midnight: above 24). */
  readonly closes: number;
}

/** A park's calendar: the day's facts, or undefined when nothing is known of that day. */
export type ParkCalendar = (day: number) => CalendarDay | undefined;

export const UNKNOWN_DAY: CalendarDay = {
  schoolsInSession: Number.NaN,
  eventNight: Number.NaN,
  earlyEntry: Number.NaN,
  extendedEvening: Number.NaN,
  opens: Number.NaN,
  closes: Number.NaN,
};

/** The features of a day, in this order. */
export const DAY_FEATURES = [
  'weekday',
  'day_of_year',
  'holiday',
  'holiday_days',
  'schools_in_session',
  'event_night',
  'early_entry',
  'extended_evening',
  'opens',
  'closes',
  'open_hours',
] as const;

/** Day of the year, 0-365, from a day number. */
export function dayOfYear(day: number): number {
  const date = new Date(day * 86_400_000);
  return (
    (Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) -
      Date.UTC(date.getUTCFullYear(), 0, 1)) /
    86_400_000
  );
}

/** Writes the features of `day` (as `DAY_FEATURES` orders them) into `into` from `offset`. */
export function writeDayFeatures(
  day: number,
  calendar: ParkCalendar,
  into: Float64Array,
  offset: number,
): void {
  const facts = calendar(day) ?? UNKNOWN_DAY;
  const holiday = nearestHoliday(day);
  into[offset] = weekdayOf(day);
  into[offset + 1] = dayOfYear(day);
  into[offset + 2] = holiday === null ? Number.NaN : holiday.holiday;
  into[offset + 3] = holiday === null ? Number.NaN : holiday.days;
  into[offset + 4] = facts.schoolsInSession;
  into[offset + 5] = facts.eventNight;
  into[offset + 6] = facts.earlyEntry;
  into[offset + 7] = facts.extendedEvening;
  into[offset + 8] = facts.opens;
  into[offset + 9] = facts.closes;
  into[offset + 10] = facts.closes - facts.opens;
}
