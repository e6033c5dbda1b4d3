/**
 * The service's own models for every park, fitted on the store's recorded history and cached:
 * hourly posted waits per ride (sampled every 5 minutes from the change rows), each ride's wait
 * model with calibrated bounds and typical waits, the park's observed crowd index and its crowd
 * forecast for 30 days with drivers and measured accuracy. Recomputed every 15 minutes in the
 * background; requests read the cache and never wait for a fit (only the very first request for a
 * park before start-up finished computing would).
 *
 * Finished park days are sampled once and kept: a recomputation reads only the change rows since
 * the start of today, so its cost does not grow with the length of the history. What is learned
 * from finished days only (wait models and their calibration, observed index, scale, accuracy) is
 * fitted once per park-local day; the refits in between sample today and forecast.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { DateTime } from 'luxon';
import type { Logger } from 'pino';
import type { Catalog } from '../catalog/catalog.js';
import type { Attraction, Park } from '../catalog/types.js';
import { UpstreamError, type ScheduleFeed } from '../feeds/types.js';
import type { Clock } from '../lib/clock.js';
import { localDate, startOfLocalDay } from '../lib/time.js';
import {
  CALENDAR_DRIVERS,
  MIDDAY_FIRST_HOUR,
  MIDDAY_LAST_HOUR,
  calendarMultiplier,
  crowdLevel,
  crowdScale,
  learnCalendarEffects,
  meanOfFinite,
  observedIndex,
  predictedIndex,
  typicalMidday,
  type CalendarDriver,
  type CrowdScale,
  type DayDrivers,
  type LearnedEffect,
} from '../models/crowd.js';
import { dayNumber, isoDateOf, weekdayOf, type HourlyDay } from '../models/hourly-history.js';
import {
  DEFAULT_WAIT_MODEL_OPTIONS,
  fitParkPointModels,
  fitParkWaitModels,
  horizonBandOf,
  quantile,
  type WaitModel,
} from '../models/wait-forecast.js';
import type { HistoryStore, WaitChange } from '../store/ports.js';
import { calendarFlags, type CalendarFlags } from '../calendar/day-flags.js';

export const MODELS_REFRESH_MS = 15 * 60_000;
export const FORECAST_DAYS = 30;
const SAMPLE_MS = 5 * 60_000;
const HOUR_MS = 3_600_000;
/** Five-minute samples in an hour: "an hour of waits" before today's index counts. */
const SAMPLES_PER_HOUR = 12;
const YEAR_DAYS = 365;

export interface RideModel {
  readonly ride: Attraction;
  readonly model: WaitModel;
  readonly typicalMidday: number;
}

export interface CrowdDriver {
  readonly driver: 'weekday' | 'season' | 'recent_trend' | CalendarDriver;
  /** Multiplier on the park's typical day this driver contributes. */
  readonly effect: number;
  readonly detail: string;
}

export interface CrowdForecastDay {
  readonly date: string;
  readonly day: number;
  readonly index: number;
  readonly level: number;
  readonly level_low: number;
  readonly level_high: number;
  /** `observed` for today once the park has an hour of waits, `forecast` otherwise. */
  readonly basis: 'observed' | 'forecast';
  readonly drivers: readonly CrowdDriver[];
}

export interface CrowdAccuracy {
  /** Earlier origins in the recorded history whose 30 following days were scored. */
  readonly origins: number;
  readonly days_scored: number;
  readonly mae_levels: number | null;
  readonly within_1: number | null;
  readonly within_2: number | null;
  readonly wait_mae_minutes: number | null;
  readonly typical_mae_minutes: number | null;
}

