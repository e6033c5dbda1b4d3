/**
 * A plan problem laid on a grid of whole join minutes, read once so the order search never calls
 * the caller's functions again: for each ride, the wait at every minute the party could join its
 * line and still leave by the end without overlapping a break, and the shortcuts the search walks.
 *
 * A party joins lines on whole minutes; walks and rides may end between them.
 */
import type { MinuteWindow, PlanProblem, PlanRide } from './types.js';

/** One ride's joinable minutes: index `i` is the minute `origin + i`. */
export interface RideTimeline {
  /** Wait when joining at the minute, `NaN` when the party may not join then. */
  readonly wait: Float64Array;
  /** The first joinable index at or after `i`, or -1; one entry longer than `wait`. */
  readonly nextJoinable: Int32Array;
  /** The next joinable index after `i` with a strictly lower wait, or -1. */
  readonly nextLower: Int32Array;
  /** The lowest wait of any joinable index at or after `i`; `Infinity` when none is left. */
  readonly lowestWaitFrom: Float64Array;
  /**
   * The joinable index at or after `i` whose line the party leaves first (the earliest of them on a
   * tie), or -1: where a party that may stand aside for a shorter line joins.
   */
  readonly firstOutJoin: Int32Array;
  readonly rideMinutes: number;
  readonly via: 'standby' | 'return_window';
  /** Standby with no operating minute at all between the start and the end. */
  readonly closed: boolean;
}

export interface ProblemTimeline {
  /** The first join minute on the grid (the start, rounded up). */
  readonly origin: number;
  readonly rides: readonly RideTimeline[];
  /** `walk[from * rideCount + to]`; `from === rideCount` is the entrance. */
  readonly walk: Float64Array;
  readonly rideCount: number;
  readonly start: number;
  readonly end: number;
  /** Breaks sorted by start. */
  readonly breaks: readonly MinuteWindow[];
}

function overlapsBreak(breaks: readonly MinuteWindow[], from: number, to: number): boolean {
  for (const window of breaks) {
    if (from < window.end && to > window.start) return true;
  }
  return false;
}

/** One ride's grid: its `waitAt` read at every minute of the day. */
function rideTimeline(
  problem: PlanProblem,
  ride: PlanRide,
  origin: number,
  size: number,
  breaks: readonly MinuteWindow[],
): RideTimeline {
  const wait = new Float64Array(size).fill(Number.NaN);
  let operating = false;
  for (let i = 0; i < size; i++) {
    const minute = origin + i;
    let minutes: number | null;
    if (ride.returnWindow) {
      const inside = minute >= ride.returnWindow.start && minute < ride.returnWindow.end;
      minutes = inside ? (ride.priorityWaitMinutes ?? 0) : null;
    } else {
      minutes = ride.waitAt(minute);
      if (minutes !== null) operating = true;
    }
    if (minutes === null || !Number.isFinite(minutes)) continue;
    const depart = minute + minutes + ride.rideMinutes;
    if (depart > problem.end || overlapsBreak(breaks, minute, depart)) continue;
    wait[i] = minutes;
  }

  const nextJoinable = new Int32Array(size + 1).fill(-1);
  const lowestWaitFrom = new Float64Array(size + 1).fill(Number.POSITIVE_INFINITY);
  for (let i = size - 1; i >= 0; i--) {
    const here = wait[i] ?? Number.NaN;
    const joinable = !Number.isNaN(here);
    nextJoinable[i] = joinable ? i : (nextJoinable[i + 1] ?? -1);
    lowestWaitFrom[i] = joinable
      ? Math.min(here, lowestWaitFrom[i + 1] ?? Number.POSITIVE_INFINITY)
      : (lowestWaitFrom[i + 1] ?? Number.POSITIVE_INFINITY);
  }

  const firstOutJoin = new Int32Array(size + 1).fill(-1);
  for (let i = size - 1; i >= 0; i--) {
    const here = wait[i] ?? Number.NaN;
    const later = firstOutJoin[i + 1] ?? -1;
    const laterOut = later < 0 ? Number.POSITIVE_INFINITY : later + (wait[later] ?? 0);
    firstOutJoin[i] = !Number.isNaN(here) && i + here <= laterOut ? i : later;
  }

  // A monotonic stack from the right gives each minute the next strictly lower wait.
  const nextLower = new Int32Array(size).fill(-1);
  const stack: number[] = [];
  for (let i = size - 1; i >= 0; i--) {
    const here = wait[i] ?? Number.NaN;
    if (Number.isNaN(here)) continue;
    while (stack.length > 0 && (wait[stack[stack.length - 1] ?? 0] ?? 0) >= here) stack.pop();
    nextLower[i] = stack[stack.length - 1] ?? -1;
    stack.push(i);
  }

  return {
    wait,
    nextJoinable,
    nextLower,
    lowestWaitFrom,
    firstOutJoin,
    rideMinutes: ride.rideMinutes,
    via: ride.returnWindow ? 'return_window' : 'standby',
    closed: !ride.returnWindow && !operating,
  };
}

