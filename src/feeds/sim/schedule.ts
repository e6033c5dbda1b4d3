/**
 * Published park hours per park-local date: the OPERATING window from the park's hours rule
 * (see parks.ts), plus EARLY_ENTRY (WDW hotel guests 30 min, Universal Orlando hotel guests 60 min,
 * every day), EXTENDED_EVENING (2 h after a ≤22:00 close on the park's deluxe-resort weekday) and
 * TICKETED_EVENT nights (event-nights.ts; the day-guest close moves earlier those nights).
 * Hours follow the expected (noise-free) crowd, as operators publish hours weeks ahead.
 */
import type { Park } from '../../catalog/types.js';
import type { ParkDaySchedule, ScheduleWindow } from '../types.js';
import { seasonalFactor, weekdayFactor } from './calendar.js';
import { eventNightOf, type EventNight } from './event-nights.js';
import { calendarDateOf, dateStringOf, localInstant, PARK_DAY_START_HOUR } from './local-time.js';
import type { ParkProfile } from './parks.js';

export interface SimWindow extends ScheduleWindow {
  /** Local minutes after midnight of the date (may pass 1440). */
  readonly openMinute: number;
  readonly closeMinute: number;
}

export interface DaySchedule {
  readonly dayNumber: number;
  readonly date: string;
  /** Seasonal × weekday, before day-to-day noise. */
  readonly expectedCrowd: number;
  readonly event: EventNight | null;
  /** OPERATING first, then the others in time order. */
  readonly windows: readonly SimWindow[];
  /** The park day's bounds: 04:00 local to 04:00 the next day. */
  readonly dayStart: number;
  readonly dayEnd: number;
}

export function planSchedule(park: Park, profile: ParkProfile, dayNumber: number): DaySchedule {
  const date = calendarDateOf(dayNumber);
  const seasonal = seasonalFactor(profile.region, dayNumber);
  const expectedCrowd = seasonal * weekdayFactor(profile.region, dayNumber, seasonal);
  const hours = profile.hours({ date, expectedCrowd });
  const event = eventNightOf(park.key, dayNumber);
  const zone = park.time_zone;
  const window = (
    type: ScheduleWindow['type'],
    description: string,
    openMinute: number,
    closeMinute: number,
  ): SimWindow => ({
    type,
    description,
    opens_at: localInstant(zone, dayNumber, openMinute),
    closes_at: localInstant(zone, dayNumber, closeMinute),
    openMinute,
    closeMinute,
  });

  const close = event ? Math.min(hours.close, event.dayGuestsClose) : hours.close;
  const windows: SimWindow[] = [window('OPERATING', 'Park hours', hours.open, close)];
  if (profile.earlyEntryMinutes > 0) {
    windows.push(
      window(
        'EARLY_ENTRY',
        profile.earlyEntryDescription,
        hours.open - profile.earlyEntryMinutes,
        hours.open,
      ),
    );
  }
  if (!event && close <= 22 * 60 && profile.extendedEveningWeekdays.includes(date.weekday)) {
    windows.push(
      window(
        'EXTENDED_EVENING',
        'Extended Evening Theme Park Hours (Deluxe Resort hotel guests)',
        close,
        close + 120,
      ),
    );
  }
  if (event) windows.push(window('TICKETED_EVENT', event.description, event.opens, event.closes));
  const [operating, ...others] = windows;
  others.sort((a, b) => a.openMinute - b.openMinute);

  return {
    dayNumber,
    date: dateStringOf(dayNumber),
    expectedCrowd,
    event,
    windows: operating ? [operating, ...others] : others,
    dayStart: localInstant(zone, dayNumber, PARK_DAY_START_HOUR * 60),
    dayEnd: localInstant(zone, dayNumber + 1, PARK_DAY_START_HOUR * 60),
  };
}

/** The feed-facing view of a day's schedule. */
export function toParkDaySchedule(park: Park, schedule: DaySchedule): ParkDaySchedule {
  return {
    park_id: park.id,
    date: schedule.date,
    windows: schedule.windows.map(({ type, description, opens_at, closes_at }) => ({
      type,
      description,
      opens_at,
      closes_at,
    })),
  };
}