export interface ParkModels {
  readonly park: Park;
  readonly computed_at: number;
  readonly today: string;
  readonly rides: ReadonlyMap<string, RideModel>;
  /** Observed crowd index per park-local day (today's once it has an hour of waits). */
  readonly observed: ReadonlyMap<number, number>;
  readonly today_observed: boolean;
  readonly scale: CrowdScale;
  /** Days with an observed index in the year the scale comes from. */
  readonly scale_days: number;
  readonly forecast: readonly CrowdForecastDay[];
  /** The learned calendar multiplier of each forecast day (holidays, breaks, event nights, hours). */
  readonly calendar: ReadonlyMap<number, number>;
  readonly accuracy: CrowdAccuracy;
  /** Days of recorded history the models learned from. */
  readonly history_days: number;
}

interface ParkHistory {
  /** Finished days per ride, oldest first. */
  readonly finished: Map<string, HourlyDay[]>;
  /** The first park-local day not yet finished. */
  nextDay: string | undefined;
  /** Each ride's last change before `nextDay`. */
  readonly carried: Map<string, WaitChange>;
  /** Operating hours per finished day (for the hours driver). */
  readonly hours: Map<number, number>;
}

/** What a park's models learned from its finished days, fitted on park-local day `day`. */
interface DayFit {
  readonly day: number;
  readonly rides: ReadonlyMap<string, RideModel>;
  readonly observed: ReadonlyMap<number, number>;
  readonly scale: CrowdScale;
  /** Days with an observed index in the year the scale comes from. */
  readonly scaleDays: number;
  readonly accuracy: CrowdAccuracy;
  /** The crowd level's range multipliers, from the index's past errors (enough of them). */
  readonly range: { lower: number; upper: number } | undefined;
}

