/**
 * Separately ticketed event nights, modelled on the real calendars: the park closes early for day
 * guests and reopens for event guests.
 * - Magic Kingdom: Mickey's Not-So-Scary Halloween Party (mid-Aug to Oct 31) and Mickey's Very
 *   Merry Christmas Party (early Nov to Dec 19), ~Tue/Thu/Fri/Sun nights, 19:00-24:00, day guests
 *   until 18:00.
 * - Universal Studios Florida: Halloween Horror Nights, Thu-Sun in September, most nights in
 *   October, 18:30-01:00 (02:00 Fri/Sat), day guests until 17:00.
 * - California Adventure: Oogie Boogie Bash, Sep-Oct ~Sun/Tue/Thu(/Fri) nights, 18:00-23:00, day
 *   guests until 18:00.
 */
import { holidaysOf } from './calendar.js';
import { calendarDateOf, dayNumberFromParts } from './local-time.js';

export interface EventNight {
  readonly description: string;
  /** Event window, local minutes after midnight. */
  readonly opens: number;
  readonly closes: number;
  /** The OPERATING window ends here for day guests. */
  readonly dayGuestsClose: number;
  /** Share of the park's rides that run for event guests (HHN keeps few; parties most). */
  readonly rideShare: number;
  /** Waits during the event relative to a typical afternoon (capped attendance). */
  readonly waitFactor: number;
}

const H = (hour: number, minute = 0): number => hour * 60 + minute;

function firstWeekdayOnOrAfter(dayNumber: number, weekday: number): number {
  const current = calendarDateOf(dayNumber).weekday;
  return dayNumber + ((weekday - current + 7) % 7);
}

function magicKingdomParty(dayNumber: number): EventNight | null {
  const { year, month, day, weekday } = calendarDateOf(dayNumber);
  const party = (description: string): EventNight => ({
    description,
    opens: H(19),
    closes: H(24),
    dayGuestsClose: H(18),
    rideShare: 0.95,
    waitFactor: 0.45,
  });
  const halloweenStart = firstWeekdayOnOrAfter(dayNumberFromParts(year, 8, 8), 5);
  const halloweenEnd = dayNumberFromParts(year, 10, 31);
  if (dayNumber >= halloweenStart && dayNumber <= halloweenEnd) {
    const nights = month === 10 ? [2, 4, 5, 7] : [2, 5];
    if (dayNumber === halloweenEnd || nights.includes(weekday)) {
      return party("Mickey's Not-So-Scary Halloween Party");
    }
  }
  const christmasStart = firstWeekdayOnOrAfter(dayNumberFromParts(year, 11, 6), 5);
  const christmasEnd = dayNumberFromParts(year, 12, 19);
  if (
    dayNumber >= christmasStart &&
    dayNumber <= christmasEnd &&
    dayNumber !== holidaysOf(year).thanksgiving
  ) {
    if ([2, 4, 5, 7].includes(weekday) || (month === 12 && day === 19)) {
      return party("Mickey's Very Merry Christmas Party");
    }
  }
  return null;
}

function halloweenHorrorNights(dayNumber: number): EventNight | null {
  const { year, month, day, weekday } = calendarDateOf(dayNumber);
  const start = firstWeekdayOnOrAfter(dayNumberFromParts(year, 9, 1), 5);
  if (dayNumber < start || dayNumber > dayNumberFromParts(year, 10, 31)) return null;
  const nightly = month === 10 && day >= 15;
  const nights = month === 9 ? [4, 5, 6, 7] : [3, 4, 5, 6, 7];
  if (!nightly && !nights.includes(weekday)) return null;
  return {
    description: 'Halloween Horror Nights',
    opens: H(18, 30),
    closes: weekday === 5 || weekday === 6 ? H(26) : H(25),
    dayGuestsClose: H(17),
    rideShare: 0.4,
    waitFactor: 0.5,
  };
}

function oogieBoogieBash(dayNumber: number): EventNight | null {
  const { month, day, weekday } = calendarDateOf(dayNumber);
  if (month !== 9 && month !== 10) return null;
  if (month === 9 && day < 4) return null;
  const nights = month === 9 ? [2, 4, 7] : [2, 4, 5, 7];
  if (!(month === 10 && day === 31) && !nights.includes(weekday)) return null;
  return {
    description: 'Oogie Boogie Bash - A Disney Halloween Party',
    opens: H(18),
    closes: H(23),
    dayGuestsClose: H(18),
    rideShare: 0.8,
    waitFactor: 0.5,
  };
}

const EVENT_CALENDARS: Readonly<Record<string, (dayNumber: number) => EventNight | null>> = {
  'magic-kingdom': magicKingdomParty,
  'universal-studios-florida': halloweenHorrorNights,
  'california-adventure': oogieBoogieBash,
};

export function eventNightOf(parkKey: string, dayNumber: number): EventNight | null {
  return EVENT_CALENDARS[parkKey]?.(dayNumber) ?? null;
}
