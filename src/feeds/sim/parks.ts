/**
 * What the simulator knows about each park beyond the catalog: who operates it (which decides the
 * priority-lane products and status vocabulary), its climate region, its published-hours pattern
 * and its price bands. Parks missing from the table (a catalog addition) get a generic profile
 * derived from their resort, so the simulator never refuses a park.
 */
import type { Park } from '../../catalog/types.js';
import type { Region } from './calendar.js';
import type { CalendarDate } from './local-time.js';

export type Operator = 'disney' | 'universal';

/** Published hours of a normal day, in local minutes after midnight (close may pass 1440). */
export interface Hours {
  readonly open: number;
  readonly close: number;
}

/** Inputs of an hours rule: the date and its expected (noise-free) crowd factor. */
export interface HoursInput {
  readonly date: CalendarDate;
  readonly expectedCrowd: number;
}

export interface ParkProfile {
  readonly operator: Operator;
  readonly region: Region;
  /**
   * Park-wide scale on crowds: Epic Universe (new, capacity-constrained) runs hot; the Disneyland
   * Resort parks are small and packed with annual passholders.
   */
  readonly crowdScale: number;
  readonly hours: (input: HoursInput) => Hours;
  /** Guests-only morning window before the OPERATING open, minutes. */
  readonly earlyEntryMinutes: number;
  readonly earlyEntryDescription: string;
  /** ISO weekdays with a 2-hour EXTENDED_EVENING window (WDW deluxe-resort perk). */
  readonly extendedEveningWeekdays: readonly number[];
  /** Lightning Lane Multi Pass price band in USD (cheap quiet days → dear peak days). */
  readonly multiPassPrice: readonly [number, number];
  /**
   * The Multi Pass is one resort-wide product (Disneyland Resort: one purchase covers both parks,
   * one price for the date), not one per park.
   */
  readonly resortWideMultiPass: boolean;
  /** Lightning Lane Premier Pass band in USD. */
  readonly premierPassPrice: readonly [number, number];
  /** Universal Express (one ride per attraction) band in USD. */
  readonly expressPrice: readonly [number, number];
}

const H = (hour: number, minute = 0): number => hour * 60 + minute;
const isFriSat = (d: CalendarDate): boolean => d.weekday === 5 || d.weekday === 6;
const isNewYearsEve = (d: CalendarDate): boolean => d.month === 12 && d.day === 31;

const WDW_EARLY = 'Early Theme Park Entry (Disney Resort hotel guests)';
const UNIVERSAL_EARLY = 'Early Park Admission (Universal Orlando hotel guests)';

const disneyWorld = {
  operator: 'disney',
  region: 'florida',
  crowdScale: 1,
  earlyEntryMinutes: 30,
  earlyEntryDescription: WDW_EARLY,
  extendedEveningWeekdays: [],
  resortWideMultiPass: false,
  expressPrice: [0, 0],
} as const;

const disneyland = {
  operator: 'disney',
  region: 'california',
  crowdScale: 1.1,
  earlyEntryMinutes: 0,
  earlyEntryDescription: '',
  extendedEveningWeekdays: [],
  multiPassPrice: [34, 39],
  resortWideMultiPass: true,
  premierPassPrice: [300, 400],
  expressPrice: [0, 0],
} as const;

const universalOrlando = {
  operator: 'universal',
  region: 'florida',
  crowdScale: 1,
  earlyEntryMinutes: 60,
  earlyEntryDescription: UNIVERSAL_EARLY,
  extendedEveningWeekdays: [],
  multiPassPrice: [0, 0],
  resortWideMultiPass: false,
  premierPassPrice: [0, 0],
  expressPrice: [90, 300],
} as const;

