/**
 * Best times to ride: one ride's hourly predicted waits with 80% bounds for a park-local date, its
 * typical waits by hour for that weekday, the operator's own forecast when one is published, and
 * the best and worst windows. Predictions are used for dates less than 7 days ahead (today and the
 * next 6 days: the horizon where the recent level still carries most of the signal); later dates
 * fall back to typical waits. Everything comes from the cached park models; a request never fits.
 */
import { DateTime } from 'luxon';
import type { Attraction, Park } from '../catalog/types.js';
import type { OperatorForecastFeed, ScheduleFeed, ScheduleWindow } from '../feeds/types.js';
import type { Clock } from '../lib/clock.js';
import { hourBoundaries, localDate } from '../lib/time.js';
import { dayNumber, weekdayOf } from '../models/hourly-history.js';
import type { TypicalWaits } from '../models/typical-waits.js';
import type { ParkModelService } from './models/index.js';

/** Dates this many days ahead or more use typical waits instead of predictions. */
export const PREDICTED_DAYS = 7;
/** Hours in a best or worst window. */
const WINDOW_HOURS = 2;
const OPEN_WINDOW_TYPES: ReadonlySet<ScheduleWindow['type']> = new Set([
  'OPERATING',
  'EARLY_ENTRY',
  'EXTENDED_EVENING',
]);

export type BestTimesBasis = 'predicted' | 'typical';

export interface PredictedHour {
  readonly hour: number;
  readonly local_time: string;
  readonly predicted_wait_minutes: number;
  readonly lower_bound: number;
  readonly upper_bound: number;
  readonly park_closed: boolean;
}

export interface TypicalHour {
  readonly hour: number;
  readonly local_time: string;
  readonly typical_wait_minutes: number;
  readonly days_observed: number;
}

export interface OperatorForecastEntry {
  readonly hour: number;
  readonly local_time: string;
  readonly forecast_wait_minutes: number;
}

export interface WaitWindow {
  readonly start: string;
  readonly end: string;
  readonly start_hour: number;
  readonly end_hour: number;
  readonly average_wait_minutes: number;
}

export type BestTimesStatus = 'predicted' | 'typical' | 'park_closed' | 'insufficient_history';

export interface BestTimes {
  readonly ride: Attraction;
  readonly park: Park;
  readonly date: string;
  readonly day_of_week: string;
  readonly predicted_hours: readonly PredictedHour[];
  readonly typical_hours: readonly TypicalHour[];
  readonly operator_forecast: readonly OperatorForecastEntry[];
  readonly basis: BestTimesBasis;
  readonly best_windows: readonly WaitWindow[];
  readonly worst_window: WaitWindow | undefined;
  readonly generated_at: number;
  readonly data_status: BestTimesStatus;
}

const localTime = (hour: number) => `${String(hour % 24).padStart(2, '0')}:00`;
const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * The park-local hours 0-23 of `weekday` in which a ride has recorded waits. Where the park's feed
 * publishes no hours, these are the hours the ride is known to operate: none are invented, and an
 * hour without readings is not called closed.
 */
export function recordedHours(typical: TypicalWaits | undefined, weekday: number): number[] {
  const hours: number[] = [];
  if (!typical) return hours;
  for (let hour = 0; hour < 24; hour++)
    if (!Number.isNaN(typical.means[weekday * 24 + hour] ?? Number.NaN)) hours.push(hour);
  return hours;
}

/**
 * A park's hours on `date` as recorded, for a park whose feed publishes none: from the start of the
 * first to the end of the last hour of that weekday in which any of its rides (their typical-waits
 * tables) has recorded waits. Undefined while nothing is recorded for that weekday.
 */
export function recordedOperatingWindow(
  rides: Iterable<TypicalWaits>,
  date: string,
  zone: string,
): { opens_at: number; closes_at: number } | undefined {
  const weekday = weekdayOf(dayNumber(date));
  let first = 24;
  let last = -1;
  for (const typical of rides) {
    const hours = recordedHours(typical, weekday);
    first = Math.min(first, hours[0] ?? 24);
    last = Math.max(last, hours.at(-1) ?? -1);
  }
  if (last < first) return undefined;
  const bounds = hourBoundaries(date, zone);
  const opensAt = bounds[first];
  const closesAt = bounds[last + 1];
  return opensAt === undefined || closesAt === undefined
    ? undefined
    : { opens_at: opensAt, closes_at: closesAt };
}

/** The hours 0-23 of `date` during which the park is open to day guests. */
function openHours(windows: readonly ScheduleWindow[], date: string, zone: string): Set<number> {
  const bounds = hourBoundaries(date, zone);
  const open = new Set<number>();
  for (let hour = 0; hour < 24; hour++) {
    const start = bounds[hour] ?? 0;
    const end = bounds[hour + 1] ?? start;
    if (windows.some((w) => OPEN_WINDOW_TYPES.has(w.type) && w.opens_at < end && w.closes_at > start))
      open.add(hour);
  }
  return open;
}

/**
 * The lowest-average windows of `WINDOW_HOURS` consecutive open hours (the best, plus a second one
 * that does not overlap it when it is nearly as good) and the highest-average one.
 */
