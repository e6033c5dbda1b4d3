/**
 * Whether a park is open at an instant, from its schedule feed. A park-local day's windows can run
 * past midnight, so the day before is consulted too. Schedules are read once per park-local date.
 *
 * A park whose feed publishes no schedule has unknown hours: it counts as open while any of its
 * attractions reports operating in the live reading (what Queue-Times' own `is_open` says), and
 * closed otherwise. No hours are invented for it.
 */
import type { Park } from '../catalog/types.js';
import type { LiveQueueReading, ParkDaySchedule, ScheduleFeed, ScheduleWindow } from '../feeds/types.js';
import { addDays, localDate, startOfLocalDay } from '../lib/time.js';

/** The open/closed rule of a park without a published schedule: open while any ride operates. */
export function openByLiveRides(reading: Pick<LiveQueueReading, 'entries'>): boolean {
  return reading.entries.some((entry) => entry.status === 'OPERATING');
}

export class ParkHours {
  private readonly daysByDate = new Map<string, ParkDaySchedule>();
  /** The local day `at` last fell in, so most calls skip the time-zone arithmetic. */
  private day: { date: string; previous: string; start: number; end: number } | undefined;

  constructor(
    private readonly park: Park,
    private readonly schedule: ScheduleFeed,
  ) {}

  /** `reading` is the live reading of the same instant: it decides when no schedule is published. */
  async isOpen(at: number, reading?: Pick<LiveQueueReading, 'entries'>): Promise<boolean> {
    const { date, previous } = this.localDayOf(at);
    const today = await this.scheduleOf(date);
    if (today.published === false) return reading ? openByLiveRides(reading) : false;
    for (const day of [await this.scheduleOf(previous), today]) {
      if (day.windows.some((w: ScheduleWindow) => w.opens_at <= at && at < w.closes_at)) return true;
    }
    return false;
  }

  /**
   * The first instant after `at` at which `isOpen` may answer otherwise for the same reading: the
   * next opening or closing of today's or yesterday's windows, or the local midnight.
   */
  async nextChangeAfter(at: number): Promise<number> {
    const { date, previous, end } = this.localDayOf(at);
    const today = await this.scheduleOf(date);
    if (today.published === false) return end;
    let next = end;
    for (const day of [await this.scheduleOf(previous), today]) {
      for (const w of day.windows) {
        if (w.opens_at > at && w.opens_at < next) next = w.opens_at;
        if (w.closes_at > at && w.closes_at < next) next = w.closes_at;
      }
    }
    return next;
  }

  private localDayOf(at: number): { date: string; previous: string; end: number } {
    if (!this.day || at < this.day.start || at >= this.day.end) {
      const date = localDate(at, this.park.time_zone);
      this.day = {
        date,
        previous: addDays(date, -1),
        start: startOfLocalDay(date, this.park.time_zone),
        end: startOfLocalDay(addDays(date, 1), this.park.time_zone),
      };
    }
    return this.day;
  }

  private async scheduleOf(date: string): Promise<ParkDaySchedule> {
    let day = this.daysByDate.get(date);
    if (!day) {
      day = await this.schedule.readSchedule(this.park, date);
      this.daysByDate.set(date, day);
      // Only today and yesterday are ever asked for again: keep the map small during a backfill.
      if (this.daysByDate.size > 4) {
        const oldest = this.daysByDate.keys().next().value;
        if (oldest !== undefined) this.daysByDate.delete(oldest);
      }
    }
    return day;
  }
}
