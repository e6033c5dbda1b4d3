/**
 * Each park's recorded waits as the models read them: every ride's posted wait sampled every 5
 * minutes from the store's change rows into hourly means per park-local day, and each finished
 * day's operating hours. Finished days are sampled once and kept: a later call reads only the
 * change rows since the start of today, so its cost does not grow with the length of the history.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Park } from '../../catalog/types.js';
import { UpstreamError, type ScheduleFeed } from '../../feeds/types.js';
import { hourBoundaries, localDate, startOfLocalDay } from '../../lib/time.js';
import { dayNumber, isoDateOf, type HourlyDay } from '../../models/hourly-history.js';
import type { HistoryStore, WaitChange } from '../../store/ports.js';
import { scheduleFacts, type ScheduleFacts } from './park-calendar.js';

export const SAMPLE_MS = 5 * 60_000;

/** A park's finished days, kept between recomputations. */
export interface ParkHistory {
  /** Finished days per ride, oldest first. */
  readonly finished: Map<string, HourlyDay[]>;
  /** The first park-local day not yet finished. */
  nextDay: string | undefined;
  /** Each ride's last change before `nextDay`. */
  readonly carried: Map<string, WaitChange>;
  /** Operating hours per finished day (for the hours driver). */
  readonly hours: Map<number, number>;
  /** What each finished day's schedule said (the wait models' calendar). */
  readonly schedules: Map<number, ScheduleFacts>;
}

/**
 * Samples each ride's posted wait every 5 minutes of `date` up to `until` into hourly means. Only
 * the park's rides (the models read nothing else); the day's hours of every ride with a reading
 * share one pair of buffers, each ride's `HourlyDay` viewing its 24 slots: months of finished days
 * are kept, and two buffers a day weigh far less than two per ride and day.
 */
function sampleDay(
  date: string,
  zone: string,
  until: number,
  rideIds: readonly string[],
  changesByRide: ReadonlyMap<string, readonly WaitChange[]>,
  carried: Map<string, WaitChange>,
): Map<string, HourlyDay> {
  const bounds = hourBoundaries(date, zone);
  const day = dayNumber(date);
  const end = Math.min(until, bounds[24] ?? until);
  const sums = new Float64Array(rideIds.length * 24);
  const counts = new Uint16Array(rideIds.length * 24);
  const recorded: number[] = [];
  rideIds.forEach((rideId, ride) => {
    const changes = changesByRide.get(rideId) ?? [];
    let pointer = 0;
    let state = carried.get(rideId);
    let readings = 0;
    for (let hour = 0; hour < 24; hour++) {
      const hourEnd = Math.min(bounds[hour + 1] ?? end, end);
      const slot = ride * 24 + hour;
      for (let tick = bounds[hour] ?? 0; tick < hourEnd; tick += SAMPLE_MS) {
        while (pointer < changes.length && (changes[pointer]?.at ?? Infinity) <= tick)
          state = changes[pointer++];
        const wait = state?.status === 'OPERATING' ? state.standby_wait_minutes : null;
        if (wait === null || !Number.isFinite(wait) || wait < 0) continue;
        sums[slot] = (sums[slot] ?? 0) + wait;
        counts[slot] = (counts[slot] ?? 0) + 1;
        readings++;
      }
    }
    // The state carried into the next day: the last change up to the end of this one.
    while (pointer < changes.length && (changes[pointer]?.at ?? Infinity) < (bounds[24] ?? 0))
      state = changes[pointer++];
    if (state) carried.set(rideId, state);
    if (readings > 0) recorded.push(ride);
  });
  const means = new Float64Array(recorded.length * 24).fill(Number.NaN);
  const kept = new Uint16Array(recorded.length * 24);
  const result = new Map<string, HourlyDay>();
  recorded.forEach((ride, index) => {
    for (let hour = 0; hour < 24; hour++) {
      const count = counts[ride * 24 + hour] ?? 0;
      kept[index * 24 + hour] = count;
      if (count > 0) means[index * 24 + hour] = (sums[ride * 24 + hour] ?? 0) / count;
    }
    const from = index * 24;
    result.set(rideIds[ride] ?? '', {
      day,
      means: means.subarray(from, from + 24),
      counts: kept.subarray(from, from + 24),
    });
  });
  return result;
}