/** Local hour boundaries of a park-local date: 25 instants (DST days have 23 or 25 real hours). */
export function hourBoundaries(date: string, zone: string): number[] {
  const start = DateTime.fromISO(date, { zone }).startOf('day');
  const first = start.toMillis();
  const next = start.plus({ days: 1 }).toMillis();
  const bounds: number[] = [];
  if (next - first === 24 * HOUR_MS) {
    // No clock change that day: local hours are whole hours after midnight (saves luxon calls).
    for (let hour = 0; hour < 24; hour++) bounds.push(first + hour * HOUR_MS);
  } else {
    for (let hour = 0; hour < 24; hour++) bounds.push(start.set({ hour }).toMillis());
  }
  bounds.push(next);
  return bounds;
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

function operatingHours(schedule: Awaited<ReturnType<ScheduleFeed['readSchedule']>>): number {
  let minutes = 0;
  for (const window of schedule.windows) {
    if (window.type === 'OPERATING') minutes += (window.closes_at - window.opens_at) / 60_000;
  }
  return minutes / 60;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

export class ParkModelService {
  private readonly cache = new Map<string, ParkModels>();
  private readonly histories = new Map<string, ParkHistory>();
  private readonly dayFits = new Map<string, DayFit>();
  private readonly inFlight = new Map<string, Promise<ParkModels>>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly catalog: Catalog,
    private readonly store: HistoryStore,
    private readonly schedule: ScheduleFeed,
    private readonly clock: Clock,
    private readonly coverageStart: string,
    private readonly logger: Logger,
  ) {}

  /** The park's models, computing them now only if they have never been computed. */
  async forPark(park: Park): Promise<ParkModels> {
    return this.cache.get(park.key) ?? (await this.recompute(park));
  }

  /** Changes with each recomputation of the park: bodies built from one can be reused until then. */
  version(park: Park): string {
    return String(this.cache.get(park.key)?.computed_at ?? 'never');
  }

  async recomputeAll(): Promise<void> {
    for (const park of this.catalog.parks) {
      if (this.stopped) return;
      await this.recompute(park);
      // One park at a time, with a turn of the event loop between them (requests, collection).
      await nextTurn();
    }
  }

  /**
   * Computes every park in the background (start-up does not wait for it; a request for a park
   * not computed yet waits for that park only).
   */
  warm(): void {
    this.recomputeAll().catch((error: unknown) => {
      this.logger.error({ err: error }, 'model computation failed');
    });
  }

  start(): void {
    this.timer = setInterval(() => {
      // A failed round keeps the last models; the next round tries again.
      this.recomputeAll().catch((error: unknown) => {
        this.logger.error({ err: error }, 'model recomputation failed');
      });
    }, MODELS_REFRESH_MS);
    this.timer.unref();
  }

  /** Stops the schedule and waits for computations in progress (they read the store). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.allSettled([...this.inFlight.values()]);
  }

  recompute(park: Park): Promise<ParkModels> {
    const running = this.inFlight.get(park.key);
    if (running) return running;
    const job = this.compute(park).finally(() => this.inFlight.delete(park.key));
    this.inFlight.set(park.key, job);
    return job;
  }

  private async history(
    park: Park,
    now: number,
  ): Promise<{ history: ParkHistory; today: Map<string, HourlyDay> }> {
    const zone = park.time_zone;
    const today = localDate(now, zone);
    let history = this.histories.get(park.key);
    if (!history) {
      history = { finished: new Map(), nextDay: undefined, carried: new Map(), hours: new Map() };
      this.histories.set(park.key, history);
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
      history.hours.set(dayNumber(date), operatingHours(await this.schedule.readSchedule(park, date)));
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

  private async compute(park: Park): Promise<ParkModels> {
    const now = this.clock.now();
    const today = localDate(now, park.time_zone);
    const todayDay = dayNumber(today);
    const { history, today: todaySampled } = await this.history(park, now);

    const { rides, observed, scale, scaleDays, accuracy, range } = this.dayFit(park, history, todayDay);
    const rideList = [...rides.values()];
    const todayIndex = this.todayIndex(rideList, todaySampled, todayDay);
    const fullObserved = new Map(observed);
    if (!Number.isNaN(todayIndex)) fullObserved.set(todayDay, todayIndex);
    const { days: forecast, calendar } = await this.forecast(
      park,
      rideList,
      observed,
      history,
      scale,
      todayDay,
      todayIndex,
      range,
    );
    return this.store_(park, {
      park,
      computed_at: now,
      today,
      rides,
      observed: fullObserved,
      today_observed: !Number.isNaN(todayIndex),
      scale,
      scale_days: scaleDays,
      forecast,
      accuracy,
      calendar,
      history_days: observed.size,
    });
  }

  /**
   * The part of a park's models learned from finished days only (wait models with their bounds,
   * observed index, scale, accuracy). Finished days change only when the park-local day does, so
   * the fit is made once a day and reused by the refits in between (its result would be the same):
   * a refit every 15 minutes then samples today and forecasts, without fitting and calibrating
   * every ride again.
   */
  private dayFit(park: Park, history: ParkHistory, todayDay: number): DayFit {
    const cached = this.dayFits.get(park.key);
    if (cached?.day === todayDay) return cached;
    const rides = new Map<string, RideModel>();
    const recorded = park.attractions.filter(
      (ride) => ride.type === 'ride' && (history.finished.get(ride.id) ?? []).length > 0,
    );
    // The park's rides are fitted together: their seasonal change is pooled.
    const waitModels = fitParkWaitModels(
      recorded.map((ride) => history.finished.get(ride.id) ?? []),
      todayDay,
    );
    recorded.forEach((ride, index) => {
      const days = history.finished.get(ride.id) ?? [];
      const model = waitModels[index];
      if (!model) return;
      rides.set(ride.id, { ride, model, typicalMidday: typicalMidday(days, todayDay) });
    });
    const rideList = [...rides.values()];
    const histories = rideList.map(({ ride }) => history.finished.get(ride.id) ?? []);
    const middays = rideList.map(({ typicalMidday: value }) => value);
    const observed = observedIndex(histories, middays, Number.NEGATIVE_INFINITY, todayDay - 1);
    const scaleValues = [...observed.entries()]
      .filter(([day]) => day >= todayDay - YEAR_DAYS)
      .map(([, index]) => index);
    const { accuracy, indexRatios } = this.accuracy(histories, todayDay);
    const fit: DayFit = {
      day: todayDay,
      rides,
      observed,
      scale: crowdScale(scaleValues),
      scaleDays: scaleValues.length,
      accuracy,
      // The level range: the index's own past errors once 20 days were scored; before that, the
      // square root of the hourly bands (a day's index averages hours and rides, so it errs less).
      range:
        indexRatios.length >= 20
          ? { lower: quantile(indexRatios, 0.1), upper: quantile(indexRatios, 0.9) }
          : undefined,
    };
    this.dayFits.set(park.key, fit);
    return fit;
  }

  private store_(park: Park, models: ParkModels): ParkModels {
    this.cache.set(park.key, models);
    return models;
  }

  /**
   * Today's index once the park has an hour of waits: each ride's waits so far over its typical
   * waits for the same weekday and hours, times that weekday's typical midday over the ride's
   * overall typical midday (so it reads on the same scale as finished days).
   */
  private todayIndex(
    rides: readonly RideModel[],
    today: ReadonlyMap<string, HourlyDay>,
    todayDay: number,
  ): number {
    let samples = 0;
    const levels: number[] = [];
    const weekday = weekdayOf(todayDay);
    for (const { ride, model, typicalMidday: midday } of rides) {
      const entry = today.get(ride.id);
      if (!entry || !(midday > 0)) continue;
      let observedSum = 0;
      let typicalSum = 0;
      for (let hour = 0; hour < 24; hour++) {
        samples += entry.counts[hour] ?? 0;
        const mean = entry.means[hour] ?? Number.NaN;
        const usual = model.typical.means[weekday * 24 + hour] ?? Number.NaN;
        if (Number.isNaN(mean) || Number.isNaN(usual)) continue;
        observedSum += mean;
        typicalSum += usual;
      }
      const weekdayMidday: number[] = [];
      for (let hour = MIDDAY_FIRST_HOUR; hour <= MIDDAY_LAST_HOUR; hour++) {
        weekdayMidday.push(model.typical.means[weekday * 24 + hour] ?? Number.NaN);
      }
      const middayOfWeekday = meanOfFinite(weekdayMidday);
      if (typicalSum > 0 && middayOfWeekday > 0)
        levels.push((observedSum / typicalSum) * (middayOfWeekday / midday));
    }
    // "An hour of waits": the rides together reported at least an hour's worth of samples per ride.
    return samples >= SAMPLES_PER_HOUR * Math.max(1, levels.length) ? meanOfFinite(levels) : Number.NaN;
  }

  private async forecast(
    park: Park,
    rides: readonly RideModel[],
    observed: ReadonlyMap<number, number>,
    history: ParkHistory,
    scale: CrowdScale,
    todayDay: number,
    todayIndex: number,
    range: { lower: number; upper: number } | undefined,
  ): Promise<{ days: CrowdForecastDay[]; calendar: Map<number, number> }> {
    const calendar = new Map<number, number>();
    const usualHours = meanOfFinite([...history.hours.values()].filter((hours) => hours > 0));
    const hoursOf = new Map(history.hours);
    for (let offset = 0; offset < FORECAST_DAYS; offset++) {
      const day = todayDay + offset;
      // A real upstream publishes a few days of schedule only: a later day's hours are unknown
      // (no long-hours driver), not a reason to fail the whole park's models.
      const schedule = await this.schedule.readSchedule(park, isoDateOf(day)).catch((error: unknown) => {
        if (error instanceof UpstreamError) return undefined;
        throw error;
      });
      if (schedule) hoursOf.set(day, operatingHours(schedule));
    }
    const flagsCache = new Map<number, CalendarFlags>();
    const flagsOf = (day: number) => {
      let flags = flagsCache.get(day);
      if (!flags) {
        flags = calendarFlags(park.key, day);
        flagsCache.set(day, flags);
      }
      return flags;
    };
    const driversOf = (day: number): DayDrivers => {
      const flags = flagsOf(day);
      const hours = hoursOf.get(day) ?? Number.NaN;
      return {
        holiday: flags.holiday !== null,
        school_break: flags.school_break !== null,
        event_night: flags.event_night !== null,
        hours_length: usualHours > 0 && hours >= usualHours + 1,
      };
    };
    const effects = learnCalendarEffects(
      observed,
      driversOf,
      weekdayOf,
      todayDay - DEFAULT_WAIT_MODEL_OPTIONS.recentDays,
    );
    const predictors = rides.map(({ model, typicalMidday: midday }) => ({
      predict: model.predict,
      typicalMidday: midday,
    }));
    const weekdayIndex = this.weekdayIndex(observed);
    const recentLevel = meanOfFinite(rides.map(({ model }) => model.recentLevel));
    const days: CrowdForecastDay[] = [];
    for (let offset = 0; offset < FORECAST_DAYS; offset++) {
      const day = todayDay + offset;
      const drivers = driversOf(day);
      const base = predictedIndex(predictors, day);
      const observedToday = offset === 0 && !Number.isNaN(todayIndex);
      const multiplier = calendarMultiplier(effects, drivers);
      calendar.set(day, multiplier);
      const index = observedToday ? todayIndex : base * multiplier;
      if (Number.isNaN(index)) continue;
      const band = horizonBandOf(Math.max(1, offset));
      const lower = observedToday
        ? 1
        : (range?.lower ?? meanOfFinite(rides.map(({ model }) => Math.sqrt(model.bands.lower[band] ?? 1))));
      const upper = observedToday
        ? 1
        : (range?.upper ?? meanOfFinite(rides.map(({ model }) => Math.sqrt(model.bands.upper[band] ?? 1))));
      const flags = flagsOf(day);
      const season = meanOfFinite(rides.map(({ model }) => model.dayLevel(day) / model.recentLevel));
      const list: CrowdDriver[] = [
        {
          driver: 'weekday',
          effect: round(weekdayIndex[weekdayOf(day)] ?? 1, 3),
          detail: `${DateTime.fromISO(isoDateOf(day), { zone: 'UTC' }).setLocale('en').toFormat('cccc')}s against the park's average day`,
        },
        {
          driver: 'season',
          effect: round(Number.isFinite(season) ? season : 1, 3),
          detail:
            'Change seen from now to this time of year in earlier years (1 until a year of history exists)',
        },
        {
          driver: 'recent_trend',
          effect: round(Number.isFinite(recentLevel) ? recentLevel : 1, 3),
          detail: `Waits of the last ${Math.min(...DEFAULT_WAIT_MODEL_OPTIONS.recentWindows)}-${Math.max(...DEFAULT_WAIT_MODEL_OPTIONS.recentWindows)} days against typical`,
        },
      ];
      const hours = hoursOf.get(day) ?? 0;
      list.push({
        driver: 'hours_length',
        effect: round(drivers.hours_length ? effects.hours_length.effect : 1, 3),
        detail: `${round(hours, 1)} operating hours (usually ${Number.isFinite(usualHours) ? round(usualHours, 1) : 'unknown'})`,
      });
      const named: readonly [CalendarDriver, string | null][] = [
        ['holiday', flags.holiday],
        ['school_break', flags.school_break],
        ['event_night', flags.event_night],
      ];
      for (const [driver, name] of named) {
        if (name === null) continue;
        const learned: LearnedEffect = effects[driver];
        list.push({
          driver,
          effect: round(learned.effect, 3),
          detail: `${name} (effect learned from ${learned.days} recorded day${learned.days === 1 ? '' : 's'})`,
        });
      }
      days.push({
        date: isoDateOf(day),
        day,
        index: round(index, 3),
        level: crowdLevel(index, scale),
        level_low: crowdLevel(index * Math.min(1, lower), scale),
        level_high: crowdLevel(index * Math.max(1, upper), scale),
        basis: observedToday ? 'observed' : 'forecast',
        drivers: list,
      });
    }
    return { days, calendar };
  }

  /** Each weekday's mean observed index over the park's average day. */
  private weekdayIndex(observed: ReadonlyMap<number, number>): number[] {
    const byWeekday: number[][] = Array.from({ length: 7 }, () => []);
    for (const [day, index] of observed) byWeekday[weekdayOf(day)]?.push(index);
    const overall = meanOfFinite([...observed.values()]);
    return byWeekday.map((values) => {
      const mean = meanOfFinite(values);
      return overall > 0 && Number.isFinite(mean) ? mean / overall : 1;
    });
  }

  /**
   * The forecast's accuracy on the recorded history: at earlier origins (every 7 days, the latest
   * 31 days back so all 30 target days are finished), models fitted on the days before each origin
   * only, scored on the crowd level and the hourly waits of the following 30 days.
   */
  private accuracy(
    histories: readonly HourlyDay[][],
    todayDay: number,
  ): { accuracy: CrowdAccuracy; indexRatios: number[] } {
    const indexRatios: number[] = [];
    let origins = 0;
    let days = 0;
    let levelError = 0;
    let within1 = 0;
    let within2 = 0;
    let waitError = 0;
    let typicalError = 0;
    let hours = 0;
    for (let k = 0; k < 8; k++) {
      const origin = todayDay - 31 - 7 * k;
      const fits = histories.map((list) => list.filter((entry) => entry.day < origin));
      if (fits.every((list) => list.length < 14)) break;
      origins++;
      const models = fitParkPointModels(fits, origin);
      const middays = fits.map((list) => typicalMidday(list, origin));
      const scale = crowdScale([...observedIndex(fits, middays, origin - YEAR_DAYS, origin - 1).values()]);
      const actual = observedIndex(histories, middays, origin + 1, origin + FORECAST_DAYS);
      const predictors = models.map((model, ride) => ({
        predict: model.predict,
        typicalMidday: middays[ride] ?? Number.NaN,
      }));
      for (const [day, index] of actual) {
        const predicted = predictedIndex(predictors, day);
        if (Number.isNaN(predicted)) continue;
        if (predicted > 0 && index > 0) indexRatios.push(index / predicted);
        const error = Math.abs(crowdLevel(predicted, scale) - crowdLevel(index, scale));
        days++;
        levelError += error;
        if (error <= 1) within1++;
        if (error <= 2) within2++;
      }
      histories.forEach((list, ride) => {
        const model = models[ride];
        if (!model) return;
        for (const entry of list) {
          if (entry.day <= origin || entry.day > origin + FORECAST_DAYS) continue;
          for (let hour = 8; hour <= 21; hour++) {
            if ((entry.counts[hour] ?? 0) < 2) continue;
            const predicted = model.predict(entry.day, hour);
            const usual = model.typical.means[weekdayOf(entry.day) * 24 + hour] ?? Number.NaN;
            const value = entry.means[hour] ?? Number.NaN;
            if (Number.isNaN(predicted) || Number.isNaN(usual) || Number.isNaN(value)) continue;
            waitError += Math.abs(predicted - value);
            typicalError += Math.abs(usual - value);
            hours++;
          }
        }
      });
    }
    return {
      accuracy: {
        origins,
        days_scored: days,
        mae_levels: days > 0 ? round(levelError / days) : null,
        within_1: days > 0 ? round(within1 / days, 3) : null,
        within_2: days > 0 ? round(within2 / days, 3) : null,
        wait_mae_minutes: hours > 0 ? round(waitError / hours) : null,
        typical_mae_minutes: hours > 0 ? round(typicalError / hours) : null,
      },
      indexRatios,
    };
  }
}

export const DRIVER_NAMES: readonly CrowdDriver['driver'][] = [
  'weekday',
  'season',
  'recent_trend',
  ...CALENDAR_DRIVERS,
];
