/**
 * Today's operating windows of each park, from the hours service (the one `/v1/parks/{park}/hours`
 * answers from), once per park and park-local date, re-read at most every 10 minutes: the home and
 * park pages are rebuilt every few seconds for live waits, and the schedule changes rarely.
 */
import type { Park } from '../../catalog/types.js';
import type { Clock } from '../../lib/clock.js';
import { localDate } from '../../lib/time.js';
import type { HoursWindow, ParkHoursService } from '../../services/park-hours.js';

const REREAD_AFTER_MS = 10 * 60_000;

export interface TodayHours {
  readonly date: string;
  /**
   * Empty when the park is closed all day; undefined when the schedule could not be read or the
   * park's feed publishes none.
   */
  readonly windows: readonly HoursWindow[] | undefined;
  /**
   * False when the park's feed publishes no hours for it: not a passing fault, and not a closed day
   * (the park counts as open while its rides operate).
   */
  readonly published: boolean;
  readonly read_at: number;
}

export class TodayHoursReader {
  private readonly read = new Map<string, TodayHours>();
  private schedulesRead = 0;

  constructor(
    private readonly parkHours: ParkHoursService,
    private readonly clock: Clock,
  ) {}

  async forPark(park: Park): Promise<TodayHours> {
    const now = this.clock.now();
    const date = localDate(now, park.time_zone);
    const known = this.read.get(park.key);
    if (known && known.date === date && now - known.read_at < REREAD_AFTER_MS && now >= known.read_at) {
      return known;
    }
    let windows: readonly HoursWindow[] | undefined;
    let published = true;
    try {
      const day = (await this.parkHours.forDates(park, date, 1))[0];
      // A park whose feed publishes no schedule has unknown hours: shown as such, not closed.
      published = day?.published !== false;
      windows = published ? day?.windows : undefined;
    } catch {
      // Shown as "hours unavailable"; read again on the next page build.
      return { date, windows: undefined, published: true, read_at: now };
    }
    const hours = { date, windows, published, read_at: now };
    this.read.set(park.key, hours);
    this.schedulesRead++;
    return hours;
  }

  /** Counts the schedules read: a park's `version` changes with it or with the park-local date. */
  get reads(): number {
    return this.schedulesRead;
  }

  /** Changes when the park-local date does or the hours are re-read. */
  version(park: Park): string {
    const known = this.read.get(park.key);
    const date = localDate(this.clock.now(), park.time_zone);
    return known?.date === date ? `${date}@${known.read_at}` : date;
  }
}
