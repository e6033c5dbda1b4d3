/**
 * What the simulator adds to the shared calendar of event nights (`src/calendar/event-nights.ts`,
 * which says which park holds which event on which night): each night's hours, how it runs and how
 * it sells, modelled on the real events. The simulator's schedules (TICKETED_EVENT windows, earlier
 * day-guest close), ticket sales and `/v1/resorts/{resort}/events` read it.
 *
 * - Magic Kingdom parties 19:00-24:00, day guests until 18:00; Disney After Hours 22:00-01:00.
 * - Disneyland After Dark and Disney's Merriest Nites 21:00-01:00, day guests until 20:00.
 * - Jollywood Nights 20:30-00:30; Oogie Boogie Bash 18:00-23:00; Halloween Horror Nights from
 *   18:30 (Orlando) or 19:00 (Hollywood) to 01:00, 02:00 on Fridays and Saturdays.
 *
 * Prices are the lowest adult price of the night, in US dollars, on the real date-based tiers
 * (cheapest early in the season and mid-week, dearest on Fridays, Saturdays and near the holiday).
 * `sellOutDaysBefore` says how far ahead a night sells out (null: it never does).
 */
import {
  CHRISTMAS_PARTY,
  DISNEY_AFTER_HOURS,
  HALLOWEEN_PARTY,
  HHN_HOLLYWOOD,
  HHN_ORLANDO,
  JOLLYWOOD_NIGHTS,
  MERRIEST_NITES,
  NINETIES_NITE,
  OOGIE_BOOGIE_BASH,
  PRIDE_NITE,
  STAR_WARS_NITE,
  SWEETHEARTS_NITE,
  eventSeriesOf,
  type EventSeries,
} from '../../calendar/event-nights.js';
import { calendarDateOf, dayNumberFromParts } from './local-time.js';
import { mix, unit } from '../../lib/random.js';
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

/** How the simulator runs and sells one series' nights. */
interface NightRule {
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

function nightOf(series: EventSeries, rule: NightRule, dayNumber: number): EventNight {
  const { year, weekday } = calendarDateOf(dayNumber);
  const weekend = weekday === 5 || weekday === 6 ? 1 : weekday === 7 ? 0.5 : 0;
  const noise = unit(mix(seriesHash(series.id), dayNumber));
  const demand = Math.min(1, Math.max(0, 0.55 * rule.progress(dayNumber) + 0.33 * weekend + 0.12 * noise));
  const [low, high] = rule.priceBand;
  // Real tiers step in $5-$10; a tier ends in 9 (or 4) like the operators' price lists.
  const raw = low + (high - low) * demand;
  const lowestAdultPrice = Math.min(high, Math.max(low, Math.round((raw + 1) / 5) * 5 - 1));
  const excess = demand - rule.sellOutDemand;
  return {
    description: series.name,
    series: { id: series.id, name: series.name, parkKey: series.parkKey, resortKey: series.resortKey },
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

const halloweenParty: NightRule = {
  priceBand: [129, 229],
  salesOpen: (year) => dayNumberFromParts(year, 4, 8),
  progress: (d) => {
    const { year } = calendarDateOf(d);
    return position(d, dayNumberFromParts(year, 8, 8), dayNumberFromParts(year, 10, 31));
  },
  sellOutDemand: 0.45,
  ...PARTY,
};

const christmasParty: NightRule = {
  priceBand: [169, 229],
  salesOpen: (year) => dayNumberFromParts(year, 4, 8),
  progress: (d) => {
    const { year } = calendarDateOf(d);
    return position(d, dayNumberFromParts(year, 11, 6), dayNumberFromParts(year, 12, 19));
  },
  sellOutDemand: 0.42,
  ...PARTY,
};

const disneyAfterHours: NightRule = {
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

const jollywoodNights: NightRule = {
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

const oogieBoogieBash: NightRule = {
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

/** One rule per Disneyland After Dark theme, on sale from the first of `salesMonth`. */
function afterDark(salesMonth: number): NightRule {
  return {
    priceBand: [139, 159],
    salesOpen: (year) => dayNumberFromParts(year, salesMonth, 1),
    progress: () => 0.6,
    sellOutDemand: 0.3,
    ...AFTER_DARK,
  };
}

const merriestNites: NightRule = {
  priceBand: [149, 184],
  salesOpen: (year) => dayNumberFromParts(year, 8, 20),
  progress: (d) => {
    const { year } = calendarDateOf(d);
    return position(d, dayNumberFromParts(year, 11, 16), dayNumberFromParts(year, 12, 16));
  },
  sellOutDemand: 0.4,
  ...AFTER_DARK,
};

function horrorNights(parkKey: string, priceBand: readonly [number, number]): NightRule {
  return {
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

/** Each series' rule, by the series' id. */
const NIGHT_RULES: ReadonlyMap<string, NightRule> = new Map([
  [HALLOWEEN_PARTY.id, halloweenParty],
  [CHRISTMAS_PARTY.id, christmasParty],
  [DISNEY_AFTER_HOURS.id, disneyAfterHours],
  [JOLLYWOOD_NIGHTS.id, jollywoodNights],
  [OOGIE_BOOGIE_BASH.id, oogieBoogieBash],
  [SWEETHEARTS_NITE.id, afterDark(1)],
  [STAR_WARS_NITE.id, afterDark(3)],
  [PRIDE_NITE.id, afterDark(4)],
  [NINETIES_NITE.id, afterDark(6)],
  [MERRIEST_NITES.id, merriestNites],
  [HHN_ORLANDO.id, horrorNights(HHN_ORLANDO.parkKey, [79, 149])],
  [HHN_HOLLYWOOD.id, horrorNights(HHN_HOLLYWOOD.parkKey, [74, 144])],
]);

/** The event night of a park on a park-local day number, or null. At most one per park and night. */
export function eventNightOf(parkKey: string, dayNumber: number): EventNight | null {
  const series = eventSeriesOf(parkKey, dayNumber);
  if (!series) return null;
  const rule = NIGHT_RULES.get(series.id);
  if (!rule) throw new Error(`the simulator has no rule for the event series ${series.id}`);
  return nightOf(series, rule, dayNumber);
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
