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
import { nearestHoliday, type HolidayNearness } from '../calendar/holidays.js';
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

/** What a feature reads from: the day number, its published facts and the nearest holiday. */
export interface DayFacts {
  readonly day: number;
  readonly facts: CalendarDay;
  readonly holiday: HolidayNearness | null;
}

/**
 * The features of a day, in the order they are written: each a name and how to read it. A feature
 * is added here and nowhere else (a new published fact also needs its field in `CalendarDay`).
 */
const DAY_FEATURE_TABLE = [
  { name: 'weekday', read: ({ day }) => weekdayOf(day) },
  { name: 'day_of_year', read: ({ day }) => dayOfYear(day) },
  { name: 'holiday', read: ({ holiday }) => (holiday === null ? Number.NaN : holiday.holiday) },
  { name: 'holiday_days', read: ({ holiday }) => (holiday === null ? Number.NaN : holiday.days) },
  { name: 'schools_in_session', read: ({ facts }) => facts.schoolsInSession },
  { name: 'event_night', read: ({ facts }) => facts.eventNight },
  { name: 'early_entry', read: ({ facts }) => facts.earlyEntry },
  { name: 'extended_evening', read: ({ facts }) => facts.extendedEvening },
  { name: 'opens', read: ({ facts }) => facts.opens },
  { name: 'closes', read: ({ facts }) => facts.closes },
  { name: 'open_hours', read: ({ facts }) => facts.closes - facts.opens },
] as const satisfies readonly { readonly name: string; readonly read: (day: DayFacts) => number }[];

export type DayFeature = (typeof DAY_FEATURE_TABLE)[number]['name'];

/** The names of the features of a day, in the order `writeDayFeatures` writes them. */
export const DAY_FEATURES: readonly DayFeature[] = DAY_FEATURE_TABLE.map(({ name }) => name);

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
  const known: DayFacts = { day, facts: calendar(day) ?? UNKNOWN_DAY, holiday: nearestHoliday(day) };
  DAY_FEATURE_TABLE.forEach(({ read }, index) => {
    into[offset + index] = read(known);
  });
}
