/**
 * The touring plans on recorded waits: on every park day of the models backtest's 365-day window on
 * which two or more of the park's recorded attractions operated (six or more readings), a party
 * rides all of them from the park's published opening, and each strategy's order is scored on the
 * day's recorded posted waits (`plans-day.ts`). The models are fitted as the models backtest fits
 * them (`origins.ts`: the same rolling origins, each fit shown only the days before its origin), and
 * a day is planned with the fit of the latest origin before it, as the service would hold it the
 * evening before (at most 30 days old).
 *
 * Strategies, on the same days: `plan` (the best order on that fit's forecast), `live` (re-planned
 * at the opening and each ride's end, as the service plans today: every ride, the next one too,
 * at the park's nowcast from the day's readings so far with the ride's posted wait now fading into
 * it), `no_plan` (the mean over every order),
 * `shortest_wait_now`, `typical` (the best order on weekday-hour typical waits before the origin)
 * and `hindsight` (the best order on the day's recorded waits). `captured` is the share of
 * hindsight's saving over no_plan a strategy recovers, pooled over days as a sum of savings.
 */
import type { ParkCalendar } from '../models/calendar-features.js';
import { weekdayOf, type HourlyDay } from '../models/hourly-history.js';
import type { WaitReading } from '../models/actual-wait-fit.js';
import { typicalWaits } from '../models/typical-waits.js';
import { parkWaitModelsSteps, type ParkWaitModels } from '../models/wait-model.js';
import { runSteps } from '../lib/steps.js';
import {
  morningOf,
  rollingOrigins,
  splitAt,
  windowEnd,
  HORIZON_DAYS,
  type BacktestAttraction,
} from './origins.js';
import {
  bestOrder,
  halfHourlyMeans,
  hindsight,
  hourlyView,
  meanOverOrders,
  optimiseDecision,
  optimiseNoIdle,
  postedNow,
  replanLive,
  scoreOrder,
  shortestWaitNow,
  type DayRide,
  type Optimiser,
  type RecordedDay,
  type TourDay,
  type WaitView,
} from './plans-day.js';
import { round } from './scoring.js';
import { Catalog } from '../catalog/catalog.js';
import { catalogWalks, CONSTANT_WALK_MINUTES, type RecordedWalks } from './plans-walks.js';
import { POSTED_RATIO_FADE_MINUTES, postedFadedWait } from '../services/plan.js';

export const STRATEGIES = ['plan', 'live', 'no_plan', 'shortest_wait_now', 'typical', 'hindsight'] as const;
export type Strategy = (typeof STRATEGIES)[number];
export const CAPTURING = ['plan', 'live', 'shortest_wait_now', 'typical'] as const;
export type Capturing = (typeof CAPTURING)[number];

/** Yardsticks, not strategies: what a plan reaches when told part of the day in hindsight. */
export const BOUNDS = ['half_hourly_mean', 'hourly_shape', 'day_level', 'live_day_level'] as const;
export type Bound = (typeof BOUNDS)[number];

export interface PlanAttraction extends BacktestAttraction {
  /** Every posted reading as recorded (any order). */
  readonly postedWaits: readonly WaitReading[];
  /** Minutes the ride takes; `DEFAULT_RIDE_MINUTES` when unknown. */
  readonly rideMinutes?: number;
}

export interface PlanScore {
  readonly days_scored: number;
  readonly rides_per_day: number;
  readonly wait_minutes_per_day: Record<Strategy, number>;
  readonly captured: Record<Capturing, number>;
  /**
   * A wait per day that no order beats on the recorded waits: hindsight's own where its order is
   * proven best (always up to six rides a day), below it where a wait fell faster than the clock.
   */
  readonly hindsight_lower_bound: number;
  /**
   * Days of more rides than the labels' programme reaches (`PROGRAMME_RIDES`), whose hindsight is
   * the service's search's order, not a proven best: `hindsight_lower_bound` bounds them.
   */
  readonly hindsight_searched_days: number;
  /** With `bound`: the yardsticks' waits and captures on the same days. */
  readonly bounds?: {
    readonly wait_minutes_per_day: Record<Bound, number>;
    readonly captured: Record<Bound, number>;
  };
  /** With `liveVariants`: each variant of `live` (by `liveVariantName`), its wait per day and capture. */
  readonly live_variants?: Record<string, { wait_minutes_per_day: number; captured: number }>;
}

