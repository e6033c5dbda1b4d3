/**
 * Whether a park is open at an instant, from its schedule feed. A park-local day's windows can run
 * past midnight, so the day before is consulted too. Schedules are read once per park-local date.
 */
import type { Park } from '../catalog/types.js';
import type { ScheduleFeed, ScheduleWindow } from '../feeds/types.js';
import { addDays, localDate, startOfLocalDay } from '../lib/time.js';

export class ParkHours {
  private readonly windowsByDate = new Map<string, readonly ScheduleWindow[]>();
  /** The local day `at` last fell in, so most calls skip the time-zone arithmetic. */
  private day: { date: string; previous: string; start: number; end: number } | undefined;

  constructor(
    private readonly park: Park,
    private readonly schedule: ScheduleFeed,
  ) {}

  async isOpen(at: number): Promise<boolean> {
    const { date, previous } = this.localDayOf(at);
    for (const day of [previous, date]) {
      const windows = await this.windows(day);
      if (windows.some((w) => w.opens_at <= at && at < w.closes_at)) return true;
    }
    return false;
  }

  private localDayOf(at: number): { date: string; previous: string } {
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

  private async windows(date: string): Promise<readonly ScheduleWindow[]> {
    let windows = this.windowsByDate.get(date);
    if (!windows) {
      windows = (await this.schedule.readSchedule(this.park, date)).windows;
      this.windowsByDate.set(date, windows);
      // Only today and yesterday are ever asked for again: keep the map small during a backfill.
      if (this.windowsByDate.size > 4) {
        const oldest = this.windowsByDate.keys().next().value;
        if (oldest !== undefined) this.windowsByDate.delete(oldest);
      }
    }
    return windows;
  }
}
