/**
 * Touring plans: the order of a party's rides on a park-local date that spends the least expected
 * time in standby lines, from the models' hourly predictions (today on live data: the nowcast, the
 * posted wait now fading into it, rides down now kept out until their expected reopening, and each
 * ride's priority lane return window on offer now beside its step). The problem is
 * built here; the optimiser (`models/plan/optimise.ts`) orders it and the baselines
 * (`models/plan/baselines.ts`) state what the same rides cost without a plan.
 */
import { DateTime } from 'luxon';
import type { Attraction, GeoLocation, Park } from '../catalog/types.js';
import type { Clock } from '../lib/clock.js';
import { hourBoundaries, localDate, startOfLocalDay } from '../lib/time.js';
import type { LiveState } from '../live/live-state.js';
import type { LiveEntry, PriorityLaneWindow } from '../live/types.js';
import { dayNumber } from '../models/hourly-history.js';
import { givenOrderWait, shortestWaitNowWait } from '../models/plan/baselines.js';
import { optimisePlanAsync, type SearchStartRunner } from '../models/plan/optimise.js';
import type { MinuteWindow, PlanProblem, PlanResult, PlanRide } from '../models/plan/types.js';
import { walkMinutes, type WalkingPace } from '../models/plan/walking.js';
import type { HourForecast } from '../models/wait-bands.js';
import { recordedOperatingWindow } from './best-times.js';
import type { ParkModelService, ParkModels } from './models/index.js';
import type { OutageService } from './outages.js';
import type { ParkHoursService } from './park-hours.js';

/** The most rides one plan takes. */
export const PLAN_MAX_RIDES = 25;
/** Walk minutes where the catalog lacks a ride's location (a typical walk between two rides). */
export const UNKNOWN_WALK_MINUTES = 8;
/** Ride minutes where the catalog lacks a ride's duration. */
export const UNKNOWN_RIDE_MINUTES = 5;
/** A step joined this soon is the next ride: the live data's estimate of its actual wait applies. */
const NEXT_RIDE_MINUTES = 20;
/**
 * Minutes over which a ride's ratio of its posted wait now to the nowcast fades by a factor e: the
 * posted wait tells the next ride's wait, and for a while how the ride runs against its nowcast;
 * further ahead the nowcast's course of the day is the better guide (docs/plans.md, backtested).
 */
export const POSTED_RATIO_FADE_MINUTES = 45;
/** Added to waits before their ratio is taken, as the nowcast does. */
const RATIO_OFFSET = 2;

/**
 * A forecast wait `leadMinutes` after now, told the ride's posted wait now and its forecast for
 * now: the forecast scaled by their ratio, which fades with the lead time (the posted wait itself
 * at no lead).
 */
export function postedFadedWait(
  forecast: number,
  leadMinutes: number,
  postedNow: number,
  forecastNow: number,
): number {
  const ratio = (postedNow + RATIO_OFFSET) / (forecastNow + RATIO_OFFSET);
  const weight = Math.exp(-Math.max(0, leadMinutes) / POSTED_RATIO_FADE_MINUTES);
  return Math.max(0, (forecast + RATIO_OFFSET) * ratio ** weight - RATIO_OFFSET);
}
/**
 * Up to this many rides the order is proven best (the issue asks it to about ten); beyond, the
 * exact programme's time grows past what a request may take, and the bounded search orders them.
 */
const EXACT_RIDE_LIMIT = 10;
const DOWN_STATUSES: ReadonlySet<LiveEntry['status']> = new Set(['DOWN', 'BRIEF_DELAY', 'WEATHER_DELAY']);
const MINUTE_MS = 60_000;

/** A park-local wall-clock window `HH:MM`-`HH:MM` on the plan's date. */
export interface LocalWindow {
  readonly start: string;
  readonly end: string;
}

export interface PlanRequest {
  readonly park: Park;
  readonly date: string;
  /** The rides to plan, distinct, all of `park`, in the order the party gave them. */
  readonly rides: readonly Attraction[];
  /** `HH:MM` park-local; default the opening (or now, today after opening). */
  readonly start: string | undefined;
  /** `HH:MM` park-local; default the closing. */
  readonly end: string | undefined;
  readonly pace: WalkingPace;
  readonly breaks: readonly LocalWindow[];
  readonly returns: readonly { readonly ride: Attraction; readonly window: LocalWindow }[];
  /** Rides already ridden: left out of the plan. */
  readonly done: readonly Attraction[];
  /** Where the party stands; undefined: the park's entrance. */
  readonly from: Attraction | undefined;
}

