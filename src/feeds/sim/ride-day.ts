/**
 * One attraction's whole park day, precomputed as a piecewise-constant timeline: the instants where
 * its reported entry changes, and the entry from each instant on. Every change happens on a whole
 * minute (schedule windows, outage starts and ends and wait updates are all whole minutes), so
 * sampling once a minute sees every state. A live reading is then a binary search per attraction.
 *
 * What is reported:
 * - Queued rides are always reported: CLOSED (null waits, no windows) outside their open hours,
 *   REFURBISHMENT all day during an announced closure, an outage status while down, else OPERATING
 *   with a posted wait. While down the posted waits are null (the operators blank them) and the
 *   return windows keep their last value (Lightning Lane stays bookable through short stops).
 * - Rides run in the OPERATING window; headliners and popular rides (and ~30% of minor ones) also
 *   in EARLY_ENTRY and EXTENDED_EVENING; the event's share of rides in a TICKETED_EVENT. Never
 *   outside the published windows: between the day close and a party's start rides are CLOSED.
 * - Shows are reported only during their daily run (daytime shows from mid-morning to early
 *   evening, nighttime spectaculars in the last 90 minutes, the parade around 15:00), OPERATING
 *   with no wait; meets during meet hours with a posted wait; walk-throughs while the park is open.
 */
import type { LiveQueueEntry, OperatorStatus, ReturnWindow, ScheduleWindow } from '../types.js';
import { clamp } from './calendar.js';
import { localInstant, weekdayOf } from './local-time.js';
import { drawOutages, type Outage } from './outages.js';
import type { Operator } from './parks.js';
import { singlePassAmount } from './prices.js';
import type { AttractionProfile } from './profiles.js';
import { Rng } from '../../lib/random.js';
import { returnModel, returnWindowAt, type ReturnModel } from './return-windows.js';
import type { DaySchedule, SimWindow } from './schedule.js';
import { dailyCurve, nextNoise, postedWait, reopenBump, singleRiderWait, updateTimes } from './waits.js';
import type { Interval } from './weather.js';

const MINUTE_MS = 60_000;
const NO_WINDOWS: readonly ReturnWindow[] = Object.freeze([]);

export interface ParkDayContext {
  readonly seed: number;
  readonly zone: string;
  readonly operator: Operator;
  readonly schedule: DaySchedule;
  /** Crowd factor of the day for waits: the calendar's, with noise and the park's scale. */
  readonly crowd: number;
  readonly storms: readonly Interval[];
}

export interface RideTimeline {
  /** Instants where the entry changes, ascending; the first is the park day's start. */
  readonly times: readonly number[];
  /** The entry from times[i] on; null while the attraction is not reported. */
  readonly entries: readonly (LiveQueueEntry | null)[];
  readonly outages: readonly Outage[];
  /** When the lane sells out that day (null: no such lane, or it never does). */
  readonly multiPassSoldOutAt: number | null;
  readonly singlePassSoldOutAt: number | null;
}

type Kind = ScheduleWindow['type'];

interface Segment extends Interval {
  readonly kind: Kind;
}

/** Wait level of the non-OPERATING windows, relative to peak × crowd. */
const WINDOW_WAIT_FACTOR: Readonly<Record<Exclude<Kind, 'OPERATING' | 'TICKETED_EVENT'>, number>> = {
  EARLY_ENTRY: 0.3,
  EXTENDED_EVENING: 0.35,
};

function operatingWindow(schedule: DaySchedule): SimWindow {
  const first = schedule.windows[0];
  if (!first || first.type !== 'OPERATING') throw new Error(`no OPERATING window on ${schedule.date}`);
  return first;
}

function rideSegments(profile: AttractionProfile, ctx: ParkDayContext): Segment[] {
  const draw = profile.extraHoursDraw;
  const segments: Segment[] = [];
  for (const w of ctx.schedule.windows) {
    let runs: boolean;
    if (w.type === 'OPERATING') runs = true;
    else if (w.type === 'TICKETED_EVENT') {
      runs = (profile.tier === 'headliner' ? draw * 0.5 : draw) < (ctx.schedule.event?.rideShare ?? 1);
    } else runs = profile.tier !== 'minor' || draw < 0.3;
    if (runs) segments.push({ start: w.opens_at, end: w.closes_at, kind: w.type });
  }
  // Only inside published windows: between the day close and a party's start the rides are
  // closed (the park is, for everyone but the event guests waiting to be let in).
  segments.sort((a, b) => a.start - b.start);
  return segments;
}

