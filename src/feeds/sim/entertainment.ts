/**
 * Each park's entertainment as its operator schedules it: the nighttime spectaculars, parades and
 * stage shows with their usual times (Walt Disney World, Disneyland Resort and Universal published
 * schedules of 2025-2026), and the party-night entertainment of the ticketed events. An attraction
 * of the catalog that is not named here gets its times from the generic rule of its type
 * (showtimes.ts), so a show added to the catalog later is scheduled too. Entries whose slug is not
 * in the catalog (a parade, a party's fireworks) carry their own name, type and land.
 */
import type { AttractionType } from '../../catalog/types.js';

/** When the performances start. Times are park-local `HH:MM` (after 24:00 for past midnight). */
export type Timing =
  /** At these wall-clock times. */
  | { readonly kind: 'fixed'; readonly times: readonly string[] }
  /** This many minutes before the day-guest close: spectaculars follow the published hours. */
  | { readonly kind: 'before-close'; readonly minutes: readonly number[] }
  /** Continuous shows: a performance every `minutes`, from `from` (or soon after opening). */
  | { readonly kind: 'every'; readonly minutes: number; readonly from?: string }
  /**
   * Character meets and walk-throughs: one window from `from` (or opening, plus `afterOpenMinutes`)
   * to closing less `beforeCloseMinutes`.
   */
  | {
      readonly kind: 'open';
      readonly from?: string;
      readonly afterOpenMinutes?: number;
      readonly beforeCloseMinutes?: number;
    };

export interface EntertainmentRule {
  readonly slug: string;
  /** Required for entertainment the catalog does not list. */
  readonly name?: string;
  readonly type?: AttractionType;
  readonly land?: string;
  readonly timing: Timing;
  readonly durationMinutes: number;
  /** ISO weekdays it runs (1 = Monday); every day when absent. */
  readonly weekdays?: readonly number[];
  /** Months it runs (1-12); every month when absent. */
  readonly months?: readonly number[];
  /** Only when the day-guest close is at or after this time (fireworks need dark and a full day). */
  readonly closeAtLeast?: string;
  /**
   * A ticketed event's entertainment: runs only on that event's nights, inside its window. The
   * value is the event's name as the schedule gives it.
   */
  readonly event?: string;
}

const HOLIDAY_SEASON = [11, 12];

