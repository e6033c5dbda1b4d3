/**
 * Separately ticketed event nights, modelled on the real calendars: the park closes early for day
 * guests and reopens for event guests. This is the ONE calendar of event nights: the simulator's
 * schedules (TICKETED_EVENT windows, earlier day-guest close), the crowd model's drivers and
 * `/v1/resorts/{resort}/events` all read it, so they never disagree.
 *
 * - Magic Kingdom: Disney After Hours (mid-January to mid-March, Mon/Wed, 22:00-01:00), Mickey's
 *   Not-So-Scary Halloween Party (mid-Aug to Oct 31) and Mickey's Very Merry Christmas Party (early
 *   Nov to Dec 19), ~Tue/Thu/Fri/Sun nights, 19:00-24:00, day guests until 18:00.
 * - Hollywood Studios: Disney Jollywood Nights (mid-Nov to Dec 20, Wed/Sat, 20:30-00:30).
 * - Disneyland: Disneyland After Dark nights (Sweethearts' Nite in February, Star Wars Nite around
 *   May 4, Pride Nite in June, '90s Nite in August) and Disney's Merriest Nites (mid-Nov to
 *   mid-Dec, Mon/Wed), 21:00-01:00, day guests until 20:00.
 * - California Adventure: Oogie Boogie Bash, Sep-Oct ~Sun/Tue/Thu(/Fri) nights, 18:00-23:00.
 * - Universal Studios Florida and Universal Studios Hollywood: Halloween Horror Nights, Thu-Sun in
 *   September, most nights in October (Orlando into early November).
 *
 * Prices are the lowest adult price of the night, in US dollars, on the real date-based tiers
 * (cheapest early in the season and mid-week, dearest on Fridays, Saturdays and near the holiday).
 * `sellOutDaysBefore` says how far ahead a night sells out (null: it never does).
 */
import { holidaysOf } from './calendar.js';
import { calendarDateOf, dayNumberFromParts } from './local-time.js';
import { mix, unit } from './random.js';

export interface EventSeries {
  /** Stable identifier of the series (`mickeys-very-merry-christmas-party`). */
  readonly id: string;
  readonly name: string;
  readonly parkKey: string;
  readonly resortKey: string;
}

export interface EventNight {
  readonly description: string;
  readonly series: EventSeries;
  /** Event window, local minutes after midnight. */
  readonly opens: number;
  readonly closes: number;
  /** The OPERATING window ends here for day guests. */
  readonly dayGuestsClose: number;
  /** Share of the park's rides that run for event guests (HHN keeps few; parties most). */
  readonly rideShare: number;
  /** Waits during the event relative to a typical afternoon (capped attendance). */
  readonly waitFactor: number;
  /** How wanted the night is, 0 (a quiet early-season Tuesday) to 1 (Halloween on a Saturday). */
  readonly demand: number;
  /** Lowest adult price of the night, US dollars. */
  readonly lowestAdultPrice: number;
  /** Day number on which tickets for the night go on sale. */
  readonly salesOpenDay: number;
  /** Days before the night that it sells out; null when it does not sell out. */
  readonly sellOutDaysBefore: number | null;
}

const H = (hour: number, minute = 0): number => hour * 60 + minute;

function firstWeekdayOnOrAfter(dayNumber: number, weekday: number): number {
  const current = calendarDateOf(dayNumber).weekday;
  return dayNumber + ((weekday - current + 7) % 7);
}

interface SeriesRule extends EventSeries {
  /** Cheapest and dearest lowest adult price across the season's tiers. */
  readonly priceBand: readonly [number, number];
  /** Sales open on this day number for the season containing `dayNumber`. */
  salesOpen(year: number): number;
  /** The demand-shaping season position (0 first night … 1 the holiday itself). */
  progress(dayNumber: number): number;
  /** Demand above which a night sells out; higher for big-capacity events. */
  readonly sellOutDemand: number;
  readonly opens: number;
  readonly closes: (weekday: number) => number;
  readonly dayGuestsClose: number;
  readonly rideShare: number;
  readonly waitFactor: number;
}

const SERIES_HASHES = new Map<string, number>();
function seriesHash(id: string): number {
  let hash = SERIES_HASHES.get(id);
  if (hash === undefined) {
    hash = 0;
    for (let i = 0; i < id.length; i++) hash = mix(hash, id.charCodeAt(i));
    SERIES_HASHES.set(id, hash);
  }
  return hash;
}