export interface ParkPlanScore extends PlanScore {
  readonly park: string;
}

export interface PlanBacktestResult {
  readonly parks: ParkPlanScore[];
  readonly pooled: PlanScore;
}

/** How `live` re-plans: what it trusts for the next ride and for the rest of the day. */
export interface LiveOptions {
  /** `posted`: the wait posted now; `view`: the same view as the rest. */
  readonly next: 'posted' | 'view';
  /**
   * The rest of the day: `nowcast` (the park's nowcast from the hours before this one, as the
   * service serves it), `sqrt` (the forecast scaled by the square root of each ride's ratio to it
   * so far), `forecast` (the evening's forecast unchanged), `fade` (the nowcast, each ride's
   * ratio of its posted wait now to it fading out with the lead time), `day_level` (a yardstick,
   * not a strategy: as `fade`, but over the evening's forecast at each ride's own level that day,
   * known in hindsight: what re-planning reaches with a perfect nowcast of the day's level).
   */
  readonly rest: 'nowcast' | 'sqrt' | 'forecast' | 'fade' | 'day_level';
  /** How fast the posted wait's ratio fades (`fade`, `day_level`); the service's when absent. */
  readonly fadeMinutes?: number;
}

/**
 * The service's rule (`src/services/plan.ts`): it reads every ride's wait, the next ride's too, on
 * the nowcast with the posted wait fading in from now, so the next ride's is the posted wait faded
 * over the walk to it.
 */
export const DEFAULT_LIVE_OPTIONS: LiveOptions = { next: 'view', rest: 'fade' };

/** A variant's name in `live_variants`: `next/rest`, and `@minutes` of a fade not the service's. */
export const liveVariantName = ({ next, rest, fadeMinutes }: LiveOptions) =>
  `${next}/${rest}${fadeMinutes === undefined ? '' : `@${fadeMinutes}`}`;

export interface PlanBacktestOptions {
  /** The last day of the window (a day number); each park's last recorded day when absent. */
  readonly until?: number;
  /** Each park's calendar (its published opening of each day among it), by park name. */
  readonly calendars?: ReadonlyMap<string, ParkCalendar>;
  /** Also score the yardsticks (`bounds`). */
  readonly bound?: boolean;
  readonly live?: LiveOptions;
  /** Also score these variants of `live` on the same days (`live_variants`). */
  readonly liveVariants?: readonly LiveOptions[];
  /**
   * The optimiser of every strategy; when absent, `optimiseNoIdle` for the orders made once a day
   * and `optimiseDecision` (a smaller search past the programme's reach) for `live`'s decisions.
   */
  readonly optimise?: Optimiser;
  /**
   * Walking minutes between two stops of a park's day (ride file names, `entrance` for the
   * entrance); the catalog's locations at normal pace (`plans-walks.ts`) when absent.
   */
  readonly walkMinutes?: RecordedWalks;
  readonly onPark?: (park: string, index: number, total: number) => void;
}

/** Readings a ride needs on a day to count as operating. */
export const MIN_DAY_READINGS = 6;
/** Minutes a ride takes when its metadata does not say. */
export const DEFAULT_RIDE_MINUTES = 5;
/** Added to waits before their ratio is taken, as the nowcast does. */
const RATIO_OFFSET = 2;

