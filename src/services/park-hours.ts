/**
 * Published park hours for up to 60 park-local days (`/v1/parks/{park}/hours`), read from the same
 * schedule feed the ingest follows to open and close each park (`ingest/park-hours.ts`), so
 * `/hours`, `/waits` and the stream's `park` messages describe one schedule. A park whose feed
 * publishes no schedule has unknown hours for every date, never invented ones.
 */
import type { Park } from '../catalog/types.js';
import type { ParkDaySchedule, ScheduleFeed, ScheduleWindow } from '../feeds/types.js';
import { addDays } from '../lib/time.js';

export type WindowKind = 'operating' | 'early_entry' | 'extended_evening' | 'ticketed_event';

const KIND: Readonly<Record<ScheduleWindow['type'], WindowKind>> = {
  OPERATING: 'operating',
  EARLY_ENTRY: 'early_entry',
  EXTENDED_EVENING: 'extended_evening',
  TICKETED_EVENT: 'ticketed_event',
};

export interface HoursWindow {
  readonly kind: WindowKind;
  /** The resort's own name for the window (Early Theme Park Entry, Halloween Horror Nights, …). */
  readonly name: string;
  readonly opens_at: number;
  readonly closes_at: number;
}

export interface HoursDay {
  readonly date: string;
  /**
   * False when the park's feed publishes no schedule: its hours are unknown (no operating window,
   * no windows), which is not a closed day.
   */
  readonly published: boolean;
  /** The day-guest operating window; undefined when the park does not open that day. */
  readonly operating: HoursWindow | undefined;
  /** Every window of the day, earliest opening first. */
  readonly windows: readonly HoursWindow[];
}

export class ParkHoursService {
  constructor(private readonly schedule: ScheduleFeed) {}

  /** `days` consecutive park-local dates from `from`, in date order. */
  async forDates(park: Park, from: string, days: number): Promise<HoursDay[]> {
    const dates = Array.from({ length: days }, (_, i) => addDays(from, i));
    const schedules = await Promise.all(dates.map((date) => this.schedule.readSchedule(park, date)));
    return schedules.map(toHoursDay);
  }
}

function toHoursDay(schedule: ParkDaySchedule): HoursDay {
  const windows = schedule.windows
    .map((w) => ({ kind: KIND[w.type], name: w.description, opens_at: w.opens_at, closes_at: w.closes_at }))
    .sort((a, b) => a.opens_at - b.opens_at || a.closes_at - b.closes_at);
  return {
    date: schedule.date,
    published: schedule.published !== false,
    operating: windows.find((w) => w.kind === 'operating'),
    windows,
  };
}