export const ENTERTAINMENT: Readonly<Record<string, readonly EntertainmentRule[]>> = {
  'magic-kingdom': [
    {
      slug: 'happily-ever-after',
      timing: { kind: 'before-close', minutes: [60] },
      durationMinutes: 20,
      closeAtLeast: '20:00',
    },
    {
      slug: 'festival-of-fantasy-parade',
      timing: { kind: 'fixed', times: ['12:00', '15:00'] },
      durationMinutes: 15,
    },
    {
      slug: 'disney-starlight-dream-the-night-away',
      timing: { kind: 'before-close', minutes: [150] },
      durationMinutes: 20,
      closeAtLeast: '22:00',
    },
    { slug: 'enchanted-tales-with-belle', timing: { kind: 'every', minutes: 15 }, durationMinutes: 15 },
    { slug: 'walt-disneys-enchanted-tiki-room', timing: { kind: 'every', minutes: 20 }, durationMinutes: 15 },
    {
      slug: 'the-hall-of-presidents',
      timing: { kind: 'every', minutes: 30, from: '10:00' },
      durationMinutes: 25,
    },
    {
      slug: 'walt-disneys-carousel-of-progress',
      timing: { kind: 'every', minutes: 25 },
      durationMinutes: 21,
    },
    {
      slug: 'mickeys-once-upon-a-christmastime-parade',
      name: "Mickey's Once Upon a Christmastime Parade",
      type: 'show',
      land: 'Main Street, U.S.A.',
      timing: { kind: 'fixed', times: ['20:30', '22:30'] },
      durationMinutes: 20,
      event: "Mickey's Very Merry Christmas Party",
    },
    {
      slug: 'minnies-wonderful-christmastime-fireworks',
      name: "Minnie's Wonderful Christmastime Fireworks",
      type: 'show',
      land: 'Main Street, U.S.A.',
      timing: { kind: 'fixed', times: ['21:30'] },
      durationMinutes: 15,
      event: "Mickey's Very Merry Christmas Party",
    },
    {
      slug: 'mickeys-boo-to-you-halloween-parade',
      name: "Mickey's Boo-To-You Halloween Parade",
      type: 'show',
      land: 'Main Street, U.S.A.',
      timing: { kind: 'fixed', times: ['20:15', '22:15'] },
      durationMinutes: 20,
      event: "Mickey's Not-So-Scary Halloween Party",
    },
    {
      slug: 'disneys-not-so-spooky-spectacular',
      name: "Disney's Not-So-Spooky Spectacular",
      type: 'show',
      land: 'Main Street, U.S.A.',
      timing: { kind: 'fixed', times: ['21:15'] },
      durationMinutes: 15,
      event: "Mickey's Not-So-Scary Halloween Party",
    },
  ],
  epcot: [
    {
      slug: 'luminous-the-symphony-of-us',
      timing: { kind: 'before-close', minutes: [18] },
      durationMinutes: 18,
    },
    {
      slug: 'the-american-adventure',
      timing: { kind: 'every', minutes: 30, from: '12:00' },
      durationMinutes: 30,
    },
    {
      slug: 'canada-far-and-wide-in-circle-vision-360',
      timing: { kind: 'every', minutes: 20, from: '11:00' },
      durationMinutes: 14,
    },
    {
      slug: 'meet-anna-and-elsa-at-royal-sommerhus',
      timing: { kind: 'open', from: '11:00', beforeCloseMinutes: 60 },
      durationMinutes: 0,
    },
    { slug: 'turtle-talk-with-crush', timing: { kind: 'every', minutes: 20 }, durationMinutes: 15 },
    {
      slug: 'voices-of-liberty',
      name: 'Voices of Liberty',
      type: 'show',
      land: 'World Showcase',
      timing: { kind: 'fixed', times: ['12:30', '13:30', '14:30', '15:30', '16:30', '17:30'] },
      durationMinutes: 15,
    },
    {
      slug: 'candlelight-processional',
      name: 'Candlelight Processional',
      type: 'show',
      land: 'World Showcase',
      timing: { kind: 'fixed', times: ['17:00', '18:15', '19:30'] },
      durationMinutes: 50,
      months: HOLIDAY_SEASON,
    },
  ],
  'hollywood-studios': [
    {
      slug: 'fantasmic',
      timing: { kind: 'before-close', minutes: [60] },
      durationMinutes: 30,
      closeAtLeast: '21:00',
    },
    {
      slug: 'wonderful-world-of-animation',
      timing: { kind: 'before-close', minutes: [12] },
      durationMinutes: 12,
    },
    {
      slug: 'indiana-jones-epic-stunt-spectacular',
      timing: { kind: 'fixed', times: ['11:30', '12:45', '14:15', '15:45', '17:00'] },
      durationMinutes: 30,
    },
    {
      slug: 'for-the-first-time-in-forever-a-frozen-sing-along-celebration',
      timing: {
        kind: 'fixed',
        times: ['10:30', '11:30', '12:30', '13:30', '14:30', '15:30', '16:30', '17:30'],
      },
      durationMinutes: 30,
    },
    {
      slug: 'beauty-and-the-beast-live-on-stage',
      timing: { kind: 'fixed', times: ['10:15', '11:15', '12:15', '13:15', '14:15', '15:15', '16:15'] },
      durationMinutes: 25,
    },
    {
      slug: 'disney-villains-unfairly-ever-after',
      timing: { kind: 'fixed', times: ['11:15', '12:30', '13:45', '15:00', '16:15', '17:30'] },
      durationMinutes: 18,
    },
    {
      slug: 'the-little-mermaid-a-musical-adventure',
      timing: { kind: 'every', minutes: 45, from: '10:00' },
      durationMinutes: 25,
    },
  ],
  'animal-kingdom': [
    {
      slug: 'feathered-friends-in-flight',
      timing: { kind: 'fixed', times: ['10:30', '12:00', '13:30', '15:00'] },
      durationMinutes: 25,
    },
    {
      slug: 'festival-of-the-lion-king',
      timing: { kind: 'fixed', times: ['10:00', '11:00', '12:30', '14:00', '15:30', '16:45'] },
      durationMinutes: 30,
    },
    { slug: 'zootopia-better-zoogether', timing: { kind: 'every', minutes: 20 }, durationMinutes: 15 },
    {
      slug: 'disney-kitetails',
      name: 'Disney KiteTails',
      type: 'show',
      land: 'Discovery Island',
      timing: { kind: 'fixed', times: ['11:30', '13:00', '14:30'] },
      durationMinutes: 10,
    },
  ],
  disneyland: [
    // Two performances on the long (late-closing) nights, one otherwise.
    {
      slug: 'fantasmic',
      timing: { kind: 'fixed', times: ['21:00', '22:30'] },
      durationMinutes: 25,
      closeAtLeast: '23:00',
    },
    { slug: 'walt-disneys-enchanted-tiki-room', timing: { kind: 'every', minutes: 20 }, durationMinutes: 15 },
    {
      slug: 'walt-disney-a-magical-life',
      timing: { kind: 'every', minutes: 30, from: '10:00' },
      durationMinutes: 17,
    },
    {
      slug: 'paint-the-night-parade',
      name: 'Paint the Night Parade',
      type: 'show',
      land: 'Main Street, U.S.A.',
      timing: { kind: 'before-close', minutes: [150] },
      durationMinutes: 25,
      closeAtLeast: '23:00',
    },
    {
      slug: 'a-christmas-fantasy-parade',
      name: 'A Christmas Fantasy Parade',
      type: 'show',
      land: 'Main Street, U.S.A.',
      timing: { kind: 'fixed', times: ['14:00', '17:30'] },
      durationMinutes: 25,
      months: HOLIDAY_SEASON,
    },
    {
      slug: 'believe-in-holiday-magic-fireworks',
      name: 'Believe... in Holiday Magic Fireworks',
      type: 'show',
      land: 'Main Street, U.S.A.',
      timing: { kind: 'fixed', times: ['21:30'] },
      durationMinutes: 15,
      months: HOLIDAY_SEASON,
      closeAtLeast: '22:00',
    },
  ],
  'california-adventure': [
    { slug: 'world-of-color', timing: { kind: 'fixed', times: ['21:00', '22:15'] }, durationMinutes: 25 },
    {
      slug: 'frightfully-fun-parade',
      name: 'Frightfully Fun Parade',
      type: 'show',
      land: 'Buena Vista Street',
      timing: { kind: 'fixed', times: ['19:15', '21:30'] },
      durationMinutes: 20,
      event: 'Oogie Boogie Bash - A Disney Halloween Party',
    },
    {
      slug: 'world-of-color-villainous',
      name: 'World of Color – Villainous!',
      type: 'show',
      land: 'Paradise Gardens Park',
      timing: { kind: 'fixed', times: ['20:30'] },
      durationMinutes: 20,
      event: 'Oogie Boogie Bash - A Disney Halloween Party',
    },
  ],
  'universal-studios-florida': [
    {
      slug: 'cinesational-a-symphonic-spectacular',
      name: 'CinéSational: A Symphonic Spectacular',
      type: 'show',
      land: 'Hollywood',
      timing: { kind: 'before-close', minutes: [20] },
      durationMinutes: 20,
      weekdays: [4, 5, 6, 7],
      closeAtLeast: '20:00',
    },
    {
      slug: 'universal-mega-movie-parade',
      name: 'Universal Mega Movie Parade',
      type: 'show',
      land: 'Hollywood',
      timing: { kind: 'fixed', times: ['14:00'] },
      durationMinutes: 20,
    },
    {
      slug: 'animal-actors-on-location',
      timing: { kind: 'fixed', times: ['11:00', '12:30', '14:30', '16:00'] },
      durationMinutes: 20,
    },
    {
      slug: 'the-bourne-stuntacular',
      timing: { kind: 'every', minutes: 60, from: '10:00' },
      durationMinutes: 25,
    },
  ],
  'islands-of-adventure': [
    {
      slug: 'triwizard-spirit-rally',
      name: 'Triwizard Spirit Rally',
      type: 'show',
      land: 'The Wizarding World of Harry Potter – Hogsmeade',
      timing: { kind: 'fixed', times: ['11:00', '12:30', '14:00', '15:30', '17:00'] },
      durationMinutes: 10,
    },
    {
      slug: 'frog-choir',
      name: 'Frog Choir',
      type: 'show',
      land: 'The Wizarding World of Harry Potter – Hogsmeade',
      timing: { kind: 'fixed', times: ['11:45', '13:15', '14:45', '16:15'] },
      durationMinutes: 10,
    },
  ],
  'epic-universe': [
    {
      slug: 'the-untrainable-dragon',
      timing: { kind: 'fixed', times: ['10:15', '11:45', '13:15', '14:45', '16:15', '17:45', '19:15'] },
      durationMinutes: 25,
    },
    {
      slug: 'le-cirque-arcanus',
      timing: { kind: 'fixed', times: ['10:45', '12:15', '13:45', '15:15', '16:45', '18:15'] },
      durationMinutes: 35,
    },
  ],
  'universal-studios-hollywood': [
    {
      slug: 'waterworld',
      timing: { kind: 'fixed', times: ['12:30', '14:30', '16:30'] },
      durationMinutes: 20,
    },
    { slug: 'kung-fu-panda-the-emperors-quest', timing: { kind: 'every', minutes: 20 }, durationMinutes: 10 },
  ],
};