/** A ride's posted readings grouped by park day, minutes since that day's midnight, ascending. */
export function recordedDays(
  readings: readonly WaitReading[],
  from: number,
  to: number,
): Map<number, RecordedDay> {
  const byDay = new Map<number, { minute: number; wait: number }[]>();
  for (const { day, minute, minutes } of readings) {
    if (day < from || day > to || !Number.isFinite(minutes) || minutes < 0) continue;
    let sinceMidnight = minute - day * 1440;
    // A stamp on another date than its park day is read by its clock time alone.
    if (sinceMidnight < 0 || sinceMidnight >= 1440 + 360) sinceMidnight = ((minute % 1440) + 1440) % 1440;
    const list = byDay.get(day) ?? [];
    list.push({ minute: sinceMidnight, wait: minutes });
    byDay.set(day, list);
  }
  const days = new Map<number, RecordedDay>();
  for (const [day, list] of byDay) {
    list.sort((a, b) => a.minute - b.minute);
    days.set(day, {
      minutes: Float64Array.from(list, (reading) => reading.minute),
      waits: Float64Array.from(list, (reading) => reading.wait),
    });
  }
  return days;
}

/**
 * The park's opening that day, minutes since midnight: the published one from the calendar, else
 * (a day past the calendar's end) the median of the rides' first readings, to the half hour.
 */
function openingOf(calendar: ParkCalendar | undefined, day: number, rides: readonly DayRide[]): number {
  const published = calendar?.(day)?.opens;
  if (published !== undefined && Number.isFinite(published)) return published * 60;
  const firsts = rides.map((ride) => ride.recorded.minutes[0] ?? 0).sort((a, b) => a - b);
  return Math.round((firsts[firsts.length >> 1] ?? 0) / 30) * 30;
}

/** Summed waits of every strategy and yardstick over the days scored. */
class PlanSums {
  days = 0;
  rides = 0;
  readonly waits = new Map<string, number>();

  add(waits: ReadonlyMap<string, number>, rides: number): void {
    this.days++;
    this.rides += rides;
    for (const [name, wait] of waits) this.waits.set(name, (this.waits.get(name) ?? 0) + wait);
  }

  merge(other: PlanSums): void {
    this.days += other.days;
    this.rides += other.rides;
    for (const [name, wait] of other.waits) this.waits.set(name, (this.waits.get(name) ?? 0) + wait);
  }

  score(bound: boolean, variants: readonly string[] = []): PlanScore {
    const total = (name: string) => this.waits.get(name) ?? Number.NaN;
    const perDay = (name: string) => round(this.days > 0 ? total(name) / this.days : Number.NaN);
    const saving = total('no_plan') - total('hindsight');
    const captured = (name: string) =>
      round(saving > 0 ? (total('no_plan') - total(name)) / saving : Number.NaN, 3);
    const record = <K extends Strategy | Bound>(names: readonly K[], of: (name: K) => number) =>
      Object.fromEntries(names.map((name) => [name, of(name)])) as Record<K, number>;
    return {
      days_scored: this.days,
      rides_per_day: round(this.days > 0 ? this.rides / this.days : Number.NaN),
      wait_minutes_per_day: record(STRATEGIES, perDay),
      captured: record(CAPTURING, captured),
      hindsight_lower_bound: perDay('hindsight_lower_bound'),
      hindsight_searched_days: this.waits.get('hindsight_searched') ?? 0,
      ...(bound
        ? { bounds: { wait_minutes_per_day: record(BOUNDS, perDay), captured: record(BOUNDS, captured) } }
        : {}),
      ...(variants.length > 0
        ? {
            live_variants: Object.fromEntries(
              variants.map((name) => [
                name,
                { wait_minutes_per_day: perDay(`live ${name}`), captured: captured(`live ${name}`) },
              ]),
            ),
          }
        : {}),
    };
  }
}

/** A forecast's hourly values 0-23 as a view of one ride's day (NaN hours are bridged). */
function forecastHours(predict: (hour: number) => number | undefined): number[] {
  return Array.from({ length: 24 }, (_, hour) => predict(hour) ?? Number.NaN);
}

/** What one scored day needs of the park's fit at its origin. */
interface DayModels {
  readonly park: ParkWaitModels;
  /** Each park ride's typical waits before the origin. */
  readonly typical: readonly Float64Array[];
  /** Each park ride's hourly readings of the day (the nowcast's input). */
  readonly entries: readonly (HourlyDay | undefined)[];
}

