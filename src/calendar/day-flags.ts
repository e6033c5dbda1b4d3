/**
 * What kind of day a park-local day is for crowds: the holiday it belongs to, the school break it
 * falls in and the ticketed event the park holds that night. The crowd forecast's drivers read
 * these flags, and `/v1/resorts/{resort}/events` and the simulator read the same calendar, so a
 * forecast's reasons never disagree with the events the service publishes.
 */
import { eventSeriesOf } from './event-nights.js';
import { holidayOf } from './holidays.js';
import { schoolBreakOf } from './school-breaks.js';

export interface CalendarFlags {
  /** The holiday the day belongs to (the day itself or its long weekend), or null. */
  readonly holiday: string | null;
  readonly school_break: string | null;
  /** The ticketed event held that night at the park, or null. */
  readonly event_night: string | null;
}

export function calendarFlags(parkKey: string, day: number): CalendarFlags {
  return {
    holiday: holidayOf(day),
    school_break: schoolBreakOf(day),
    event_night: eventSeriesOf(parkKey, day)?.name ?? null,
  };
}