function nightOf(rule: SeriesRule, dayNumber: number): EventNight {
  const { year, weekday } = calendarDateOf(dayNumber);
  const weekend = weekday === 5 || weekday === 6 ? 1 : weekday === 7 ? 0.5 : 0;
  const noise = unit(mix(seriesHash(rule.id), dayNumber));
  const demand = Math.min(1, Math.max(0, 0.55 * rule.progress(dayNumber) + 0.33 * weekend + 0.12 * noise));
  const [low, high] = rule.priceBand;
  // Real tiers step in $5-$10; a tier ends in 9 (or 4) like the operators' price lists.
  const raw = low + (high - low) * demand;
  const lowestAdultPrice = Math.min(high, Math.max(low, Math.round((raw + 1) / 5) * 5 - 1));
  const excess = demand - rule.sellOutDemand;
  return {
    description: rule.name,
    series: { id: rule.id, name: rule.name, parkKey: rule.parkKey, resortKey: rule.resortKey },
    opens: rule.opens,
    closes: rule.closes(weekday),
    dayGuestsClose: rule.dayGuestsClose,
    rideShare: rule.rideShare,
    waitFactor: rule.waitFactor,
    demand,
    lowestAdultPrice,
    salesOpenDay: rule.salesOpen(year),
    sellOutDaysBefore: excess > 0 ? Math.max(1, Math.round(excess * 160)) : null,
  };
}

/** Linear position of `dayNumber` between `first` (0) and `last` (1). */
function position(dayNumber: number, first: number, last: number): number {
  if (last <= first) return 1;
  return Math.min(1, Math.max(0, (dayNumber - first) / (last - first)));
}

const PARTY = { opens: H(19), closes: () => H(24), dayGuestsClose: H(18), rideShare: 0.95, waitFactor: 0.45 };
const AFTER_DARK = {
  opens: H(21),
  closes: () => H(25),
  dayGuestsClose: H(20),
  rideShare: 0.85,
  waitFactor: 0.5,
};

const halloweenParty: SeriesRule = {
  id: 'mickeys-not-so-scary-halloween-party',
  name: "Mickey's Not-So-Scary Halloween Party",
  parkKey: 'magic-kingdom',
  resortKey: 'walt-disney-world',
  priceBand: [129, 229],
  salesOpen: (year) => dayNumberFromParts(year, 4, 8),
  progress: (d) => {
    const { year } = calendarDateOf(d);
    return position(d, dayNumberFromParts(year, 8, 8), dayNumberFromParts(year, 10, 31));
  },
  sellOutDemand: 0.45,
  ...PARTY,
};

const christmasParty: SeriesRule = {
  id: 'mickeys-very-merry-christmas-party',
  name: "Mickey's Very Merry Christmas Party",
  parkKey: 'magic-kingdom',
  resortKey: 'walt-disney-world',
  priceBand: [169, 229],
  salesOpen: (year) => dayNumberFromParts(year, 4, 8),
  progress: (d) => {
    const { year } = calendarDateOf(d);
    return position(d, dayNumberFromParts(year, 11, 6), dayNumberFromParts(year, 12, 19));
  },
  sellOutDemand: 0.42,
  ...PARTY,
};

const disneyAfterHours: SeriesRule = {
  id: 'disney-after-hours-magic-kingdom',
  name: 'Disney After Hours at Magic Kingdom',
  parkKey: 'magic-kingdom',
  resortKey: 'walt-disney-world',
  priceBand: [159, 189],
  salesOpen: (year) => dayNumberFromParts(year - 1, 10, 15),
  progress: (d) => {
    const { year } = calendarDateOf(d);
    return position(d, dayNumberFromParts(year, 1, 12), dayNumberFromParts(year, 3, 16));
  },
  sellOutDemand: 0.6,
  opens: H(22),
  closes: () => H(25),
  dayGuestsClose: H(21),
  rideShare: 0.8,
  waitFactor: 0.3,
};

const jollywoodNights: SeriesRule = {
  id: 'disney-jollywood-nights',
  name: 'Disney Jollywood Nights',
  parkKey: 'hollywood-studios',
  resortKey: 'walt-disney-world',
  priceBand: [159, 209],
  salesOpen: (year) => dayNumberFromParts(year, 6, 10),
  progress: (d) => {
    const { year } = calendarDateOf(d);
    return position(d, dayNumberFromParts(year, 11, 11), dayNumberFromParts(year, 12, 20));
  },
  sellOutDemand: 0.5,
  opens: H(20, 30),
  closes: () => H(24, 30),
  dayGuestsClose: H(19),
  rideShare: 0.7,
  waitFactor: 0.45,
};