/** Scores one park day: every strategy's wait (and the yardsticks' with `bound`). */
function scoreDay(
  day: TourDay,
  dayNumber: number,
  parkIndex: readonly number[],
  models: DayModels,
  {
    bound,
    live,
    liveVariants,
    optimise,
    decide,
  }: {
    bound: boolean;
    live: LiveOptions;
    liveVariants: readonly LiveOptions[];
    optimise: Optimiser;
    /** The optimiser of `live`'s decisions. */
    decide: Optimiser;
  },
): Map<string, number> {
  const waits = new Map<string, number>();
  const score = (order: readonly number[]) => scoreOrder(day, order).waitMinutes;
  const all = day.rides.map((_, i) => i);
  const best = (view: WaitView) => score(bestOrder(day, optimise, view, all, day.opening));
  const views = (hours: readonly number[][]): WaitView => {
    const byRide = hours.map(hourlyView);
    return (ride, minute) => byRide[ride]?.(minute) ?? 0;
  };
  const weekdayBase = weekdayOf(dayNumber) * 24;
  const forecast = parkIndex.map((index) =>
    forecastHours((hour) => models.park.rides[index]?.forecast(dayNumber, hour)?.predicted),
  );
  const typical = parkIndex.map((index) =>
    forecastHours((hour) => models.typical[index]?.[weekdayBase + hour]),
  );

  const limit = hindsight(day);
  waits.set('hindsight', limit.waitMinutes);
  waits.set('hindsight_lower_bound', limit.lowerBoundMinutes);
  waits.set('hindsight_searched', limit.searched ? 1 : 0);
  waits.set('no_plan', meanOverOrders(day));
  waits.set('shortest_wait_now', score(shortestWaitNow(day)));
  waits.set('typical', best(views(typical)));
  const forecastView = views(forecast);
  waits.set('plan', best(forecastView));
  waits.set(
    'live',
    score(liveOrder(day, dayNumber, parkIndex, models, forecast, forecastView, live, decide)),
  );

  for (const variant of liveVariants) {
    const order = liveOrder(day, dayNumber, parkIndex, models, forecast, forecastView, variant, decide);
    waits.set(`live ${liveVariantName(variant)}`, score(order));
  }
  const atDayLevel = (): WaitView => {
    const levelled = dayLevelled(day, forecast).map(hourlyView);
    return (ride, minute) => levelled[ride]?.(minute) ?? 0;
  };
  if (bound) {
    const halfHourly = day.rides.map((ride) => halfHourlyMeans(ride.recorded));
    waits.set(
      'half_hourly_mean',
      best((ride, minute) => halfHourly[ride]?.(minute) ?? 0),
    );
    // Each ride's course through the day in hindsight, at the forecast's level for the day.
    const shapes = day.rides.map((ride, i) => {
      const means = halfHourly[i] ?? (() => 0);
      const hours = Array.from({ length: 24 }, (_, hour) => {
        const inside = ride.recorded.minutes.some((minute) => minute >= hour * 60 && minute < hour * 60 + 60);
        return inside ? means(hour * 60 + 30) : Number.NaN;
      });
      const ownLevel = meanKnown(hours);
      const forecastLevel = meanKnown(
        hours.map((value, hour) =>
          Number.isFinite(value) ? (forecast[i]?.[hour] ?? Number.NaN) : Number.NaN,
        ),
      );
      const scale = ownLevel > 0 && forecastLevel > 0 ? forecastLevel / ownLevel : 1;
      return hours.map((value) => value * scale);
    });
    waits.set('hourly_shape', best(views(shapes)));
    const levelView = atDayLevel();
    waits.set('day_level', best(levelView));
    waits.set(
      'live_day_level',
      score(
        liveOrder(
          day,
          dayNumber,
          parkIndex,
          models,
          forecast,
          forecastView,
          { ...live, rest: 'day_level' },
          decide,
          levelView,
        ),
      ),
    );
  }
  return waits;
}

/**
 * Each ride's forecast hours at the ride's own level that day, in hindsight: scaled by the ratio
 * of its recorded waits to the forecast at the same minutes (offset as the nowcast's ratios are).
 */