/** A request the date's facts make impossible (the park closed, `end` not after `start`). */
export class PlanRequestError extends Error {
  override name = 'PlanRequestError';
}

/**
 * No hours to plan within: the park's feed publishes none, none are recorded yet for the date's
 * weekday, and the party gave no start and end. The request is sound and the data missing, so the
 * API answers it in the unavailable form; the plan page and the CLI say what to give instead.
 */
export class PlanUnavailableError extends PlanRequestError {
  override name = 'PlanUnavailableError';
  constructor(
    message: string,
    /** When the models behind the missing hours were last recomputed. */
    readonly generated_at: number,
  ) {
    super(message);
  }
}

export type NotPlannedReason = 'closed' | 'down' | 'refurbishment' | 'out_of_time';

export interface TouringPlanStep {
  readonly ride: Attraction;
  readonly walk_minutes: number;
  readonly arrive_at: number;
  /** When the party joins the line (later than arrival only when it waits for an opening or window). */
  readonly join_at: number;
  readonly predicted_wait_minutes: number;
  readonly lower_bound: number;
  readonly upper_bound: number;
  /** How long the posted wait really takes, where the live data estimates it (the next ride today). */
  readonly estimated_actual_wait_minutes: number | null;
  readonly ride_minutes: number;
  readonly depart_at: number;
  readonly via: 'standby' | 'return_window';
  /**
   * The return window the ride's priority lane offers now, for a standby step today on live data:
   * what booking it instead of standing in line would give. Null otherwise.
   */
  readonly priority_lane: PriorityLaneWindow | null;
}

export interface TouringPlan {
  readonly park: Park;
  readonly date: string;
  readonly basis: 'forecast' | 'live';
  readonly start_at: number;
  readonly end_at: number;
  readonly steps: readonly TouringPlanStep[];
  readonly not_planned: readonly { readonly ride: Attraction; readonly reason: NotPlannedReason }[];
  readonly total_wait_minutes: number;
  readonly total_walk_minutes: number;
  readonly finish_at: number;
  readonly given_order_wait_minutes: number;
  readonly shortest_wait_now_wait_minutes: number;
  readonly lower_bound_wait_minutes: number;
  readonly method: 'exact' | 'search';
  readonly generated_at: number;
  /** Where the default start and end came from when the park's feed publishes no hours; else null. */
  readonly note: string | null;
}

type HourlyForecast = readonly (HourForecast | null)[];

/**
 * The forecast of the hour holding `epoch`: the models predict each hour's mean posted wait, and a
 * wait held level through the hour is that prediction as it stands (it also keeps the optimiser's
 * labels few, since a wait only changes on the hour).
 */