export function waitWindows(values: ReadonlyMap<number, number>): {
  best: WaitWindow[];
  worst: WaitWindow | undefined;
} {
  const hours = [...values.keys()].sort((a, b) => a - b);
  const spans: WaitWindow[] = [];
  const length = Math.min(WINDOW_HOURS, hours.length);
  for (let i = 0; i + length <= hours.length; i++) {
    const run = hours.slice(i, i + length);
    if ((run.at(-1) ?? 0) - (run[0] ?? 0) !== length - 1) continue; // not consecutive
    const average = run.reduce((sum, hour) => sum + (values.get(hour) ?? 0), 0) / length;
    const startHour = run[0] ?? 0;
    const endHour = startHour + length;
    spans.push({
      start: localTime(startHour),
      end: localTime(endHour),
      start_hour: startHour,
      end_hour: endHour,
      average_wait_minutes: round1(average),
    });
  }
  if (spans.length === 0) return { best: [], worst: undefined };
  const byAverage = [...spans].sort(
    (a, b) => a.average_wait_minutes - b.average_wait_minutes || a.start_hour - b.start_hour,
  );
  const first = byAverage[0] as WaitWindow;
  const second = byAverage.find(
    (span) =>
      (span.end_hour <= first.start_hour || span.start_hour >= first.end_hour) &&
      span.average_wait_minutes <=
        Math.max(first.average_wait_minutes * 1.25, first.average_wait_minutes + 5),
  );
  const worst = byAverage.at(-1);
  return {
    best: second ? [first, second].sort((a, b) => a.start_hour - b.start_hour) : [first],
    worst: worst && worst.average_wait_minutes > first.average_wait_minutes ? worst : undefined,
  };
}

export class BestTimesService {
  constructor(
    private readonly models: ParkModelService,
    private readonly schedule: ScheduleFeed,
    private readonly operatorForecast: OperatorForecastFeed | undefined,
    private readonly clock: Clock,
  ) {}

  version(park: Park): string {
    const forecast = this.operatorForecast?.version?.(park, this.clock.now()) ?? '';
    return `${this.models.version(park)}|${forecast}`;
  }

  async forRide(ride: Attraction, park: Park, date: string): Promise<BestTimes> {
    const now = this.clock.now();
    const zone = park.time_zone;
    const models = await this.models.forPark(park);
    const today = localDate(now, zone);
    const day = dayNumber(date);
    const ahead = day - dayNumber(today);
    const basis: BestTimesBasis = ahead < PREDICTED_DAYS ? 'predicted' : 'typical';
    const [schedule, operator] = await Promise.all([
      this.schedule.readSchedule(park, date),
      this.operatorForecast?.readOperatorForecast(park, date, now) ?? Promise.resolve([]),
    ]);
    const model = models.rides.get(ride.id)?.model;
    // Today's hours follow the waits recorded this morning; other days are the day-ahead forecast.
    const todayForecast = day === dayNumber(today) ? models.today_forecast.get(ride.id) : undefined;
    const weekday = weekdayOf(day);

    const typicalHours: TypicalHour[] = [];
    if (model) {
      for (let hour = 0; hour < 24; hour++) {
        const slot = weekday * 24 + hour;
        const mean = model.typical.means[slot] ?? Number.NaN;
        if (Number.isNaN(mean)) continue;
        typicalHours.push({
          hour,
          local_time: localTime(hour),
          typical_wait_minutes: round1(mean),
          days_observed: model.typical.daysObserved[slot] ?? 0,
        });
      }
    }

    // Without a published schedule the hours with recorded waits are the ones the park is known to
    // operate; none are invented, and no day is called closed.
    const unpublished = schedule.published === false;
    const open = unpublished
      ? new Set(recordedHours(model?.typical, weekday))
      : openHours(schedule.windows, date, zone);

    const predictedHours: PredictedHour[] = [];
    if (model && basis === 'predicted') {
      const hours = new Set([...open, ...typicalHours.map((entry) => entry.hour)]);
      for (const hour of [...hours].sort((a, b) => a - b)) {
        const closed = !open.has(hour);
        const forecast = closed ? null : todayForecast ? todayForecast(hour) : model.forecast(day, hour);
        if (!closed && forecast === null) continue;
        predictedHours.push({
          hour,
          local_time: localTime(hour),
          predicted_wait_minutes: forecast ? round1(forecast.predicted) : 0,
          lower_bound: forecast ? round1(forecast.lower) : 0,
          upper_bound: forecast ? round1(forecast.upper) : 0,
          park_closed: closed,
        });
      }
    }

    const values = new Map<number, number>();
    if (basis === 'predicted') {
      for (const entry of predictedHours)
        if (!entry.park_closed) values.set(entry.hour, entry.predicted_wait_minutes);
    } else {
      for (const entry of typicalHours)
        if (open.has(entry.hour)) values.set(entry.hour, entry.typical_wait_minutes);
    }
    const windows = waitWindows(values);
    const bounds = hourBoundaries(date, zone);
    const operatorForecast: OperatorForecastEntry[] = operator
      .filter((entry) => entry.ride_id === ride.id)
      .map((entry) => {
        const hour = Math.max(
          0,
          bounds.findLastIndex((start, i) => i < 24 && start <= entry.starts_at),
        );
        return { hour, local_time: localTime(hour), forecast_wait_minutes: entry.wait_minutes };
      });

    const status: BestTimesStatus =
      open.size === 0 && !unpublished ? 'park_closed' : values.size === 0 ? 'insufficient_history' : basis;
    return {
      ride,
      park,
      date,
      day_of_week: DateTime.fromISO(date, { zone: 'UTC' }).setLocale('en').toFormat('cccc'),
      predicted_hours: predictedHours,
      typical_hours: typicalHours,
      operator_forecast: operatorForecast,
      basis,
      best_windows: windows.best,
      worst_window: windows.worst,
      generated_at: models.computed_at,
      data_status: status,
    };
  }
}