/**
 * Grids already read, by problem: a problem is immutable, and the optimiser and the baselines of
 * one request read the same problem, so its waits are read once (a forecast a minute each).
 */
const built = new WeakMap<PlanProblem, ProblemTimeline>();

/** The grid of a problem; each ride's `waitAt` is called once per minute between start and end. */
export function buildTimeline(problem: PlanProblem): ProblemTimeline {
  const work = timelineInSteps(problem);
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

/**
 * `buildTimeline`, pausing after each ride: reading a ride's waits calls the caller's `waitAt` for
 * every minute of the day, which may cost a forecast each.
 */
export function* timelineInSteps(problem: PlanProblem): Generator<undefined, ProblemTimeline> {
  const known = built.get(problem);
  if (known) return known;
  const origin = Math.ceil(problem.start);
  const size = Math.max(0, Math.ceil(problem.end) - origin);
  const breaks = [...problem.breaks].sort((a, b) => a.start - b.start);
  const rideCount = problem.rides.length;

  const rides: RideTimeline[] = [];
  for (const ride of problem.rides) {
    rides.push(rideTimeline(problem, ride, origin, size, breaks));
    yield;
  }

  const walk = new Float64Array((rideCount + 1) * rideCount);
  for (let from = 0; from <= rideCount; from++) {
    for (let to = 0; to < rideCount; to++) {
      if (from === to) continue;
      walk[from * rideCount + to] = problem.walkMinutes(from === rideCount ? 'entrance' : from, to);
    }
  }

  const timeline = { origin, rides, walk, rideCount, start: problem.start, end: problem.end, breaks };
  built.set(problem, timeline);
  return timeline;
}

/**
 * When the party reaches `to` at the earliest, free from `freeAt` at `from` (`rideCount` for the
 * entrance): it walks at once unless the walk would overlap a break, then right after that break.
 */
export function arrivalAt(timeline: ProblemTimeline, freeAt: number, from: number, to: number): number {
  const walk = timeline.walk[from * timeline.rideCount + to] ?? 0;
  let leave = freeAt;
  if (walk > 0) {
    for (const window of timeline.breaks) {
      if (leave < window.end && leave + walk > window.start) leave = window.end;
    }
  }
  return leave + walk;
}

/** Minutes of `[from, to)` that fall inside a break. */
export function breakMinutesBetween(timeline: ProblemTimeline, from: number, to: number): number {
  let inside = 0;
  for (const window of timeline.breaks) {
    const overlap = Math.min(to, window.end) - Math.max(from, window.start);
    if (overlap > 0) inside += overlap;
  }
  return inside;
}

/**
 * Minutes a party spends standing about between `from` and `to` when it neither walks nor rides:
 * the span less the breaks in it (a meal is not idling).
 */
export function idleBetween(timeline: ProblemTimeline, from: number, to: number): number {
  if (to <= from) return 0;
  return to - from - breakMinutesBetween(timeline, from, to);
}

/** The grid index of the first whole minute at or after `time`, clamped to the grid's start. */
export function joinIndexFrom(timeline: ProblemTimeline, time: number): number {
  return Math.max(0, Math.ceil(time - 1e-9) - timeline.origin);
}

/** Where a party joins a line and when it leaves it (see `joinLine`). */
export interface Join {
  /** Grid index of the join minute. */
  index: number;
  wait: number;
  /** Minutes stood about before joining: the span from free to joining, less the walk and breaks. */
  idle: number;
  /** When the party is free again, the ride ridden. */
  leave: number;
}

/**
 * The one join a party free at `free` at `from` (`rideCount` for the entrance) makes at `ride`:
 * at the first minute it can, or, standing aside for a shorter line, at the minute it leaves the
 * line first. Written into `out`; false when the line cannot be joined in time.
 */
export function joinLine(
  timeline: ProblemTimeline,
  free: number,
  from: number,
  ride: number,
  standAside: boolean,
  out: Join,
): boolean {
  const line = timeline.rides[ride];
  if (!line) return false;
  const walk = timeline.walk[from * timeline.rideCount + ride] ?? 0;
  // Without breaks a walk starts at once and every minute not walked is idle: the search's hot
  // path skips the break scans of `arrivalAt` and `idleBetween`.
  const plain = timeline.breaks.length === 0;
  const arrive = plain ? free + walk : arrivalAt(timeline, free, from, ride);
  const earliest = joinIndexFrom(timeline, arrive);
  const index = (standAside ? line.firstOutJoin[earliest] : line.nextJoinable[earliest]) ?? -1;
  if (index < 0) return false;
  const wait = line.wait[index] ?? 0;
  const joinAt = timeline.origin + index;
  out.index = index;
  out.wait = wait;
  out.idle = Math.max(0, (plain ? joinAt - free : idleBetween(timeline, free, joinAt)) - walk);
  out.leave = joinAt + wait + line.rideMinutes;
  return true;
}

/** A table of one value per ride and grid index, laid minute by minute. */
export interface MinuteTable {
  readonly table: Float64Array;
  readonly lastIndex: number;
}

/**
 * `valuesOf(line)` of each of `rides` (one per grid index, `Infinity` where no joinable minute is
 * left), laid minute by minute (`index * rides.length + k` for `rides[k]`) so that a sum over rides
 * at one minute reads one row; `whenNoneLeft(ride)` where no joinable minute is left.
 */
function byMinute(
  timeline: ProblemTimeline,
  rides: readonly number[],
  whenNoneLeft: (ride: number) => number,
  valuesOf: (line: RideTimeline) => ArrayLike<number>,
): MinuteTable {
  const minutes = timeline.rides[0]?.lowestWaitFrom.length ?? 1;
  const table = new Float64Array(minutes * rides.length);
  rides.forEach((ride, k) => {
    const line = timeline.rides[ride];
    const values = line ? valuesOf(line) : [];
    const none = whenNoneLeft(ride);
    for (let index = 0; index < minutes; index++) {
      const value = values[index] ?? Number.POSITIVE_INFINITY;
      table[index * rides.length + k] = Number.isFinite(value) ? value : none;
    }
  });
  return { table, lastIndex: minutes - 1 };
}

/** The lowest wait of each of `rides` from each grid index on, laid out by `byMinute`. */
export function lowestWaitByMinute(
  timeline: ProblemTimeline,
  rides: readonly number[],
  whenNoneLeft: (ride: number) => number,
): MinuteTable {
  return byMinute(timeline, rides, whenNoneLeft, (line) => line.lowestWaitFrom);
}

/**
 * The mean wait of each of `rides` over its joinable minutes from each grid index on, laid out by
 * `byMinute`.
 */
export function meanWaitByMinute(
  timeline: ProblemTimeline,
  rides: readonly number[],
  whenNoneLeft: (ride: number) => number,
): MinuteTable {
  return byMinute(timeline, rides, whenNoneLeft, (line) => {
    const means = new Float64Array(line.lowestWaitFrom.length).fill(Number.POSITIVE_INFINITY);
    let sum = 0;
    let joinable = 0;
    for (let index = line.wait.length - 1; index >= 0; index--) {
      const value = line.wait[index] ?? Number.NaN;
      if (!Number.isNaN(value)) {
        sum += value;
        joinable++;
      }
      if (joinable > 0) means[index] = sum / joinable;
    }
    return means;
  });
}