function dayLevelled(day: TourDay, forecast: readonly number[][]): number[][] {
  return day.rides.map((ride, i) => {
    const hours = forecast[i] ?? [];
    const view = hourlyView(hours);
    let observed = 0;
    let expected = 0;
    ride.recorded.minutes.forEach((minute, reading) => {
      observed += ride.recorded.waits[reading] ?? 0;
      expected += view(minute);
    });
    const count = ride.recorded.minutes.length;
    const ratio = count > 0 ? (observed / count + RATIO_OFFSET) / (expected / count + RATIO_OFFSET) : 1;
    return hours.map((value) => Math.max(0, (value + RATIO_OFFSET) * ratio - RATIO_OFFSET));
  });
}

function meanKnown(values: readonly number[]): number {
  const known = values.filter((value) => Number.isFinite(value));
  return known.length > 0 ? known.reduce((sum, value) => sum + value, 0) / known.length : Number.NaN;
}

/** `live`: the order re-planned at each decision from the day's readings up to it. */
function liveOrder(
  day: TourDay,
  dayNumber: number,
  parkIndex: readonly number[],
  models: DayModels,
  forecast: readonly number[][],
  forecastView: WaitView,
  options: LiveOptions,
  optimise: Optimiser,
  /** The day's forecast at each ride's own level (`day_level` only). */
  levelView: WaitView = forecastView,
): number[] {
  const nowcastViews = new Map<number, WaitView>();
  const nowcastAt = (at: number): WaitView => {
    const cutHour = Math.floor(at / 60);
    let view = nowcastViews.get(cutHour);
    if (!view) {
      const nowcasts = models.park.nowcast(dayNumber, {
        readings: models.entries.map((entry) => morningOf(entry, cutHour)),
        cutHour,
      });
      const hours = parkIndex.map((index) => forecastHours((hour) => nowcasts[index]?.(hour)?.predicted));
      const byRide = hours.map(hourlyView);
      view = (ride, minute) => byRide[ride]?.(minute) ?? 0;
      nowcastViews.set(cutHour, view);
    }
    return view;
  };
  const squareRootAt = (at: number): WaitView => {
    const scales = day.rides.map((ride, i) => {
      let observed = 0;
      let expected = 0;
      const view = hourlyView(forecast[i] ?? []);
      ride.recorded.minutes.forEach((minute, reading) => {
        if (minute > at) return;
        observed += ride.recorded.waits[reading] ?? 0;
        expected += view(minute);
      });
      return Math.sqrt((observed + RATIO_OFFSET) / (expected + RATIO_OFFSET));
    });
    return (ride, minute) => forecastView(ride, minute) * (scales[ride] ?? 1);
  };
  // The service's fade at another pace: its lead read as a lead that much longer or shorter.
  const leadScale = POSTED_RATIO_FADE_MINUTES / (options.fadeMinutes ?? POSTED_RATIO_FADE_MINUTES);
  // As the service plans today: its nowcast, each ride's posted wait now fading into it.
  const fadeAt = (at: number, base: WaitView): WaitView => {
    const posted = day.rides.map((ride) => postedNow(ride.recorded, at));
    return (ride, minute) => {
      const postedNowOfRide = posted[ride];
      const forecast = base(ride, minute);
      return postedNowOfRide === undefined
        ? forecast
        : postedFadedWait(forecast, (minute - at) * leadScale, postedNowOfRide, base(ride, at));
    };
  };
  const restAt =
    options.rest === 'nowcast'
      ? nowcastAt
      : options.rest === 'sqrt'
        ? squareRootAt
        : options.rest === 'fade'
          ? (at: number) => fadeAt(at, nowcastAt(at))
          : options.rest === 'day_level'
            ? (at: number) => fadeAt(at, levelView)
            : () => forecastView;
  return replanLive(
    day,
    optimise,
    (ride, at, arrive) => {
      const recorded = day.rides[ride]?.recorded;
      const posted = options.next === 'posted' && recorded ? postedNow(recorded, at) : undefined;
      return posted ?? restAt(at)(ride, arrive);
    },
    restAt,
  );
}