/** The hours a schedule has the park open to day guests. */
export function operatingHours(schedule: Awaited<ReturnType<ScheduleFeed['readSchedule']>>): number {
  let minutes = 0;
  for (const window of schedule.windows) {
    if (window.type === 'OPERATING') minutes += (window.closes_at - window.opens_at) / 60_000;
  }
  return minutes / 60;
}

/** Every park's sampled history: finished days kept per park, today sampled afresh on each call. */
export class HistorySampler {
  private readonly parks = new Map<string, ParkHistory>();

  constructor(
    private readonly store: HistoryStore,
    private readonly schedule: ScheduleFeed,
    private readonly coverageStart: string,
  ) {}

  /** Samples the days finished since the last call, and today up to `now`. */
  async sample(park: Park, now: number): Promise<{ history: ParkHistory; today: Map<string, HourlyDay> }> {
    const zone = park.time_zone;
    const today = localDate(now, zone);
    let history = this.parks.get(park.key);
    if (!history) {
      history = {
        finished: new Map(),
        nextDay: undefined,
        carried: new Map(),
        hours: new Map(),
        schedules: new Map(),
      };
      this.parks.set(park.key, history);
    }
    const firstDay = history.nextDay ?? (this.coverageStart < today ? this.coverageStart : today);
    const from = startOfLocalDay(firstDay, zone);
    const rideIds = park.attractions.filter((ride) => ride.type === 'ride').map((ride) => ride.id);
    const isRide = new Set(rideIds);
    if (history.nextDay === undefined) {
      for (const change of await this.store.latestChanges(park.key, from - 1))
        if (isRide.has(change.ride_id)) history.carried.set(change.ride_id, change);
    }
    // One day's changes at a time: a cold start over months of history never holds them all at once.
    const changesOf = async (date: string, to: number) => {
      const byRide = new Map<string, WaitChange[]>();
      for (const change of await this.store.parkChanges(park.key, startOfLocalDay(date, zone), to)) {
        if (!isRide.has(change.ride_id)) continue;
        const list = byRide.get(change.ride_id);
        if (list) list.push(change);
        else byRide.set(change.ride_id, [change]);
      }
      return byRide;
    };
    let date = firstDay;
    while (date < today) {
      const next = isoDateOf(dayNumber(date) + 1);
      const dayChanges = await changesOf(date, startOfLocalDay(next, zone));
      const sampled = sampleDay(date, zone, now, rideIds, dayChanges, history.carried);
      for (const [rideId, entry] of sampled) {
        const list = history.finished.get(rideId) ?? [];
        list.push(entry);
        history.finished.set(rideId, list);
      }
      // A feed without the park's schedule for the day (a park it lists without hours, or a past
      // day it no longer publishes) leaves that day's hours unknown, as for the forecast days.
      const schedule = await this.schedule.readSchedule(park, date).catch((error: unknown) => {
        if (error instanceof UpstreamError) return undefined;
        throw error;
      });
      // An unpublished schedule is unknown hours, not a closed day.
      if (schedule && schedule.published !== false) {
        history.hours.set(dayNumber(date), operatingHours(schedule));
        const facts = scheduleFacts(schedule, park);
        if (facts) history.schedules.set(dayNumber(date), facts);
      }
      date = next;
      // The store answers synchronously here (SQLite): without a turn of the event loop a cold start
      // over months would hold off requests, and the collector's own tasks, for seconds.
      await nextTurn();
    }
    history.nextDay = today;
    // Today is sampled afresh each time from a copy of the carried state (it is not finished yet).
    const todaySampled = sampleDay(
      today,
      zone,
      now,
      rideIds,
      await changesOf(today, now + 1),
      new Map(history.carried),
    );
    return { history, today: todaySampled };
  }
}