const oogieBoogieBash: SeriesRule = {
  id: 'oogie-boogie-bash',
  name: 'Oogie Boogie Bash - A Disney Halloween Party',
  parkKey: 'california-adventure',
  resortKey: 'disneyland-resort',
  priceBand: [149, 239],
  salesOpen: (year) => dayNumberFromParts(year, 6, 4),
  progress: (d) => {
    const { year } = calendarDateOf(d);
    return position(d, dayNumberFromParts(year, 9, 4), dayNumberFromParts(year, 10, 31));
  },
  sellOutDemand: 0.35,
  opens: H(18),
  closes: () => H(23),
  dayGuestsClose: H(18),
  rideShare: 0.8,
  waitFactor: 0.5,
};

/** One rule per Disneyland After Dark theme; nights fall within the theme's dates. */
function afterDark(id: string, name: string, salesMonth: number): SeriesRule {
  return {
    id,
    name,
    parkKey: 'disneyland',
    resortKey: 'disneyland-resort',
    priceBand: [139, 159],
    salesOpen: (year) => dayNumberFromParts(year, salesMonth, 1),
    progress: () => 0.6,
    sellOutDemand: 0.3,
    ...AFTER_DARK,
  };
}

const sweetheartsNite = afterDark(
  'disneyland-after-dark-sweethearts-nite',
  "Disneyland After Dark: Sweethearts' Nite",
  1,
);
const starWarsNite = afterDark(
  'disneyland-after-dark-star-wars-nite',
  'Disneyland After Dark: Star Wars Nite',
  3,
);
const prideNite = afterDark('disneyland-after-dark-pride-nite', 'Disneyland After Dark: Pride Nite', 4);
const ninetiesNite = afterDark('disneyland-after-dark-90s-nite', "Disneyland After Dark: '90s Nite", 6);

const merriestNites: SeriesRule = {
  id: 'disneys-merriest-nites',
  name: "Disney's Merriest Nites",
  parkKey: 'disneyland',
  resortKey: 'disneyland-resort',
  priceBand: [149, 184],
  salesOpen: (year) => dayNumberFromParts(year, 8, 20),
  progress: (d) => {
    const { year } = calendarDateOf(d);
    return position(d, dayNumberFromParts(year, 11, 16), dayNumberFromParts(year, 12, 16));
  },
  sellOutDemand: 0.4,
  ...AFTER_DARK,
};

function horrorNights(parkKey: string, resortKey: string, priceBand: readonly [number, number]): SeriesRule {
  return {
    id: `halloween-horror-nights-${resortKey === 'universal-orlando' ? 'orlando' : 'hollywood'}`,
    name: 'Halloween Horror Nights',
    parkKey,
    resortKey,
    priceBand,
    salesOpen: (year) => dayNumberFromParts(year, 5, 28),
    progress: (d) => {
      const { year } = calendarDateOf(d);
      return position(d, dayNumberFromParts(year, 9, 1), dayNumberFromParts(year, 10, 31));
    },
    sellOutDemand: 0.62,
    opens: parkKey === 'universal-studios-florida' ? H(18, 30) : H(19),
    closes: (weekday) => (weekday === 5 || weekday === 6 ? H(26) : H(25)),
    dayGuestsClose: parkKey === 'universal-studios-florida' ? H(17) : H(18),
    rideShare: 0.4,
    waitFactor: 0.5,
  };
}

const hhnOrlando = horrorNights('universal-studios-florida', 'universal-orlando', [79, 149]);
const hhnHollywood = horrorNights('universal-studios-hollywood', 'universal-hollywood', [74, 144]);

function magicKingdom(dayNumber: number): EventNight | null {
  const { year, month, day, weekday } = calendarDateOf(dayNumber);
  const halloweenStart = firstWeekdayOnOrAfter(dayNumberFromParts(year, 8, 8), 5);
  const halloweenEnd = dayNumberFromParts(year, 10, 31);
  if (dayNumber >= halloweenStart && dayNumber <= halloweenEnd) {
    const nights = month === 10 ? [2, 4, 5, 7] : [2, 5];
    if (dayNumber === halloweenEnd || nights.includes(weekday)) return nightOf(halloweenParty, dayNumber);
  }
  const christmasStart = firstWeekdayOnOrAfter(dayNumberFromParts(year, 11, 6), 5);
  const christmasEnd = dayNumberFromParts(year, 12, 19);
  if (
    dayNumber >= christmasStart &&
    dayNumber <= christmasEnd &&
    dayNumber !== holidaysOf(year).thanksgiving
  ) {
    if ([2, 4, 5, 7].includes(weekday) || (month === 12 && day === 19)) {
      return nightOf(christmasParty, dayNumber);
    }
  }
  const afterHoursStart = dayNumberFromParts(year, 1, 12);
  const afterHoursEnd = dayNumberFromParts(year, 3, 16);
  if (dayNumber >= afterHoursStart && dayNumber <= afterHoursEnd && (weekday === 1 || weekday === 3)) {
    if (dayNumber !== holidaysOf(year).mlk && dayNumber !== holidaysOf(year).presidents) {
      return nightOf(disneyAfterHours, dayNumber);
    }
  }
  return null;
}

