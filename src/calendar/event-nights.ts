/**
 * Separately ticketed event nights, modelled on the real calendars: which event each park holds on
 * which night. This is the ONE calendar of event nights: the crowd forecast's drivers and the
 * simulator (its schedules, prices, sales and `/v1/resorts/{resort}/events`) all read it, so they
 * never disagree.
 *
 * - Magic Kingdom: Disney After Hours (mid-January to mid-March, Mon/Wed), Mickey's Not-So-Scary
 *   Halloween Party (mid-Aug to Oct 31) and Mickey's Very Merry Christmas Party (early Nov to
 *   Dec 19), ~Tue/Thu/Fri/Sun nights.
 * - Hollywood Studios: Disney Jollywood Nights (mid-Nov to Dec 20, Wed/Sat).
 * - Disneyland: Disneyland After Dark nights (Sweethearts' Nite in February, Star Wars Nite around
 *   May 4, Pride Nite in June, '90s Nite in August) and Disney's Merriest Nites (mid-Nov to
 *   mid-Dec, Mon/Wed).
 * - California Adventure: Oogie Boogie Bash, Sep-Oct ~Sun/Tue/Thu(/Fri) nights.
 * - Universal Studios Florida and Universal Studios Hollywood: Halloween Horror Nights, Thu-Sun in
 *   September, most nights in October (Orlando into early November).
 */
import { calendarDateOf, dayNumberFromParts } from '../lib/day-numbers.js';
import { holidaysOf } from './holidays.js';

export interface EventSeries {
  /** Stable identifier of the series (`mickeys-very-merry-christmas-party`). */
  readonly id: string;
  readonly name: string;
  readonly parkKey: string;
  readonly resortKey: string;
}

function firstWeekdayOnOrAfter(dayNumber: number, weekday: number): number {
  const current = calendarDateOf(dayNumber).weekday;
  return dayNumber + ((weekday - current + 7) % 7);
}

const WALT_DISNEY_WORLD = 'walt-disney-world';
const DISNEYLAND_RESORT = 'disneyland-resort';

export const HALLOWEEN_PARTY: EventSeries = {
  id: 'mickeys-not-so-scary-halloween-party',
  name: "Mickey's Not-So-Scary Halloween Party",
  parkKey: 'magic-kingdom',
  resortKey: WALT_DISNEY_WORLD,
};

export const CHRISTMAS_PARTY: EventSeries = {
  id: 'mickeys-very-merry-christmas-party',
  name: "Mickey's Very Merry Christmas Party",
  parkKey: 'magic-kingdom',
  resortKey: WALT_DISNEY_WORLD,
};

export const DISNEY_AFTER_HOURS: EventSeries = {
  id: 'disney-after-hours-magic-kingdom',
  name: 'Disney After Hours at Magic Kingdom',
  parkKey: 'magic-kingdom',
  resortKey: WALT_DISNEY_WORLD,
};

export const JOLLYWOOD_NIGHTS: EventSeries = {
  id: 'disney-jollywood-nights',
  name: 'Disney Jollywood Nights',
  parkKey: 'hollywood-studios',
  resortKey: WALT_DISNEY_WORLD,
};

export const OOGIE_BOOGIE_BASH: EventSeries = {
  id: 'oogie-boogie-bash',
  name: 'Oogie Boogie Bash - A Disney Halloween Party',
  parkKey: 'california-adventure',
  resortKey: DISNEYLAND_RESORT,
};

const afterDark = (id: string, name: string): EventSeries => ({
  id,
  name,
  parkKey: 'disneyland',
  resortKey: DISNEYLAND_RESORT,
});

export const SWEETHEARTS_NITE = afterDark(
  'disneyland-after-dark-sweethearts-nite',
  "Disneyland After Dark: Sweethearts' Nite",
);
export const STAR_WARS_NITE = afterDark(
  'disneyland-after-dark-star-wars-nite',
  'Disneyland After Dark: Star Wars Nite',
);
export const PRIDE_NITE = afterDark('disneyland-after-dark-pride-nite', 'Disneyland After Dark: Pride Nite');
export const NINETIES_NITE = afterDark('disneyland-after-dark-90s-nite', "Disneyland After Dark: '90s Nite");

export const MERRIEST_NITES: EventSeries = {
  id: 'disneys-merriest-nites',
  name: "Disney's Merriest Nites",
  parkKey: 'disneyland',
  resortKey: DISNEYLAND_RESORT,
};

const horrorNights = (parkKey: string, resortKey: string): EventSeries => ({
  id: `halloween-horror-nights-${resortKey === 'universal-orlando' ? 'orlando' : 'hollywood'}`,
  name: 'Halloween Horror Nights',
  parkKey,
  resortKey,
});

export const HHN_ORLANDO = horrorNights('universal-studios-florida', 'universal-orlando');
export const HHN_HOLLYWOOD = horrorNights('universal-studios-hollywood', 'universal-hollywood');