/** Run windows of shows, meets and walk-throughs (inside the OPERATING window). */
function otherSegments(profile: AttractionProfile, ctx: ParkDayContext, rng: Rng): Segment[] {
  const op = operatingWindow(ctx.schedule);
  const quarter = 15 * MINUTE_MS;
  const segment = (start: number, end: number): Segment[] =>
    end > start ? [{ start, end, kind: 'OPERATING' }] : [];
  const type = profile.attraction.type;
  if (type === 'experience') return segment(op.opens_at, op.closes_at);
  if (type === 'meet') {
    return segment(op.opens_at + rng.int(2, 4) * quarter, op.closes_at - rng.int(4, 8) * quarter);
  }
  switch (profile.showKind) {
    case 'nighttime': {
      const lastClose = Math.max(
        ...ctx.schedule.windows.filter((w) => w.type !== 'EXTENDED_EVENING').map((w) => w.closes_at),
      );
      return segment(lastClose - 90 * MINUTE_MS, lastClose - quarter);
    }
    case 'parade': {
      const day = ctx.schedule.dayNumber;
      const start = Math.max(op.opens_at, localInstant(ctx.zone, day, 14 * 60 + 30));
      return segment(start, Math.min(op.closes_at, localInstant(ctx.zone, day, 15 * 60 + 45)));
    }
    default:
      return segment(op.opens_at + rng.int(2, 6) * quarter, op.closes_at - rng.int(4, 8) * quarter);
  }
}

function mergeContiguous(segments: readonly Segment[]): Interval[] {
  const merged: Interval[] = [];
  for (const s of segments) {
    const last = merged[merged.length - 1];
    if (last && last.end >= s.start)
      merged[merged.length - 1] = { start: last.start, end: Math.max(last.end, s.end) };
    else merged.push({ start: s.start, end: s.end });
  }
  return merged;
}

function sameWindows(a: readonly ReturnWindow[], b: readonly ReturnWindow[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as ReturnWindow;
    const y = b[i] as ReturnWindow;
    if (x.type !== y.type || x.state !== y.state || x.start !== y.start || x.end !== y.end) return false;
    if (x.price?.amount !== y.price?.amount) return false;
  }
  return true;
}

