/**
 * A park's calendar as the wait models read it (`CalendarDay`), from the service's own knowledge:
 * the schedule feed's published hours (opening, closing, early entry, extended evening, ticketed
 * events) and the shared calendar (event nights, school sessions). The backtest fills the same
 * features from TouringPlans.com's metadata.
 */
import { hasFamily } from '../../catalog/families.js';
import type { Park } from '../../catalog/types.js';
import { eventSeriesOf } from '../../calendar/event-nights.js';
import { schoolsInSession } from '../../calendar/school-breaks.js';
import type { ParkDaySchedule } from '../../feeds/types.js';
import { startOfLocalDay } from '../../lib/time.js';
import type { CalendarDay, ParkCalendar } from '../../models/calendar-features.js';

/** What a day's schedule says, in local hours after the day's midnight. */
export interface ScheduleFacts {
  readonly opens: number;
  readonly closes: number;
  readonly earlyEntry: boolean;
  readonly extendedEvening: boolean;
  readonly ticketedEvent: boolean;
}

const HOUR_MS = 3_600_000;

/** The facts of a published schedule (undefined when the park is closed all day). */
export function scheduleFacts(schedule: ParkDaySchedule, park: Park): ScheduleFacts | undefined {
  const midnight = startOfLocalDay(schedule.date, park.time_zone);
  const operating = schedule.windows.filter((window) => window.type === 'OPERATING');
  if (operating.length === 0) return undefined;
  return {
    opens: (Math.min(...operating.map((window) => window.opens_at)) - midnight) / HOUR_MS,
    closes: (Math.max(...operating.map((window) => window.closes_at)) - midnight) / HOUR_MS,
    earlyEntry: schedule.windows.some((window) => window.type === 'EARLY_ENTRY'),
    extendedEvening: schedule.windows.some((window) => window.type === 'EXTENDED_EVENING'),
    ticketedEvent: schedule.windows.some((window) => window.type === 'TICKETED_EVENT'),
  };
}

/** The park's calendar from the schedules known so far (`schedules`: facts by day number). */
export function parkCalendar(park: Park, schedules: ReadonlyMap<number, ScheduleFacts>): ParkCalendar {
  // The shared calendar is the spec parks' (US school sessions, their resorts' event nights): a park
  // the feed discovered knows only what its schedule says (catalog/families.ts).
  const calendarKnown = hasFamily(park, 'holiday_calendar');
  return (day): CalendarDay => {
    const facts = schedules.get(day);
    const event = facts?.ticketedEvent ?? (calendarKnown ? eventSeriesOf(park.key, day) !== null : undefined);
    return {
      schoolsInSession: calendarKnown ? schoolsInSession(day) : Number.NaN,
      eventNight: event === undefined ? Number.NaN : event ? 1 : 0,
      earlyEntry: facts ? Number(facts.earlyEntry) : Number.NaN,
      extendedEvening: facts ? Number(facts.extendedEvening) : Number.NaN,
      opens: facts?.opens ?? Number.NaN,
      closes: facts?.closes ?? Number.NaN,
    };
  };
}
