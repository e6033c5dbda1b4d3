/**
 * The calendar drivers of a park-local day, from the same calendar `/events` and the simulator use
 * (holidays from `holidaysOf`, event nights from `eventNightOf`), so a crowd forecast's reasons
 * never disagree with the events the service publishes. School breaks follow the US school year
 * around those holidays: winter break, spring break around Easter, summer, Thanksgiving week.
 */
import { holidaysOf } from '../feeds/sim/calendar.js';
import { eventNightOf } from '../feeds/sim/event-nights.js';
import { isoDateOf } from '../models/hourly-history.js';

export interface CalendarFlags {
  /** The holiday the day belongs to (the day itself or its long weekend), or null. */
  readonly holiday: string | null;
  readonly school_break: string | null;
  /** The ticketed event held that night at the park, or null. */
  readonly event_night: string | null;
}

function holidayOf(day: number): string | null {
  const year = Number(isoDateOf(day).slice(0, 4));
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

function schoolBreakOf(day: number): string | null {
  const year = Number(isoDateOf(day).slice(0, 4));
  const h = holidaysOf(year);
  const previous = holidaysOf(year - 1);
  if (day >= h.christmas - 5 || day <= previous.christmas + 9) return 'winter break';
  if (day >= h.easter - 9 && day <= h.easter + 7) return 'spring break';
  if (day >= h.memorial + 4 && day <= h.labor - 28) return 'summer break';
  if (day >= h.thanksgiving - 4 && day <= h.thanksgiving + 3) return 'Thanksgiving week';
  return null;
}

export function calendarFlags(parkKey: string, day: number): CalendarFlags {
  return {
    holiday: holidayOf(day),
    school_break: schoolBreakOf(day),
    event_night: eventNightOf(parkKey, day)?.description ?? null,
  };
}