function magicKingdom(dayNumber: number): EventSeries | null {
  const { year, month, day, weekday } = calendarDateOf(dayNumber);
  const halloweenStart = firstWeekdayOnOrAfter(dayNumberFromParts(year, 8, 8), 5);
  const halloweenEnd = dayNumberFromParts(year, 10, 31);
  if (dayNumber >= halloweenStart && dayNumber <= halloweenEnd) {
    const nights = month === 10 ? [2, 4, 5, 7] : [2, 5];
    if (dayNumber === halloweenEnd || nights.includes(weekday)) return HALLOWEEN_PARTY;
  }
  const christmasStart = firstWeekdayOnOrAfter(dayNumberFromParts(year, 11, 6), 5);
  const christmasEnd = dayNumberFromParts(year, 12, 19);
  if (
    dayNumber >= christmasStart &&
    dayNumber <= christmasEnd &&
    dayNumber !== holidaysOf(year).thanksgiving
  ) {
    if ([2, 4, 5, 7].includes(weekday) || (month === 12 && day === 19)) {
      return CHRISTMAS_PARTY;
    }
  }
  const afterHoursStart = dayNumberFromParts(year, 1, 12);
  const afterHoursEnd = dayNumberFromParts(year, 3, 16);
  if (dayNumber >= afterHoursStart && dayNumber <= afterHoursEnd && (weekday === 1 || weekday === 3)) {
    if (dayNumber !== holidaysOf(year).mlk && dayNumber !== holidaysOf(year).presidents) {
      return DISNEY_AFTER_HOURS;
    }
  }
  return null;
}

function hollywoodStudios(dayNumber: number): EventSeries | null {
  const { year, weekday } = calendarDateOf(dayNumber);
  const first = dayNumberFromParts(year, 11, 11);
  const last = dayNumberFromParts(year, 12, 20);
  if (dayNumber < first || dayNumber > last) return null;
  if (dayNumber === holidaysOf(year).thanksgiving - 1) return null;
  return weekday === 3 || weekday === 6 || dayNumber === last ? JOLLYWOOD_NIGHTS : null;
}

function disneyland(dayNumber: number): EventSeries | null {
  const { year, month, weekday } = calendarDateOf(dayNumber);
  const tuesdayOrWednesday = weekday === 2 || weekday === 3;
  // Sweethearts' Nite: the Monday to Thursday nights of the week before Valentine's Day, Mon/Tue.
  const valentines = dayNumberFromParts(year, 2, 14);
  if (dayNumber >= valentines - 11 && dayNumber < valentines && (weekday === 1 || weekday === 2)) {
    return SWEETHEARTS_NITE;
  }
  const mayFourth = dayNumberFromParts(year, 5, 4);
  if (dayNumber >= mayFourth - 3 && dayNumber <= mayFourth + 3 && tuesdayOrWednesday) {
    return STAR_WARS_NITE;
  }
  if (
    month === 6 &&
    calendarDateOf(dayNumber).day >= 8 &&
    calendarDateOf(dayNumber).day <= 21 &&
    weekday === 2
  ) {
    return PRIDE_NITE;
  }
  if (
    month === 8 &&
    calendarDateOf(dayNumber).day >= 17 &&
    calendarDateOf(dayNumber).day <= 28 &&
    tuesdayOrWednesday
  ) {
    return NINETIES_NITE;
  }
  const merriestFirst = dayNumberFromParts(year, 11, 16);
  const merriestLast = dayNumberFromParts(year, 12, 16);
  const thanksgiving = holidaysOf(year).thanksgiving;
  if (
    dayNumber >= merriestFirst &&
    dayNumber <= merriestLast &&
    (weekday === 1 || weekday === 3) &&
    (dayNumber < thanksgiving - 3 || dayNumber > thanksgiving + 3)
  ) {
    return MERRIEST_NITES;
  }
  return null;
}

function californiaAdventure(dayNumber: number): EventSeries | null {
  const { month, day, weekday } = calendarDateOf(dayNumber);
  if (month !== 9 && month !== 10) return null;
  if (month === 9 && day < 4) return null;
  const nights = month === 9 ? [2, 4, 7] : [2, 4, 5, 7];
  if (!(month === 10 && day === 31) && !nights.includes(weekday)) return null;
  return OOGIE_BOOGIE_BASH;
}

function horrorNightsCalendar(series: EventSeries, lastMonth: number, lastDay: number) {
  return (dayNumber: number): EventSeries | null => {
    const { year, month, day, weekday } = calendarDateOf(dayNumber);
    const start = firstWeekdayOnOrAfter(dayNumberFromParts(year, 9, 1), 5);
    if (dayNumber < start || dayNumber > dayNumberFromParts(year, lastMonth, lastDay)) return null;
    const nightly = (month === 10 && day >= 15) || month === 11;
    const nights = month === 9 ? [4, 5, 6, 7] : [3, 4, 5, 6, 7];
    if (!nightly && !nights.includes(weekday)) return null;
    return series;
  };
}

const EVENT_CALENDARS: Readonly<Record<string, (dayNumber: number) => EventSeries | null>> = {
  'magic-kingdom': magicKingdom,
  'hollywood-studios': hollywoodStudios,
  disneyland,
  'california-adventure': californiaAdventure,
  'universal-studios-florida': horrorNightsCalendar(HHN_ORLANDO, 11, 2),
  'universal-studios-hollywood': horrorNightsCalendar(HHN_HOLLYWOOD, 11, 1),
};

/**
 * The event series a park holds a night of on a park-local day number, or null. At most one per
 * park and night.
 */
export function eventSeriesOf(parkKey: string, dayNumber: number): EventSeries | null {
  return EVENT_CALENDARS[parkKey]?.(dayNumber) ?? null;
}