export const PARK_PROFILES: Readonly<Record<string, ParkProfile>> = {
  // MK ~9-22; 23:00 on Fridays, Saturdays and busy dates; 8-24 in the Christmas peak.
  'magic-kingdom': {
    ...disneyWorld,
    extendedEveningWeekdays: [3],
    multiPassPrice: [25, 39],
    premierPassPrice: [199, 449],
    hours: ({ date, expectedCrowd: c }) => ({
      open: c >= 1.35 ? H(8) : H(9),
      close:
        c >= 1.45 || isNewYearsEve(date)
          ? H(24)
          : c >= 1.15 || isFriSat(date)
            ? H(23)
            : c < 0.8
              ? H(21)
              : H(22),
    }),
  },
  // EPCOT 9-21 (22 in the peak; NYE to 01:00).
  epcot: {
    ...disneyWorld,
    extendedEveningWeekdays: [1],
    multiPassPrice: [20, 32],
    premierPassPrice: [179, 399],
    hours: ({ date, expectedCrowd: c }) => ({
      open: H(9),
      close: isNewYearsEve(date) ? H(25) : c >= 1.45 ? H(22) : H(21),
    }),
  },
  // DHS 9-21, 8:30 opens on busy dates.
  'hollywood-studios': {
    ...disneyWorld,
    extendedEveningWeekdays: [4],
    multiPassPrice: [22, 35],
    premierPassPrice: [189, 429],
    hours: ({ expectedCrowd: c }) => ({
      open: c >= 1.3 ? H(8, 30) : H(9),
      close: c >= 1.45 ? H(22) : H(21),
    }),
  },
  // AK 8-19 off-season, 8-20 in summer and on busy dates.
  'animal-kingdom': {
    ...disneyWorld,
    multiPassPrice: [15, 25],
    premierPassPrice: [159, 349],
    hours: ({ date, expectedCrowd: c }) => ({
      open: H(8),
      close: c >= 1.5 ? H(21) : c >= 1.1 || (date.month >= 6 && date.month <= 8) ? H(20) : H(19),
    }),
  },
  // Disneyland 8-23; midnight on Fridays, Saturdays and holidays; 22:00 on quiet weekdays.
  disneyland: {
    ...disneyland,
    hours: ({ date, expectedCrowd: c }) => ({
      open: H(8),
      close: c >= 1.3 || isFriSat(date) ? H(24) : c < 0.9 ? H(22) : H(23),
    }),
  },
  // DCA 8-22 (21:00 quiet weekdays, 23:00 in the peak).
  'california-adventure': {
    ...disneyland,
    hours: ({ expectedCrowd: c }) => ({
      open: H(8),
      close: c >= 1.4 ? H(23) : c < 0.95 ? H(21) : H(22),
    }),
  },
  // USF and IOA 9-21, 22:00 on busy dates.
  'universal-studios-florida': {
    ...universalOrlando,
    hours: ({ expectedCrowd: c }) => ({ open: H(9), close: c >= 1.1 ? H(22) : H(21) }),
  },
  'islands-of-adventure': {
    ...universalOrlando,
    hours: ({ expectedCrowd: c }) => ({ open: H(9), close: c >= 1.1 ? H(22) : H(21) }),
  },
  // Epic Universe 9-21 (8:00 opens and 22:00 closes in the peak); crowds run ~20% hotter.
  'epic-universe': {
    ...universalOrlando,
    crowdScale: 1.2,
    expressPrice: [150, 300],
    hours: ({ expectedCrowd: c }) => ({
      open: c >= 1.3 ? H(8) : H(9),
      close: c >= 1.45 ? H(22) : H(21),
    }),
  },
  // USH 9-20 weekdays, 21:00 weekends and busy dates.
  'universal-studios-hollywood': {
    ...universalOrlando,
    region: 'california',
    earlyEntryMinutes: 0,
    earlyEntryDescription: '',
    expressPrice: [119, 289],
    hours: ({ date, expectedCrowd: c }) => ({
      open: H(9),
      close: c >= 1.45 ? H(22) : c >= 1.1 || date.weekday >= 6 ? H(21) : H(20),
    }),
  },
};

/** The park's profile, or a generic one built from its resort and time zone. */
export function parkProfileOf(park: Park): ParkProfile {
  const known = PARK_PROFILES[park.key];
  if (known) return known;
  const universal = /express/i.test(park.resort.priority_lane_brand ?? '');
  const region: Region = park.time_zone === 'America/Los_Angeles' ? 'california' : 'florida';
  return {
    ...(universal ? universalOrlando : disneyWorld),
    region,
    earlyEntryMinutes: 0,
    earlyEntryDescription: '',
    multiPassPrice: universal ? [0, 0] : [20, 30],
    premierPassPrice: universal ? [0, 0] : [159, 449],
    hours: () => ({ open: H(9), close: H(21) }),
  };
}