/** Runs the touring-plan backtest over every park of `attractions`. */
export function runPlanBacktest(
  attractions: readonly PlanAttraction[],
  {
    until,
    calendars,
    bound = false,
    live = DEFAULT_LIVE_OPTIONS,
    liveVariants = [],
    optimise,
    walkMinutes = catalogWalks(Catalog.load(), attractions),
    onPark,
  }: PlanBacktestOptions = {},
): PlanBacktestResult {
  const byPark = new Map<string, PlanAttraction[]>();
  for (const attraction of attractions) {
    const list = byPark.get(attraction.park) ?? [];
    list.push(attraction);
    byPark.set(attraction.park, list);
  }
  const variantNames = liveVariants.map(liveVariantName);
  const parkNames = [...byPark.keys()].sort((a, b) => a.localeCompare(b));
  const pooled = new PlanSums();
  const parks: ParkPlanScore[] = [];
  parkNames.forEach((parkName, parkNumber) => {
    onPark?.(parkName, parkNumber, parkNames.length);
    const rides = byPark.get(parkName) ?? [];
    const histories = rides.map(({ history }) =>
      until === undefined ? history : history.filter((entry) => entry.day <= until),
    );
    const ends = histories.flatMap((history) => {
      const end = windowEnd(history, until);
      return end === undefined ? [] : [end];
    });
    const sums = new PlanSums();
    if (ends.length > 0) {
      const lastDay = Math.max(...ends);
      const origins = rollingOrigins(lastDay);
      const recorded = rides.map(({ postedWaits }) => recordedDays(postedWaits, origins[0] ?? 0, lastDay));
      const calendar = calendars?.get(parkName);
      for (const [k, origin] of origins.entries()) {
        // A day is planned with the latest origin's fit before it.
        const nextOrigin = origins[k + 1] ?? Number.POSITIVE_INFINITY;
        const days = new Set<number>();
        for (const byDay of recorded)
          for (const day of byDay.keys())
            if (day > origin && day <= origin + HORIZON_DAYS && day <= lastDay && !(day > nextOrigin))
              days.add(day);
        if (days.size === 0) continue;
        const splits = histories.map((history) => splitAt(history, origin));
        const park = runSteps(
          parkWaitModelsSteps(
            splits.map(({ fit }) => fit),
            origin,
            calendar,
          ),
        );
        const typical = splits.map(({ fit }) => typicalWaits(fit, origin).means);
        const entriesByDay = splits.map(({ scored }) => new Map(scored.map((entry) => [entry.day, entry])));
        for (const dayNumber of [...days].sort((a, b) => a - b)) {
          const parkIndex: number[] = [];
          const dayRides: DayRide[] = [];
          rides.forEach((ride, index) => {
            const day = recorded[index]?.get(dayNumber);
            if (!day || day.minutes.length < MIN_DAY_READINGS) return;
            parkIndex.push(index);
            dayRides.push({
              id: ride.attraction,
              rideMinutes: ride.rideMinutes ?? DEFAULT_RIDE_MINUTES,
              recorded: day,
            });
          });
          if (dayRides.length < 2) continue;
          // The day's walks once: a search past the programme's reach reads them for every problem.
          const fromEntrance = dayRides.map((ride) => walkMinutes(parkName, 'entrance', ride.id));
          const walks = dayRides.map((from) => dayRides.map((to) => walkMinutes(parkName, from.id, to.id)));
          const tour: TourDay = {
            rides: dayRides,
            opening: openingOf(calendar, dayNumber, dayRides),
            walkMinutes: (from, to) =>
              (from === 'entrance' ? fromEntrance[to] : walks[from]?.[to]) ?? CONSTANT_WALK_MINUTES,
          };
          const models: DayModels = {
            park,
            typical,
            entries: entriesByDay.map((byDay) => byDay.get(dayNumber)),
          };
          sums.add(
            scoreDay(tour, dayNumber, parkIndex, models, {
              bound,
              live,
              liveVariants,
              optimise: optimise ?? optimiseNoIdle,
              decide: optimise ?? optimiseDecision,
            }),
            dayRides.length,
          );
        }
      }
    }
    pooled.merge(sums);
    parks.push({ park: parkName, ...sums.score(bound, variantNames) });
  });
  return { parks, pooled: pooled.score(bound, variantNames) };
}