function hollywoodStudios(dayNumber: number): EventNight | null {
  const { year, weekday } = calendarDateOf(dayNumber);
  const first = dayNumberFromParts(year, 11, 11);
  const last = dayNumberFromParts(year, 12, 20);
  if (dayNumber < first || dayNumber > last) return null;
  if (dayNumber === holidaysOf(year).thanksgiving - 1) return null;
  return weekday === 3 || weekday === 6 || dayNumber === last ? nightOf(jollywoodNights, dayNumber) : null;
}

function disneyland(dayNumber: number): EventNight | null {
  const { year, month, weekday } = calendarDateOf(dayNumber);
  const tuesdayOrWednesday = weekday === 2 || weekday === 3;
  // Sweethearts' Nite: the Monday to Thursday nights of the week before Valentine's Day, Mon/Tue.
  const valentines = dayNumberFromParts(year, 2, 14);
  if (dayNumber >= valentines - 11 && dayNumber < valentines && (weekday === 1 || weekday === 2)) {
    return nightOf(sweetheartsNite, dayNumber);
  }
  const mayFourth = dayNumberFromParts(year, 5, 4);
  if (dayNumber >= mayFourth - 3 && dayNumber <= mayFourth + 3 && tuesdayOrWednesday) {
    return nightOf(starWarsNite, dayNumber);
  }
  if (
    month === 6 &&
    calendarDateOf(dayNumber).day >= 8 &&
    calendarDateOf(dayNumber).day <= 21 &&
    weekday === 2
  ) {
    return nightOf(prideNite, dayNumber);
  }
  if (
    month === 8 &&
    calendarDateOf(dayNumber).day >= 17 &&
    calendarDateOf(dayNumber).day <= 28 &&
    tuesdayOrWednesday
  ) {
    return nightOf(ninetiesNite, dayNumber);
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
    return nightOf(merriestNites, dayNumber);
  }
  return null;
}

function californiaAdventure(dayNumber: number): EventNight | null {
  const { month, day, weekday } = calendarDateOf(dayNumber);
  if (month !== 9 && month !== 10) return null;
  if (month === 9 && day < 4) return null;
  const nights = month === 9 ? [2, 4, 7] : [2, 4, 5, 7];
  if (!(month === 10 && day === 31) && !nights.includes(weekday)) return null;
  return nightOf(oogieBoogieBash, dayNumber);
}

function horrorNightsCalendar(rule: SeriesRule, lastMonth: number, lastDay: number) {
  return (dayNumber: number): EventNight | null => {
    const { year, month, day, weekday } = calendarDateOf(dayNumber);
    const start = firstWeekdayOnOrAfter(dayNumberFromParts(year, 9, 1), 5);
    if (dayNumber < start || dayNumber > dayNumberFromParts(year, lastMonth, lastDay)) return null;
    const nightly = (month === 10 && day >= 15) || month === 11;
    const nights = month === 9 ? [4, 5, 6, 7] : [3, 4, 5, 6, 7];
    if (!nightly && !nights.includes(weekday)) return null;
    return nightOf(rule, dayNumber);
  };
}

const EVENT_CALENDARS: Readonly<Record<string, (dayNumber: number) => EventNight | null>> = {
  'magic-kingdom': magicKingdom,
  'hollywood-studios': hollywoodStudios,
  disneyland,
  'california-adventure': californiaAdventure,
  'universal-studios-florida': horrorNightsCalendar(hhnOrlando, 11, 2),
  'universal-studios-hollywood': horrorNightsCalendar(hhnHollywood, 11, 1),
};

/** The event night of a park on a park-local day number, or null. At most one per park and night. */
export function eventNightOf(parkKey: string, dayNumber: number): EventNight | null {
  return EVENT_CALENDARS[parkKey]?.(dayNumber) ?? null;
}

/** Every event night of the given parks from `firstDay` to `lastDay` inclusive, by date then park. */
export function eventNightsBetween(
  parkKeys: readonly string[],
  firstDay: number,
  lastDay: number,
): { readonly parkKey: string; readonly dayNumber: number; readonly night: EventNight }[] {
  const found: { parkKey: string; dayNumber: number; night: EventNight }[] = [];
  for (let dayNumber = firstDay; dayNumber <= lastDay; dayNumber++) {
    for (const parkKey of parkKeys) {
      const night = eventNightOf(parkKey, dayNumber);
      if (night) found.push({ parkKey, dayNumber, night });
    }
  }
  return found;
}
