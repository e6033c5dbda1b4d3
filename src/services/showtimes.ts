/**
 * Showtimes for a park-local date (`/v1/parks/{park}/showtimes`): shows, parades, fireworks and
 * character meets, earliest first, from the showtime feed. An upstream failure yields no times at
 * all (never an earlier answer), so a client can tell "no shows" from "not known".
 */
import type { Park } from '../catalog/types.js';
import {
  UpstreamError,
  type ParkDayShowtimes,
  type Showtime,
  type ShowtimeBasis,
  type ShowtimeFeed,
} from '../feeds/types.js';
import type { Clock } from '../lib/clock.js';

export type ShowtimesStatus = ShowtimeBasis | 'unavailable';

export interface ParkShowtimes {
  readonly date: string;
  readonly status: ShowtimesStatus;
  /** Earliest first; empty when unavailable. */
  readonly showtimes: readonly Showtime[];
  /** Why the times are unavailable; undefined otherwise. */
  readonly reason: string | undefined;
}

export class ShowtimesService {
  constructor(
    private readonly feed: ShowtimeFeed,
    private readonly clock: Clock,
  ) {}

  async forDate(park: Park, date: string): Promise<ParkShowtimes> {
    let day: ParkDayShowtimes;
    try {
      day = await this.feed.readShowtimes(park, date, this.clock.now());
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      return { date, status: 'unavailable', showtimes: [], reason: error.message };
    }
    const showtimes = [...day.showtimes].sort((a, b) => a.starts_at - b.starts_at);
    return { date, status: day.basis, showtimes, reason: undefined };
  }
}
