/**
 * Simulated showtimes: each park's real entertainment (entertainment.ts) on the day's published
 * schedule, and a generic rule per catalog type for every other show, meet and walk-through, so a
 * show added to the catalog gets times without code. Every time lies inside a window of the date:
 * day entertainment inside the operating window (a nighttime spectacular follows the published
 * close, and a party night's early close cancels it), party entertainment inside that event's
 * window. Pure: the same park and schedule give the same times.
 */
import type { Attraction, Park } from '../../catalog/types.js';
import { localDate } from '../../lib/time.js';
import type { ParkDaySchedule, ParkDayShowtimes, ScheduleWindow, Showtime } from '../types.js';
import { ENTERTAINMENT, type EntertainmentRule, type Timing } from './entertainment.js';
import { calendarDateOf, dayNumberOf, localInstant } from './local-time.js';

const MINUTE_MS = 60_000;

/** What a catalog attraction of each type gets when no real schedule names it. */
const GENERIC: Readonly<
  Record<Attraction['type'], Pick<EntertainmentRule, 'timing' | 'durationMinutes'> | null>
> = {
  show: { timing: { kind: 'every', minutes: 30 }, durationMinutes: 20 },
  // Meets begin after the opening rush and wrap up an hour before closing; walk-throughs run all day.
  meet: { timing: { kind: 'open', afterOpenMinutes: 30, beforeCloseMinutes: 60 }, durationMinutes: 0 },
  experience: { timing: { kind: 'open', beforeCloseMinutes: 30 }, durationMinutes: 0 },
  ride: null,
};

/** Continuous shows start this long after opening and finish this long before closing. */
const SETTLE_MINUTES = 15;

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

interface ScheduledEntertainment {
  readonly show: Omit<Showtime, 'starts_at' | 'ends_at'>;
  readonly rule: Pick<
    EntertainmentRule,
    'timing' | 'durationMinutes' | 'weekdays' | 'months' | 'closeAtLeast' | 'event'
  >;
}

/** The park's entertainment: the real schedules, then every other catalog show, meet and walk-through. */
function entertainmentOf(park: Park): ScheduledEntertainment[] {
  const rules = ENTERTAINMENT[park.key] ?? [];
  const bySlug = new Map(rules.map((rule) => [rule.slug, rule]));
  const listed: ScheduledEntertainment[] = [];
  for (const attraction of park.attractions) {
    const rule = bySlug.get(attraction.slug) ?? GENERIC[attraction.type];
    if (!rule) continue;
    listed.push({
      show: { show_id: attraction.id, name: attraction.name, type: attraction.type, land: attraction.land },
      rule,
    });
  }
  const catalogued = new Set(park.attractions.map((a) => a.slug));
  for (const rule of rules) {
    if (catalogued.has(rule.slug) || rule.name === undefined) continue;
    listed.push({
      show: {
        show_id: `${park.key}_${rule.slug}`,
        name: rule.name,
        type: rule.type ?? 'show',
        land: rule.land ?? null,
      },
      rule,
    });
  }
  return listed;
}

const memo = new WeakMap<Park, ScheduledEntertainment[]>();

/** Every showtime of the schedule's date, earliest first. */
export function planShowtimes(park: Park, schedule: ParkDaySchedule): Showtime[] {
  let entertainment = memo.get(park);
  if (!entertainment) {
    entertainment = entertainmentOf(park);
    memo.set(park, entertainment);
  }
  const dayNumber = dayNumberOf(schedule.date);
  const date = calendarDateOf(dayNumber);
  const instants = new Map<string, number>();
  const at = (time: string) => {
    let instant = instants.get(time);
    if (instant === undefined) {
      instant = localInstant(park.time_zone, dayNumber, minutesOf(time));
      instants.set(time, instant);
    }
    return instant;
  };
  const operating = schedule.windows.find((w) => w.type === 'OPERATING');
  const showtimes: Showtime[] = [];
  for (const { show, rule } of entertainment) {
    if (rule.weekdays && !rule.weekdays.includes(date.weekday)) continue;
    if (rule.months && !rule.months.includes(date.month)) continue;
    const window = rule.event
      ? schedule.windows.find((w) => w.type === 'TICKETED_EVENT' && w.description === rule.event)
      : operating;
    if (!window) continue;
    if (rule.closeAtLeast && window.closes_at < at(rule.closeAtLeast)) continue;
    for (const [starts_at, ends_at] of performances(rule.timing, rule.durationMinutes, window, at)) {
      if (starts_at >= window.opens_at && ends_at <= window.closes_at && starts_at < ends_at) {
        showtimes.push({ ...show, starts_at, ends_at });
      }
    }
  }
  return showtimes.sort((a, b) => a.starts_at - b.starts_at || a.name.localeCompare(b.name));
}

/** Start and end instants of each performance (or the one open window) a timing gives. */
function performances(
  timing: Timing,
  durationMinutes: number,
  window: ScheduleWindow,
  at: (time: string) => number,
): [number, number][] {
  const duration = durationMinutes * MINUTE_MS;
  switch (timing.kind) {
    case 'fixed':
      return timing.times.map((time) => [at(time), at(time) + duration]);
    case 'before-close':
      return timing.minutes.map((m) => [
        window.closes_at - m * MINUTE_MS,
        window.closes_at - m * MINUTE_MS + duration,
      ]);
    case 'every': {
      const first = Math.max(
        timing.from ? at(timing.from) : window.opens_at,
        window.opens_at + SETTLE_MINUTES * MINUTE_MS,
      );
      const last = window.closes_at - SETTLE_MINUTES * MINUTE_MS - duration;
      const times: [number, number][] = [];
      for (let start = first; start <= last; start += timing.minutes * MINUTE_MS)
        times.push([start, start + duration]);
      return times;
    }
    case 'open': {
      const opening = window.opens_at + (timing.afterOpenMinutes ?? 0) * MINUTE_MS;
      const start = Math.max(timing.from ? at(timing.from) : opening, opening);
      return [[start, window.closes_at - (timing.beforeCloseMinutes ?? 0) * MINUTE_MS]];
    }
  }
}

/**
 * The feed's answer for a date at `at`: operators publish a day's times on the day, so today (and
 * earlier) is `published`; a later date is `planned` from the regular schedule and published hours.
 */
export function simulateShowtimes(park: Park, schedule: ParkDaySchedule, at: number): ParkDayShowtimes {
  return {
    park_id: park.id,
    date: schedule.date,
    basis: schedule.date <= localDate(at, park.time_zone) ? 'published' : 'planned',
    showtimes: planShowtimes(park, schedule),
  };
}