export function buildRideTimeline(
  profile: AttractionProfile,
  ctx: ParkDayContext,
  refurbished: boolean,
): RideTimeline {
  const a = profile.attraction;
  const { schedule } = ctx;
  const entry = (
    status: OperatorStatus,
    standby: number | null,
    singleRider: number | null,
    windows: readonly ReturnWindow[],
  ): LiveQueueEntry => ({
    ride_id: a.id,
    name: a.name,
    type: a.type,
    status,
    standby_wait_minutes: standby,
    single_rider_wait_minutes: singleRider,
    return_windows: windows,
  });
  const isRide = a.type === 'ride';
  const none: RideTimeline = {
    times: [schedule.dayStart],
    entries: [refurbished && isRide ? entry('REFURBISHMENT', null, null, NO_WINDOWS) : null],
    outages: [],
    multiPassSoldOutAt: null,
    singlePassSoldOutAt: null,
  };
  if (refurbished || schedule.windows.length === 0) return none;

  const rng = new Rng(ctx.seed, profile.hash, schedule.dayNumber, 0x71);
  const op = operatingWindow(schedule);
  const segments = isRide ? rideSegments(profile, ctx) : otherSegments(profile, ctx, rng);
  if (segments.length === 0) return none;
  const open = mergeContiguous(segments);
  const outages = profile.reliability
    ? drawOutages(rng, profile.reliability, ctx.operator, open, ctx.storms)
    : [];

  // Lightning Lane return models for the day (OPERATING window only).
  const event = schedule.event;
  const dayCrowd = ctx.crowd * (event ? 0.85 : 1);
  // Lane demand grows faster than the crowd: on busy days more guests buy the pass and each books
  // more, so headliners sell out by early afternoon, while on quiet days most rides keep windows.
  const demand = (Math.max(profile.peak, 15) / 60) * dayCrowd ** 3;
  const models: ReturnModel[] = [];
  if (profile.multiPass)
    models.push(returnModel('multi_pass', null, op.opens_at, op.closes_at, demand, rng.next()));
  if (profile.singlePass) {
    const price = { amount: singlePassAmount(profile, ctx.crowd), currency: 'USD' };
    models.push(returnModel('single_pass', price, op.opens_at, op.closes_at, demand, rng.next()));
  }
  const soldOut = (type: string): number | null => {
    const m = models.find((x) => x.type === type);
    return m && m.soldOutAt < op.closes_at ? m.soldOutAt : null;
  };

  // When the posted wait is refreshed: at each segment start, every 5-15 min, and on reopening.
  const updates: number[] = [];
  for (const s of segments) updateTimes(rng, s.start, s.end, updates);
  for (const o of outages) if (open.some((i) => o.end > i.start && o.end < i.end)) updates.push(o.end);
  updates.sort((x, y) => x - y);
  // Every instant where something may change; duplicates are skipped in the loop.
  const instants = [schedule.dayStart, ...updates];
  for (const s of segments) instants.push(s.start, s.end);
  for (const o of outages) instants.push(o.start, o.end);
  instants.sort((x, y) => x - y);

  const rideWeekday = profile.shape.weekday?.[weekdayOf(schedule.dayNumber) - 1] ?? 1;
  const dayFactor = Math.exp(0.1 * clamp(rng.normal(), -2, 2)) * rideWeekday;
  const modelWait = (t: number, kind: Kind, noise: number, bump: number): number => {
    let level: number;
    if (kind === 'OPERATING') {
      const sinceOpen = (t - op.opens_at) / MINUTE_MS;
      const curve = dailyCurve(
        profile.shape,
        sinceOpen,
        (op.closes_at - t) / MINUTE_MS,
        op.openMinute + sinceOpen,
      );
      level = profile.peak * dayCrowd * curve;
    } else if (kind === 'TICKETED_EVENT') {
      level = profile.peak * (0.8 + 0.2 * ctx.crowd) * (event?.waitFactor ?? 0.5);
    } else {
      level = profile.peak * ctx.crowd * WINDOW_WAIT_FACTOR[kind];
    }
    return level * dayFactor * Math.exp(0.12 * noise) * bump;
  };

  const closed = isRide ? entry('CLOSED', null, null, NO_WINDOWS) : null;
  const times: number[] = [];
  const entries: (LiveQueueEntry | null)[] = [];
  const emit = (t: number, next: LiveQueueEntry | null): void => {
    times.push(t);
    entries.push(next);
  };
  let segIndex = 0;
  let outIndex = 0;
  let noise = rng.normal();
  let posted: number | null = null;
  let singleRider: number | null = null;
  let windows: readonly ReturnWindow[] = NO_WINDOWS;
  let previous: LiveQueueEntry | null | undefined;
  let updateIndex = 0;
  let last = Number.NaN;
  for (const t of instants) {
    if (t === last || t < schedule.dayStart || t >= schedule.dayEnd) continue;
    last = t;
    while (segIndex < segments.length && (segments[segIndex] as Segment).end <= t) segIndex++;
    const seg = segments[segIndex];
    if (!seg || seg.start > t) {
      windows = NO_WINDOWS;
      if (previous !== closed) emit(t, (previous = closed));
      continue;
    }
    while (outIndex < outages.length && (outages[outIndex] as Outage).end <= t) outIndex++;
    const outage = outages[outIndex];
    const down = outage && outage.start <= t ? outage : null;
    while (updateIndex < updates.length && (updates[updateIndex] as number) < t) updateIndex++;
    if (updates[updateIndex] === t) {
      noise = nextNoise(rng, noise);
      if (profile.peak > 0) {
        const lastOutage = outages[outIndex - 1];
        // A recorded attraction's clock shape already averages its reopening queues in.
        const bump =
          lastOutage && !profile.shape.clock
            ? reopenBump((lastOutage.end - lastOutage.start) / MINUTE_MS, (t - lastOutage.end) / MINUTE_MS)
            : 1;
        posted = postedWait(modelWait(t, seg.kind, noise, bump));
        singleRider =
          profile.singleRiderRatio === null
            ? null
            : singleRiderWait(posted, profile.singleRiderRatio * (0.9 + 0.2 * rng.next()));
      }
      const nextWindows =
        seg.kind === 'OPERATING' && models.length > 0 ? models.map((m) => returnWindowAt(m, t)) : NO_WINDOWS;
      if (!sameWindows(nextWindows, windows)) {
        windows = nextWindows;
      }
    }
    const status: OperatorStatus = down ? down.status : 'OPERATING';
    const standby = down || profile.peak === 0 ? null : posted;
    const rider = down || profile.peak === 0 ? null : singleRider;
    if (
      !previous ||
      previous.status !== status ||
      previous.standby_wait_minutes !== standby ||
      previous.single_rider_wait_minutes !== rider ||
      previous.return_windows !== windows
    ) {
      emit(t, (previous = entry(status, standby, rider, windows)));
    }
  }
  return {
    times,
    entries,
    outages,
    multiPassSoldOutAt: soldOut('multi_pass'),
    singlePassSoldOutAt: soldOut('single_pass'),
  };
}

/** The index of the change in force at `at` (binary search), or -1 before the first. */
export function changeIndexAt(timeline: RideTimeline, at: number): number {
  const times = timeline.times;
  let lo = 0;
  let hi = times.length - 1;
  if (hi < 0 || at < (times[0] as number)) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((times[mid] as number) <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