function hourForecast(hours: HourlyForecast, bounds: readonly number[], epoch: number): HourForecast | null {
  const hour = bounds.findLastIndex((start, i) => i < 24 && start <= epoch);
  return hour < 0 ? null : (hours[hour] ?? null);
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The plan of a day already over: every ride out of time. */
function nothingLeft(rideCount: number, at: number): PlanResult {
  return {
    steps: [],
    notPlanned: Array.from({ length: rideCount }, (_, ride) => ({ ride, reason: 'out_of_time' as const })),
    totalWaitMinutes: 0,
    totalWalkMinutes: 0,
    finishAt: at,
    lowerBoundWaitMinutes: 0,
    method: 'exact',
  };
}

export class PlanService {
  constructor(
    private readonly models: ParkModelService,
    private readonly parkHours: ParkHoursService,
    private readonly live: LiveState,
    private readonly outages: OutageService,
    private readonly clock: Clock,
    /** Runs the search's starts of a large plan on threads of their own; in turn when absent. */
    private readonly runStarts?: SearchStartRunner,
  ) {}

  /** Changes whenever a plan's inputs may: the models, and today the live state and outages. */
  version(park: Park, date: string): string {
    const models = this.models.version(park);
    if (date !== localDate(this.clock.now(), park.time_zone)) return models;
    return `${models}|${this.live.version(park.key)}|${this.outages.version(park)}`;
  }

  /** What a plan of `date` is based on now: `live` today while the park's live data is current. */
  basis(park: Park, date: string): TouringPlan['basis'] {
    if (date !== localDate(this.clock.now(), park.time_zone)) return 'forecast';
    return this.live.view(park.key).data_status === 'live' ? 'live' : 'forecast';
  }

  /** The park reads open now on current live data (its rides operating). */
  private openByLiveData(park: Park): boolean {
    const view = this.live.view(park.key);
    return view.data_status === 'live' && view.snapshot?.open === true;
  }

  async plan(request: PlanRequest): Promise<TouringPlan> {
    const { park, date } = request;
    const zone = park.time_zone;
    const now = this.clock.now();
    const today = date === localDate(now, zone);
    const [models, [hours]] = await Promise.all([
      this.models.forPark(park),
      this.parkHours.forDates(park, date, 1),
    ]);
    const at = (time: string) => DateTime.fromISO(`${date}T${time}`, { zone }).toMillis();
    // A park whose feed publishes no hours plans within its recorded hours or the party's own.
    const unpublished =
      hours?.published === false
        ? unpublishedWindow(
            request,
            models,
            at,
            today && this.openByLiveData(park) ? Math.floor(now / MINUTE_MS) * MINUTE_MS : undefined,
          )
        : undefined;
    const operating = unpublished ?? hours?.operating;
    if (!operating) throw new PlanRequestError(`${park.name} does not open to day guests on ${date}.`);
    const origin = startOfLocalDay(date, zone);
    const minuteOf = (epoch: number) => (epoch - origin) / MINUTE_MS;
    const epochOf = (minute: number) => origin + minute * MINUTE_MS;

    const endAt = request.end !== undefined ? at(request.end) : operating.closes_at;
    // Today after the end, the default start is the end: nothing is left to plan.
    const startAt =
      request.start !== undefined
        ? at(request.start)
        : today && now >= operating.opens_at
          ? Math.min(Math.floor(now / MINUTE_MS) * MINUTE_MS, endAt)
          : operating.opens_at;
    if (endAt < startAt || (endAt === startAt && request.start !== undefined)) {
      throw new PlanRequestError(
        `end (${DateTime.fromMillis(endAt, { zone }).toFormat('HH:mm')}) must be after start (${DateTime.fromMillis(startAt, { zone }).toFormat('HH:mm')}); send end later than start, both HH:MM park-local.`,
      );
    }

    const liveView = today ? this.live.view(park.key) : undefined;
    const liveEntries = new Map(
      (liveView?.snapshot?.entries ?? []).map((entry) => [entry.ride_id, entry] as const),
    );
    const basis: TouringPlan['basis'] = liveView?.data_status === 'live' ? 'live' : 'forecast';
    const laneNow = (candidate: { live?: LiveEntry } | undefined): PriorityLaneWindow | null =>
      basis === 'live' && openNow && candidate?.live?.status === 'OPERATING'
        ? (candidate.live.priority_lane ?? null)
        : null;
    const bounds = hourBoundaries(date, zone);
    const day = dayNumber(date);
    const doneIds = new Set(request.done.map((ride) => ride.id));
    const returns = new Map(request.returns.map((entry) => [entry.ride.id, entry.window] as const));

    // Outside the operating hours every ride reads closed: that says nothing of the rest of the day.
    const openNow = now >= operating.opens_at && now < operating.closes_at;
    const notPlanned: { ride: Attraction; reason: NotPlannedReason }[] = [];
    const candidates: { ride: Attraction; hours: HourlyForecast; downUntil: number; live?: LiveEntry }[] = [];
    for (const ride of request.rides) {
      if (doneIds.has(ride.id)) continue;
      const entry = basis === 'live' ? liveEntries.get(ride.id) : undefined;
      if (entry?.status === 'REFURBISHMENT') {
        notPlanned.push({ ride, reason: 'refurbishment' });
        continue;
      }
      if (openNow && entry?.status === 'CLOSED' && !returns.has(ride.id)) {
        notPlanned.push({ ride, reason: 'closed' });
        continue;
      }
      let downUntil = Number.NEGATIVE_INFINITY;
      if (openNow && entry && DOWN_STATUSES.has(entry.status)) {
        const outage = await this.outages.openFor(park, ride.id);
        downUntil = outage?.reopening?.expected_at ?? endAt;
        if (downUntil >= endAt) {
          notPlanned.push({ ride, reason: 'down' });
          continue;
        }
      }
      const model = models.rides.get(ride.id)?.model;
      const nowcast = today ? models.today_forecast.get(ride.id) : undefined;
      const hourly: (HourForecast | null)[] = [];
      for (let hour = 0; hour < 24; hour++) {
        const start = bounds[hour] ?? 0;
        const end = bounds[hour + 1] ?? start;
        const open = start < operating.closes_at && end > operating.opens_at;
        hourly.push(!open ? null : nowcast ? nowcast(hour) : (model?.forecast(day, hour) ?? null));
      }
      candidates.push({ ride, hours: hourly, downUntil, ...(entry ? { live: entry } : {}) });
    }

    const predicted = (index: number, epoch: number, pick: (f: HourForecast) => number): number | null => {
      const candidate = candidates[index];
      if (!candidate || epoch < candidate.downUntil) return null;
      if (epoch < operating.opens_at || epoch >= operating.closes_at) return null;
      const hourly = hourForecast(candidate.hours, bounds, epoch);
      const forecast = hourly ? pick(hourly) : null;
      const posted = candidate.live?.status === 'OPERATING' ? candidate.live.standby_wait_minutes : null;
      // A ride the models cannot forecast yet (a real feed's first days) keeps its posted wait.
      if (forecast === null && posted !== null && epoch >= now) return posted;
      if (forecast === null || posted === null || epoch < now) return forecast;
      const forecastNow = hourForecast(candidate.hours, bounds, now)?.predicted ?? forecast;
      return postedFadedWait(forecast, (epoch - now) / MINUTE_MS, posted, forecastNow);
    };

    const location = (ride: Attraction | undefined): GeoLocation | undefined =>
      ride ? ride.location : park.entrance;
    const walkBetween = (a: GeoLocation | undefined, b: GeoLocation | undefined) =>
      a && b ? walkMinutes(a, b, request.pace) : UNKNOWN_WALK_MINUTES;
    const startingPoint = location(request.from);

    const rides: PlanRide[] = candidates.map((candidate, index) => {
      const window = returns.get(candidate.ride.id);
      return {
        id: candidate.ride.id,
        rideMinutes: candidate.ride.duration_minutes ?? UNKNOWN_RIDE_MINUTES,
        // Whole minutes: a forecast is no finer, and plateaus keep the optimiser's labels few.
        waitAt: (minute) => {
          const wait = predicted(index, epochOf(minute), (f) => f.predicted);
          return wait === null ? null : Math.round(wait);
        },
        ...(window
          ? { returnWindow: { start: minuteOf(at(window.start)), end: minuteOf(at(window.end)) } }
          : {}),
      };
    });
    const problem: PlanProblem = {
      rides,
      start: minuteOf(startAt),
      end: minuteOf(endAt),
      walkMinutes: (from, to) =>
        walkBetween(
          from === 'entrance' ? startingPoint : location(candidates[from]?.ride),
          location(candidates[to]?.ride),
        ),
      breaks: request.breaks.map((window): MinuteWindow => ({
        start: minuteOf(at(window.start)),
        end: minuteOf(at(window.end)),
      })),
    };

    const result =
      problem.end > problem.start
        ? await optimisePlanAsync(problem, { exactRideLimit: EXACT_RIDE_LIMIT }, this.runStarts)
        : nothingLeft(problem.rides.length, problem.start);
    const given = givenOrderWait(
      problem,
      candidates.map((_, index) => index),
    );
    const shortest = shortestWaitNowWait(problem);

    const steps = result.steps.map((step): TouringPlanStep => {
      const candidate = candidates[step.ride];
      if (!candidate) throw new Error(`plan step names unknown ride ${step.ride}`);
      const joinEpoch = epochOf(step.joinAt);
      const standby = step.via === 'standby';
      const band = (pick: (f: HourForecast) => number) =>
        standby ? round1(predicted(step.ride, joinEpoch, pick) ?? step.waitMinutes) : step.waitMinutes;
      const actual = candidate.live?.estimated_actual;
      const joinsNow = joinEpoch - now < NEXT_RIDE_MINUTES * MINUTE_MS;
      return {
        ride: candidate.ride,
        walk_minutes: round1(step.walkMinutes),
        arrive_at: epochOf(step.arriveAt),
        join_at: joinEpoch,
        predicted_wait_minutes: round1(step.waitMinutes),
        lower_bound: Math.min(
          band((f) => f.lower),
          round1(step.waitMinutes),
        ),
        upper_bound: Math.max(
          band((f) => f.upper),
          round1(step.waitMinutes),
        ),
        estimated_actual_wait_minutes:
          standby && basis === 'live' && joinsNow && actual ? actual.minutes : null,
        ride_minutes: candidate.ride.duration_minutes ?? UNKNOWN_RIDE_MINUTES,
        depart_at: epochOf(step.departAt),
        via: step.via,
        priority_lane: standby ? laneNow(candidate) : null,
      };
    });
    for (const { ride, reason } of result.notPlanned) {
      const candidate = candidates[ride];
      if (candidate) notPlanned.push({ ride: candidate.ride, reason });
    }

    return {
      park,
      date,
      basis,
      start_at: startAt,
      end_at: endAt,
      steps,
      not_planned: notPlanned,
      total_wait_minutes: round1(result.totalWaitMinutes),
      total_walk_minutes: round1(result.totalWalkMinutes),
      finish_at: epochOf(result.finishAt),
      given_order_wait_minutes: round1(given.totalWaitMinutes),
      shortest_wait_now_wait_minutes: round1(shortest.totalWaitMinutes),
      lower_bound_wait_minutes: round1(result.lowerBoundWaitMinutes),
      method: result.method,
      generated_at: models.computed_at,
      note: unpublished?.note ?? null,
    };
  }
}

const weekdayName = (date: string) =>
  DateTime.fromISO(date, { zone: 'UTC' }).setLocale('en').toFormat('cccc');

/**
 * The window a plan runs in at a park whose feed publishes no hours, and a note saying where it came
 * from: the party's start and end where given, otherwise the park's hours as recorded on the date's
 * weekday (the ones best times read), opening no later than now while its rides operate now
 * (`openSince`). With neither, no opening or closing is invented: the plan is unavailable.
 */
function unpublishedWindow(
  request: PlanRequest,
  models: ParkModels,
  at: (time: string) => number,
  openSince: number | undefined,
): { opens_at: number; closes_at: number; note: string } {
  const { park, date } = request;
  const weekday = weekdayName(date);
  const recorded = recordedOperatingWindow(
    [...models.rides.values()].map((ride) => ride.model.typical),
    date,
    park.time_zone,
  );
  const clock = (epoch: number) => DateTime.fromMillis(epoch, { zone: park.time_zone }).toFormat('HH:mm');
  let opens: { at: number; said: string } | undefined;
  if (request.start !== undefined) opens = { at: at(request.start), said: 'the start given' };
  else if (openSince !== undefined && (!recorded || openSince < recorded.opens_at))
    opens = { at: openSince, said: 'now (its rides operate now)' };
  else if (recorded)
    opens = {
      at: recorded.opens_at,
      said: `${clock(recorded.opens_at)} (when its rides are recorded opening on ${weekday}s)`,
    };
  const closes =
    request.end !== undefined
      ? { at: at(request.end), said: 'the end given' }
      : recorded && {
          at: recorded.closes_at,
          said: `${clock(recorded.closes_at)} (when its rides are recorded closing on ${weekday}s)`,
        };
  if (!opens || !closes) {
    throw new PlanUnavailableError(
      `${park.name} publishes no hours, and none are recorded yet for a ${weekday}: give start and end (HH:MM park-local) to plan within them.`,
      models.computed_at,
    );
  }
  return {
    opens_at: opens.at,
    closes_at: closes.at,
    note: `${park.name} publishes no hours: the plan runs from ${opens.said} to ${closes.said}.`,
  };
}
