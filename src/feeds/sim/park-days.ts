/**
 * Everything the simulator derives for one park, memoised: attraction profiles once, schedules per
 * date, and the heavy part, each park day's timelines (one per attraction), built on first use.
 * The caches are bounded and only memoise pure functions of (seed, park, date), so they change
 * cost, never results.
 */
import type { Park } from '../../catalog/types.js';
import { BoundedCache } from '../../lib/bounded-cache.js';
import { crowdFactor, resortCrowdFactor } from './calendar.js';
import { calendarDateOf, dateStringOf, parkDayNumberAt } from './local-time.js';
import { parkProfileOf, type ParkProfile } from './parks.js';
import { profileOf, REFURBISHMENTS, scheduledRefurbishment, type AttractionProfile } from './profiles.js';
import { hashString } from '../../lib/random.js';
import { buildRideTimeline, type ParkDayContext, type RideTimeline } from './ride-day.js';
import { planSchedule, type DaySchedule } from './schedule.js';
import { stormsOf, type Interval } from './weather.js';

export interface ParkDay {
  readonly schedule: DaySchedule;
  /** Crowd factor for waits (calendar × noise × the park's scale). */
  readonly crowd: number;
  readonly storms: readonly Interval[];
  /** One per attraction, in catalog order. */
  readonly timelines: readonly RideTimeline[];
}

export class ParkSimulation {
  readonly profile: ParkProfile;
  readonly attractions: readonly AttractionProfile[];
  readonly parkHash: number;
  readonly resortHash: number;
  private readonly schedules = new BoundedCache<number, DaySchedule>(400);
  /** A backfill walks days in order; a live server needs today (and yesterday's late night). */
  private readonly days = new BoundedCache<number, ParkDay>(4);
  private lastDay: ParkDay | null = null;

  constructor(
    readonly park: Park,
    readonly seed: number,
  ) {
    this.profile = parkProfileOf(park);
    this.attractions = park.attractions.map((a) => profileOf(a, this.profile.operator));
    this.parkHash = hashString(park.key);
    this.resortHash = hashString(park.resort_key);
  }

  schedule(dayNumber: number): DaySchedule {
    return this.schedules.get(dayNumber, (day) => planSchedule(this.park, this.profile, day));
  }

  /** Calendar crowd factor of a date with its noise, before the park's scale (prices use this). */
  calendarCrowd(dayNumber: number): number {
    return crowdFactor(this.seed, this.profile.region, this.resortHash, this.parkHash, dayNumber);
  }

  /** The resort's crowd factor of a date (resort-wide products are priced on it). */
  resortCalendarCrowd(dayNumber: number): number {
    return resortCrowdFactor(this.seed, this.profile.region, this.resortHash, dayNumber);
  }

  /** The park day containing `at`; the hot path, so the last one is checked before any luxon call. */
  dayAt(at: number): ParkDay {
    const last = this.lastDay;
    if (last && at >= last.schedule.dayStart && at < last.schedule.dayEnd) return last;
    const day = this.day(parkDayNumberAt(this.park.time_zone, at));
    this.lastDay = day;
    return day;
  }

  day(dayNumber: number): ParkDay {
    return this.days.get(dayNumber, (n) => this.buildDay(n));
  }

  private buildDay(dayNumber: number): ParkDay {
    const schedule = this.schedule(dayNumber);
    const crowd = this.calendarCrowd(dayNumber) * this.profile.crowdScale;
    const storms = stormsOf(
      this.seed,
      this.profile.region,
      this.resortHash,
      this.parkHash,
      this.park.time_zone,
      dayNumber,
      calendarDateOf(dayNumber).month,
    );
    const ctx: ParkDayContext = {
      seed: this.seed,
      zone: this.park.time_zone,
      operator: this.profile.operator,
      schedule,
      crowd,
      storms,
    };
    const date = dateStringOf(dayNumber);
    const year = calendarDateOf(dayNumber).year;
    const timelines = this.attractions.map((profile) =>
      buildRideTimeline(profile, ctx, isRefurbished(profile, date, dayNumber, year)),
    );
    return { schedule, crowd, storms, timelines };
  }
}

/** Announced closures first, then the scheduled off-season refurbishments. */
function isRefurbished(profile: AttractionProfile, date: string, dayNumber: number, year: number): boolean {
  const id = profile.attraction.id;
  if (REFURBISHMENTS.some((r) => r.ride_id === id && r.from <= date && date <= r.to)) return true;
  const scheduled = scheduledRefurbishment(profile, year);
  return scheduled !== null && scheduled.from <= dayNumber && dayNumber <= scheduled.to;
}
