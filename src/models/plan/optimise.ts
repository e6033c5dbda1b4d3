/**
 * The order of a party's rides that spends the least expected time in standby lines and standing
 * about between them (idle minutes are priced like minutes in line, see `idleWeight`).
 *
 * Up to `exactRideLimit` rides a dynamic programme over subsets proves the order best; beyond, a
 * beam search polished by local search finds it, with a lower bound no order beats. Why the
 * programme is exact, and how the search is bounded, is in docs/plans.md ("Method").
 *
 * Pure: no clock and no I/O. The work is counted in label extensions and order evaluations, not in
 * time, so the same problem always gets the same plan; `optimisePlanAsync` yields to the event loop
 * between chunks of that work.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { searchOrder } from './order-search.js';
import {
  arrivalAt,
  idleBetween,
  joinIndexFrom,
  joinLine,
  lowestWaitByMinute,
  meanWaitByMinute,
  timelineInSteps,
  type Join,
  type MinuteTable,
  type ProblemTimeline,
} from './timeline.js';
import type { NotPlannedReason, PlannedStep, PlanProblem, PlanResult } from './types.js';

export interface OptimiseOptions {
  /** Up to this many plannable rides the order is proven best. */
  readonly exactRideLimit?: number;
  /** Partial orders the beam keeps at each depth. */
  readonly beamWidth?: number;
  /**
   * Candidate orders the local search may simulate after the beam, for a plan of `BUDGET_RIDES`
   * rides; a plan of fewer rides gets proportionally more, since each of its candidates costs less.
   */
  readonly localSearchEvaluations?: number;
  /**
   * Rides in each window of the search's best order that it re-orders exactly once its candidates
   * are spent; 0 for none.
   */
  readonly polishWindow?: number;
  /** Seeds the local search's kicks: another seed searches elsewhere, the same seed repeats. */
  readonly seed?: number;
  /**
   * What a minute standing about between rides costs, against a minute in line: 1 (the default)
   * prices them alike, so no plan idles an hour to save a few minutes in line; 0 counts time in
   * line alone. Between 0 and 1 inclusive (the exactness argument in docs/plans.md needs it).
   */
  readonly idleWeight?: number;
  /**
   * The party joins each line at the first minute it can (on arrival, or when the ride opens, the
   * return window starts or a break ends) and never waits for a shorter line.
   */
  readonly joinOnArrival?: boolean;
}

const DEFAULTS: Required<OptimiseOptions> = {
  exactRideLimit: 12,
  beamWidth: 400,
  localSearchEvaluations: 135_000,
  polishWindow: 6,
  seed: 1,
  idleWeight: 1,
  joinOnArrival: false,
};

/** The problem's grid with the rules that price and constrain every step. */
interface Rules {
  readonly timeline: ProblemTimeline;
  readonly idleWeight: number;
  readonly joinOnArrival: boolean;
}

/**
 * The plan size the local search's budget is set for. A candidate's cost grows with the rides in
 * it, so the same time buys smaller plans more candidates, which they need: where a search ends
 * depends on how many kicks it gets.
 */
const BUDGET_RIDES = 25;

const EXACT_SEED_BEAM = 8;
/**
 * The search runs twice, each on at least half the candidates: from the wide beam's plan and from
 * a narrow beam's that ranks partial orders by when the party could be done with every ride still
 * to come, each at its mean wait from then on. Where a search ends depends on where it starts, and
 * the two starts often lie in different basins; the better end is kept. On a day too short for
 * every ride (a beam leaves a ride out), both starts rank partial orders by when the party could be
 * done as well: the second by that alone (and it searches for the earliest finish before the
 * cost), the first by that and the cost together (see `searchFromStart`). The two are
 * independent, each laying its own beam, so a server runs them on two threads at once
 * (`SearchStartRunner`).
 */
const SECOND_START_BEAM = 20;

/**
 * On a day too short for every ride, the candidates the second start spends on the order that
 * finishes earliest, before it searches that order's rides for cost: enough to fit a ride more
 * where every beam leaves one out, few enough to leave the cost its search.
 */
const FIT_CANDIDATES = 8_000;

/**
 * Whether the beam and the order search join each line at the minute the party leaves it first
 * rather than at the first minute it can: with idle priced like time in line, a party out of a
 * line earlier can idle to copy any later join at no more cost, so that join is the best for the
 * order so far, and the order search scores candidates as the final plan will be scored. At a
 * lower idle weight a later join may pay less and leave later, and joining on arrival allows none.
 */
const standAside = (rules: Rules): boolean => !rules.joinOnArrival && rules.idleWeight === 1;

const EXACT_SEED_EVALUATIONS = 5000;

/**
 * Units of work between two yields: a unit is one ride's term of the remaining-rides bound, which
 * each new label and each step of an order's evaluation pays for every ride.
 */
const WORK_PER_CHUNK = 2_000;

/** A chunked computation: yields between chunks of work, returns its answer. */
type Work<T> = Generator<undefined, T>;

/**
 * One way to have ridden an ordered set: free at `time` having waited `wait` in line, stood idle
 * `idle`, and so paid `cost` (the wait plus the weighted idle minutes).
 */
interface Label {
  readonly time: number;
  readonly wait: number;
  readonly idle: number;
  readonly cost: number;
  readonly ride: number;
  /** Grid index of the join minute. */
  readonly join: number;
  readonly parent: Label | undefined;
  readonly count: number;
}

function better(a: Label, b: Label | undefined): boolean {
  if (!b) return true;
  if (a.count !== b.count) return a.count > b.count;
  if (a.cost !== b.cost) return a.cost < b.cost;
  return a.time < b.time;
}

/**
 * Whether every completion of `b` is matched or beaten by a completion of `a` (same rides done,
 * same last ride): `a` is free no later and, after idling until `b` is free, has paid no more.
 * With `remaining` (the rides still to do, under `joinOnArrival`, where a party cannot choose to
 * idle) it also needs `a` to join each of them at the same minute as `b`, so their futures agree.
 */
function dominates(rules: Rules, a: Label, b: Label, remaining?: readonly number[]): boolean {
  if (a.time > b.time) return false;
  const catchUp = rules.idleWeight * idleBetween(rules.timeline, a.time, b.time);
  if (a.cost + catchUp > b.cost + 1e-9) return false;
  if (!remaining || a.time === b.time) return true;
  const { timeline } = rules;
  for (const ride of remaining) {
    const line = timeline.rides[ride];
    if (!line) continue;
    const joinA = line.nextJoinable[joinIndexFrom(timeline, arrivalAt(timeline, a.time, a.ride, ride))];
    const joinB = line.nextJoinable[joinIndexFrom(timeline, arrivalAt(timeline, b.time, b.ride, ride))];
    if (joinA !== joinB) return false;
  }
  return true;
}

/**
 * Adds a label to a Pareto set kept sorted by time: drops it when a label there dominates it, and
 * drops those it dominates.
 */
function insertPareto(rules: Rules, labels: Label[], label: Label, remaining?: readonly number[]): void {
  let at = 0;
  while (at < labels.length && (labels[at]?.time ?? 0) <= label.time) {
    const kept = labels[at];
    if (kept && dominates(rules, kept, label, remaining)) return;
    at++;
  }
  let write = at;
  for (let read = at; read < labels.length; read++) {
    const kept = labels[read];
    if (kept && !dominates(rules, label, kept, remaining)) labels[write++] = kept;
  }
  labels.length = write;
  labels.splice(at, 0, label);
}

/**
 * Every join worth making at `ride` for a party free at `time` at `from`: the first joinable minute
 * after arrival, then (unless it joins on arrival) each later one with a strictly lower wait. Any
 * other join is beaten by an earlier one that waits no longer, so it never starts a better plan.
 * A join `admit` turns down (by when the party leaves and what it has paid) is never made a label.
 * How many joins were weighed.
 */
function extend(
  rules: Rules,
  parent: Label | undefined,
  from: number,
  ride: number,
  emit: (label: Label) => void,
  admit?: (time: number, cost: number) => boolean,
): number {
  const { timeline } = rules;
  const freeAt = parent ? parent.time : timeline.start;
  const line = timeline.rides[ride];
  if (!line) return 0;
  const walk = timeline.walk[from * timeline.rideCount + ride] ?? 0;
  const arrive = arrivalAt(timeline, freeAt, from, ride);
  const earliest = joinIndexFrom(timeline, arrive);
  let index = line.nextJoinable[earliest] ?? -1;
  let weighed = 0;
  const baseWait = parent ? parent.wait : 0;
  const baseIdle = parent ? parent.idle : 0;
  const count = (parent ? parent.count : 0) + 1;
  const joins = rules.joinOnArrival ? 1 : Number.POSITIVE_INFINITY;
  while (index >= 0 && weighed < joins) {
    const wait = line.wait[index] ?? 0;
    const joinAt = timeline.origin + index;
    // Idle: the span from free to joining, less the walk and any break (walks never overlap one).
    const idle = Math.max(0, idleBetween(timeline, freeAt, joinAt) - walk);
    const time = joinAt + wait + line.rideMinutes;
    const cost = baseWait + wait + rules.idleWeight * (baseIdle + idle);
    weighed++;
    if (!admit || admit(time, cost)) {
      emit({ time, wait: baseWait + wait, idle: baseIdle + idle, cost, ride, join: index, parent, count });
    }
    index = line.nextLower[index] ?? -1;
  }
  return weighed;
}

function orderOf(label: Label | undefined): { ride: number; join: number }[] {
  const steps: { ride: number; join: number }[] = [];
  for (let at = label; at; at = at.parent) steps.push({ ride: at.ride, join: at.join });
  return steps.reverse();
}

/** The best plan known so far, as a bar a partial plan must still be able to clear. */
interface Incumbent {
  count: number;
  cost: number;
}

/**
 * Whether a partial plan free at `time`, having ridden `count` rides and paid `cost`, can no
 * longer beat or tie `incumbent`, given the best it can still do (`bound`).
 */
function hopeless(count: number, cost: number, bound: Bound, incumbent: Incumbent | undefined): boolean {
  if (!incumbent) return false;
  const reachable = count + bound.left - bound.lost;
  if (reachable !== incumbent.count) return reachable < incumbent.count;
  const total = cost + bound.wait;
  return total > incumbent.cost + 1e-9;
}

/**
 * The dynamic programme over (set ridden, last ride), pruned against the incumbent plan by the
 * remaining rides' bound: exact, as docs/plans.md explains.
 */
function* exactOrder(
  rules: Rules,
  plannable: readonly number[],
  seed: Label | undefined,
): Work<Label | undefined> {
  const { timeline } = rules;
  const count = plannable.length;
  const entrance = timeline.rideCount;
  const states: (Label[] | undefined)[] = new Array<Label[] | undefined>((1 << count) * count);
  const stateAt = (index: number): Label[] => (states[index] ??= []);
  let best = seed;
  const incumbent: Incumbent | undefined = seed ? { count: seed.count, cost: seed.cost } : undefined;
  let work = 0;

  // The state that `extend` is making children for: one pair of callbacks serves every call.
  let childMask = 0;
  let childPosition = 0;
  let childCount = 0;
  const bound: Bound = { lost: 0, wait: 0, left: 0 };
  const lowestAt = lowestWaitByMinute(timeline, plannable, () => Number.POSITIVE_INFINITY);
  const admit = (time: number, cost: number): boolean =>
    !hopeless(childCount, cost, remainingBound(timeline, lowestAt, count, childMask, time, bound), incumbent);
  const place = (label: Label): void => {
    const remaining = rules.joinOnArrival
      ? plannable.filter((_, k) => (childMask & (1 << k)) === 0)
      : undefined;
    insertPareto(rules, stateAt(childMask * count + childPosition), label, remaining);
  };

  for (let k = 0; k < count; k++) {
    childMask = 1 << k;
    childPosition = k;
    childCount = 1;
    extend(rules, undefined, entrance, plannable[k] ?? 0, place, admit);
  }

  for (let mask = 1; mask < 1 << count; mask++) {
    for (let last = 0; last < count; last++) {
      if ((mask & (1 << last)) === 0) continue;
      const labels = states[mask * count + last];
      if (!labels) continue;
      // Every label of this state is final (its predecessors have smaller sets); children keep
      // their parents alive through `parent`.
      states[mask * count + last] = undefined;
      for (const label of labels) {
        if (better(label, best)) {
          best = label;
          if (incumbent) {
            incumbent.count = label.count;
            incumbent.cost = label.cost;
          }
        }
        for (let next = 0; next < count; next++) {
          if ((mask & (1 << next)) !== 0) continue;
          childMask = mask | (1 << next);
          childPosition = next;
          childCount = label.count + 1;
          const joins = extend(rules, label, label.ride, plannable[next] ?? 0, place, admit);
          work += 1 + joins * count;
        }
        if (work >= WORK_PER_CHUNK) {
          work = 0;
          yield;
        }
      }
    }
  }
  return best;
}

/** The rides still to do (`left`), those no longer joinable (`lost`), and the others' least wait. */
interface Bound {
  lost: number;
  wait: number;
  left: number;
}

/**
 * The least the rides not yet in `mask` can still add from `time` on: each ride's least wait at any
 * later minute (`lowestAt`, minute-major as `lowestWaitByMinute` lays it, infinite where none is
 * left), summed; a ride with no minute left counts as lost. Written into `out`, which the
 * programme reuses for every one of its many labels.
 */
function remainingBound(
  timeline: ProblemTimeline,
  lowestAt: MinuteTable,
  count: number,
  mask: number,
  time: number,
  out: Bound,
): Bound {
  const row = Math.min(joinIndexFrom(timeline, time), lowestAt.lastIndex) * count;
  const { table } = lowestAt;
  let lost = 0;
  let wait = 0;
  let left = 0;
  for (let k = 0; k < count; k++) {
    if ((mask & (1 << k)) !== 0) continue;
    left++;
    const lowest = table[row + k] ?? Number.POSITIVE_INFINITY;
    if (lowest === Number.POSITIVE_INFINITY) lost++;
    else wait += lowest;
  }
  out.lost = lost;
  out.wait = wait;
  out.left = left;
  return out;
}

/** The `rank`-th smallest of `keys[0..length)` (0-based), reordering them. */
function selectKey(keys: Float64Array, length: number, rank: number): number {
  let low = 0;
  let high = length - 1;
  while (low < high) {
    const pivot = keys[(low + high) >> 1] ?? 0;
    let i = low;
    let j = high;
    while (i <= j) {
      while ((keys[i] ?? 0) < pivot) i++;
      while ((keys[j] ?? 0) > pivot) j--;
      if (i <= j) {
        const swap = keys[i] ?? 0;
        keys[i] = keys[j] ?? 0;
        keys[j] = swap;
        i++;
        j--;
      }
    }
    if (rank <= j) high = j;
    else if (rank >= i) low = i;
    else return keys[rank] ?? 0;
  }
  return keys[low] ?? 0;
}

/** Lost rides rank before any wait in a child's key: no score comes near this. */
const LOST_WEIGHT = 1e5;
/** A child's key counts its score in these fractions of a minute. */
const KEY_STEPS_PER_MINUTE = 256;

/**
 * A child's rank, lower first, from its score (each lost ride counted `LOST_WEIGHT`), on a grid
 * fine enough to tell scores apart. Never negative, so that the child's index packed below it can
 * be read back; small enough that the packed key stays an exact integer.
 */
function rankKey(score: number): number {
  return Math.round(Math.max(0, score) * KEY_STEPS_PER_MINUTE);
}

/**
 * The indices of `keys[0..length)` (each a rank key times `indexSpan` plus its index) in rank
 * order, lazily: the first `batch` by one selection and a native sort, the rest sorted only when
 * asked for.
 */
function* rankedChildren(
  keys: Float64Array,
  length: number,
  batch: number,
  indexSpan: number,
): Generator<number> {
  let done = 0;
  while (done < length) {
    const scratch = keys.subarray(done, length);
    if (length - done > batch) selectKey(scratch, length - done, batch - 1);
    const take = keys.subarray(done, Math.min(length, done + batch)).sort();
    for (const packed of take) yield packed % indexSpan;
    done += take.length;
  }
}

/**
 * Keeps the partial orders with the best bound on their whole day, one Pareto set per (set, last),
 * or (`finish`) those that could finish every ride still to come earliest: the ride count comes
 * first, and the bound on cost alone does not see a day running out; or (`balanced`) those with
 * the least sum of the two, where minutes of the day used weigh as much as minutes in line; or
 * (`meanFinish`) those that could finish earliest were every ride still to come to wait its mean
 * from then on. That is no bound, but the lows of a day cannot hold every ride: the bound prices a
 * ride whose wait peaks high at little more than its low later, and leaves it for then, where
 * riding it now saves most against what it typically costs.
 * Children are held in flat arrays and only those that rank near the beam's width become labels.
 */
function* beamSearch(
  rules: Rules,
  plannable: readonly number[],
  width: number,
  rankBy: 'cost' | 'finish' | 'balanced' | 'meanFinish' = 'cost',
): Work<Label | undefined> {
  const { timeline } = rules;
  const count = plannable.length;
  const firstOut = standAside(rules);
  const capacity = Math.max(count, width * count);
  const parentOf = new Int32Array(capacity);
  const positionOf = new Int32Array(capacity);
  const joinOf = new Int32Array(capacity);
  const timeOf = new Float64Array(capacity);
  const waitOf = new Float64Array(capacity);
  const idleOf = new Float64Array(capacity);
  const keys = new Float64Array(capacity);
  const indexSpan = 2 ** Math.ceil(Math.log2(capacity + 1));
  const remaining = new Int32Array(count);
  // Each ride's lowest wait from each minute on, or its mean for `meanFinish`.
  const { table: waitFrom, lastIndex } = (rankBy === 'meanFinish' ? meanWaitByMinute : lowestWaitByMinute)(
    timeline,
    plannable,
    () => LOST_WEIGHT,
  );
  const join: Join = { index: 0, wait: 0, idle: 0, leave: 0 };
  let best: Label | undefined;
  let parents: { label: Label | undefined; mask: number }[] = [{ label: undefined, mask: 0 }];
  let work = 0;

  for (;;) {
    let children = 0;
    for (let p = 0; p < parents.length; p++) {
      const { label: parent, mask } = parents[p] ?? { label: undefined, mask: 0 };
      const freeAt = parent ? parent.time : timeline.start;
      const from = parent ? parent.ride : timeline.rideCount;
      let left = 0;
      for (let k = 0; k < count; k++) if ((mask & (1 << k)) === 0) remaining[left++] = k;
      for (let r = 0; r < left; r++) {
        const k = remaining[r] ?? 0;
        if (!joinLine(timeline, freeAt, from, plannable[k] ?? 0, firstOut, join)) continue;
        const time = join.leave;
        const row = Math.min(joinIndexFrom(timeline, time), lastIndex) * count;
        let bound = -(waitFrom[row + k] ?? 0);
        for (let q = 0; q < left; q++) bound += waitFrom[row + (remaining[q] ?? 0)] ?? 0;
        const paidWait = (parent ? parent.wait : 0) + join.wait;
        const paidIdle = (parent ? parent.idle : 0) + join.idle;
        parentOf[children] = p;
        positionOf[children] = k;
        joinOf[children] = join.index;
        timeOf[children] = time;
        waitOf[children] = paidWait;
        idleOf[children] = paidIdle;
        const score = paidWait + rules.idleWeight * paidIdle + bound;
        // Ranked by finish: lost rides first (the bound counts each), then when the party would be
        // done were every ride still to come at its lowest (or mean) wait; the cost breaks ties.
        const finish = bound + time - timeline.start;
        const rank =
          rankBy === 'cost' ? score : rankBy === 'balanced' ? score + finish : finish + score / LOST_WEIGHT;
        keys[children] = rankKey(rank) * indexSpan + children;
        children++;
      }
      work += left * left;
      if (work >= WORK_PER_CHUNK) {
        work = 0;
        yield;
      }
    }
    if (children === 0) return best;

    // Rank the children by score (lost rides first), the earlier child first on a tie, each key
    // packed with its child's index so that a native sort ranks them; only those within half a
    // width of the beam's width are sorted, the rest only if the Pareto sets reject too many.
    const ranked = rankedChildren(keys, children, Math.ceil(1.5 * width), indexSpan);
    const kept = new Map<number, Label[]>();
    const next: { label: Label | undefined; mask: number }[] = [];
    for (const c of ranked) {
      if (next.length >= width) break;
      const parent = parents[parentOf[c] ?? 0];
      const k = positionOf[c] ?? 0;
      const mask = (parent?.mask ?? 0) | (1 << k);
      const label: Label = {
        time: timeOf[c] ?? 0,
        wait: waitOf[c] ?? 0,
        idle: idleOf[c] ?? 0,
        cost: (waitOf[c] ?? 0) + rules.idleWeight * (idleOf[c] ?? 0),
        ride: plannable[k] ?? 0,
        join: joinOf[c] ?? 0,
        parent: parent?.label,
        count: (parent?.label?.count ?? 0) + 1,
      };
      const key = mask * 32 + k;
      const front = kept.get(key) ?? [];
      insertPareto(rules, front, label);
      if (!front.includes(label)) continue;
      kept.set(key, front);
      next.push({ label, mask });
      if (better(label, best)) best = label;
    }
    parents = next;
    yield;
  }
}

/**
 * The best plan that visits rides in exactly this order, each joined at its best minute, skipping
 * a ride no label reaches in time.
 */
function evaluateOrder(rules: Rules, order: readonly number[]): Label | undefined {
  const { timeline } = rules;
  let labels: (Label | undefined)[] = [undefined];
  for (let position = 0; position < order.length; position++) {
    const ride = order[position] ?? 0;
    const next: Label[] = [];
    for (const label of labels) {
      extend(rules, label, label ? label.ride : timeline.rideCount, ride, (child) => {
        insertPareto(rules, next, child);
      });
    }
    if (next.length > 0) labels = next;
  }
  let best: Label | undefined;
  for (const label of labels) if (label && better(label, best)) best = label;
  return best;
}

/**
 * The order `from` (the plannable rides it leaves out after it) improved by the order search, by
 * cost or (`objective`) by finish. The order search joins each line on arrival or where it is left
 * first; `bestOf` weighs later joins.
 */
function* polish(
  rules: Rules,
  from: readonly number[],
  plannable: readonly number[],
  candidates: number,
  searchSeed: number,
  polishWindow: number,
  moreTime?: () => boolean,
  objective: 'cost' | 'finish' = 'cost',
): Work<number[]> {
  const start = [...from, ...plannable.filter((ride) => !from.includes(ride))];
  return yield* searchOrder(rules.timeline, start, {
    candidates,
    idleWeight: rules.idleWeight,
    seed: searchSeed,
    polishWindow,
    standAside: standAside(rules),
    objective,
    ...(moreTime ? { moreTime } : {}),
  });
}

/** A total wait no order of the planned rides beats: each ride's least wait from its earliest arrival. */
function lowerBound(timeline: ProblemTimeline, rides: readonly number[]): number {
  let total = 0;
  for (const ride of rides) {
    let nearest = Number.POSITIVE_INFINITY;
    for (let from = 0; from <= timeline.rideCount; from++) {
      if (from !== ride) nearest = Math.min(nearest, timeline.walk[from * timeline.rideCount + ride] ?? 0);
    }
    const index = joinIndexFrom(timeline, timeline.start + nearest);
    const lowest = timeline.rides[ride]?.lowestWaitFrom[index] ?? Number.POSITIVE_INFINITY;
    if (Number.isFinite(lowest)) total += lowest;
  }
  return total;
}

function present(
  timeline: ProblemTimeline,
  final: Label | undefined,
  closed: readonly number[],
  method: PlanResult['method'],
): PlanResult {
  const steps: PlannedStep[] = [];
  let freeAt = timeline.start;
  let from = timeline.rideCount;
  let totalWait = 0;
  let totalWalk = 0;
  let totalIdle = 0;
  for (const { ride, join } of orderOf(final)) {
    const line = timeline.rides[ride];
    if (!line) continue;
    const walkMinutes = timeline.walk[from * timeline.rideCount + ride] ?? 0;
    const arriveAt = arrivalAt(timeline, freeAt, from, ride);
    const waitMinutes = line.wait[join] ?? 0;
    const joinAt = timeline.origin + join;
    const departAt = joinAt + waitMinutes + line.rideMinutes;
    steps.push({ ride, walkMinutes, arriveAt, joinAt, waitMinutes, via: line.via, departAt });
    totalWait += waitMinutes;
    totalWalk += walkMinutes;
    totalIdle += Math.max(0, idleBetween(timeline, freeAt, joinAt) - walkMinutes);
    freeAt = departAt;
    from = ride;
  }
  const planned = new Set(steps.map((step) => step.ride));
  const notPlanned: { ride: number; reason: NotPlannedReason }[] = [];
  for (let ride = 0; ride < timeline.rideCount; ride++) {
    if (planned.has(ride)) continue;
    notPlanned.push({ ride, reason: closed.includes(ride) ? 'closed' : 'out_of_time' });
  }
  return {
    steps,
    notPlanned,
    totalWaitMinutes: totalWait,
    totalWalkMinutes: totalWalk,
    totalIdleMinutes: totalIdle,
    finishAt: steps.length > 0 ? freeAt : timeline.start,
    lowerBoundWaitMinutes: Math.min(totalWait, lowerBound(timeline, [...planned])),
    method,
  };
}

/** A problem laid on its grid, with the rides the plan can hold and the settings it is planned by. */
interface Prepared {
  readonly settings: Required<OptimiseOptions>;
  readonly rules: Rules;
  readonly plannable: readonly number[];
  readonly closed: readonly number[];
  readonly exact: boolean;
}

function prepared(timeline: ProblemTimeline, options: OptimiseOptions): Prepared {
  const settings = { ...DEFAULTS, ...options };
  const rules: Rules = {
    timeline,
    idleWeight: Math.min(1, Math.max(0, settings.idleWeight)),
    joinOnArrival: settings.joinOnArrival,
  };
  const closed: number[] = [];
  const plannable: number[] = [];
  timeline.rides.forEach((line, ride) => {
    if (line.closed) closed.push(ride);
    else if (line.lowestWaitFrom[0] !== Number.POSITIVE_INFINITY) plannable.push(ride);
  });
  return { settings, rules, plannable, closed, exact: plannable.length <= settings.exactRideLimit };
}

/**
 * One of the two starts of the search for a plan too large for the programme, as a thread of its
 * own can run it: the problem's grid, the options, and which start it is.
 *
 * `first`: the local search from the wide beam's order. `second`: from a second beam, a narrow one
 * ranked by cost or, when that one leaves a ride out (a day too short for every ride), a wide one
 * ranked by finish. Each start lays its own beam, so neither waits for the other.
 */
export interface SearchStart {
  readonly timeline: ProblemTimeline;
  readonly options: OptimiseOptions;
  readonly start: 'first' | 'second';
}

/** Runs the search's starts, each to its best order, on threads of their own or in turn. */
export type SearchStartRunner = (starts: readonly SearchStart[]) => Promise<number[][]>;

/**
 * The candidates the local search may simulate for `rides` plannable rides, over both starts: a
 * plan of fewer rides gets proportionally more, since each of its candidates costs less.
 */
function searchBudget(settings: Required<OptimiseOptions>, rides: number): number {
  return Math.round(settings.localSearchEvaluations * Math.max(1, BUDGET_RIDES / rides));
}

/**
 * One start of the search: its best order of the plannable rides. `moreTime` lets its local search
 * go on past its candidates (see `OrderSearchSettings`).
 */
function* searchFromStart(job: SearchStart, moreTime?: () => boolean): Work<number[]> {
  const { settings, rules, plannable } = prepared(job.timeline, job.options);
  const budget = searchBudget(settings, plannable.length);
  const half = Math.round(budget / 2);
  if (job.start === 'first') {
    let beam = yield* beamSearch(rules, plannable, settings.beamWidth);
    // A day too short for every ride: the local search never gives up cost to fit another ride, so
    // a start short of one is wasted where the second start fits it. Ranked by cost and finish
    // together, a beam often fits as many rides as one ranked by finish alone, at less cost.
    if ((beam?.count ?? 0) < plannable.length) {
      const balanced = yield* beamSearch(rules, plannable, settings.beamWidth, 'balanced');
      if (balanced && better(balanced, beam)) beam = balanced;
    }
    return yield* polish(
      rules,
      ridesOf(beam),
      plannable,
      half,
      settings.seed,
      settings.polishWindow,
      moreTime,
    );
  }
  const beam = yield* beamSearch(rules, plannable, SECOND_START_BEAM, 'meanFinish');
  let from = ridesOf(beam);
  let candidates = budget - half;
  if ((beam?.count ?? 0) < plannable.length) {
    // A day too short for every ride: the ride count comes first, and orders that could be done
    // with the rest earliest leave room for the most. Every beam may still leave out a ride that
    // fits, and a search for cost never gives up cost to fit it, so the order that finishes
    // earliest is searched for first.
    const byFinish = yield* beamSearch(rules, plannable, settings.beamWidth, 'finish');
    const seed = settings.seed + 2;
    from = yield* polish(rules, ridesOf(byFinish), plannable, FIT_CANDIDATES, seed, 0, undefined, 'finish');
    candidates -= FIT_CANDIDATES;
  }
  return yield* polish(
    rules,
    from,
    plannable,
    candidates,
    settings.seed + 1,
    settings.polishWindow,
    moreTime,
  );
}

/**
 * `searchFromStart` run to its end on the caller's turn, as a thread of its own runs it; with
 * `moreTime`, past its candidates while that says so.
 */
export function searchStartOrder(job: SearchStart, moreTime?: () => boolean): number[] {
  return completed(searchFromStart(job, moreTime));
}

function ridesOf(label: Label | undefined): number[] {
  return orderOf(label).map((step) => step.ride);
}

/** The best plan among `orders`, each given its best join minutes, and `beam` itself. */
function bestOf(
  rules: Rules,
  beam: Label | undefined,
  orders: readonly (readonly number[])[],
): Label | undefined {
  let best = beam;
  for (const order of orders) {
    const found = evaluateOrder(rules, order);
    if (found && better(found, best)) best = found;
  }
  return best;
}

/** A plan too large for the programme, up to its search's two starts. */
interface Begun {
  readonly rules: Rules;
  readonly closed: readonly number[];
  readonly starts: readonly SearchStart[];
}

/**
 * The plan as far as it goes before the search's starts: the whole plan when the programme can
 * prove it best, else the grid and the two starts to run on it.
 */
function* begin(problem: PlanProblem, options: OptimiseOptions): Work<PlanResult | Begun> {
  const timeline = yield* timelineInSteps(problem);
  const { settings, rules, plannable, closed, exact } = prepared(timeline, options);
  yield;
  if (exact) {
    // For an exact plan the search only supplies the incumbent that prunes the programme.
    const beam = yield* beamSearch(rules, plannable, EXACT_SEED_BEAM);
    const order = yield* polish(rules, ridesOf(beam), plannable, EXACT_SEED_EVALUATIONS, settings.seed, 0);
    const final = yield* exactOrder(rules, plannable, bestOf(rules, beam, [order]));
    return present(timeline, final, closed, 'exact');
  }
  const starts: SearchStart[] = [
    { timeline, options, start: 'first' },
    { timeline, options, start: 'second' },
  ];
  return { rules, closed, starts };
}

/** The plan from the orders its search's starts ended at. */
function finish(begun: Begun, orders: readonly (readonly number[])[]): PlanResult {
  return present(begun.rules.timeline, bestOf(begun.rules, undefined, orders), begun.closed, 'search');
}

function completed<T>(work: Work<T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

async function inTurns<T>(work: Work<T>): Promise<T> {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    await nextTurn();
  }
}

/**
 * Orders `problem.rides` to plan as many as fit before the end, then to pay least in time in line
 * and weighted idle time, then to finish first. Runs to completion on the caller's turn: for many
 * rides on a server, prefer `optimisePlanAsync`.
 */
export function optimisePlan(problem: PlanProblem, options: OptimiseOptions = {}): PlanResult {
  const begun = completed(begin(problem, options));
  if ('steps' in begun) return begun;
  return finish(
    begun,
    begun.starts.map((start) => completed(searchFromStart(start))),
  );
}

/**
 * `optimisePlan`, yielding to the event loop between chunks of work so no turn runs long; the
 * search's two starts are run by `runStarts` (on threads of their own) when given. The plan is the
 * same either way.
 */
export async function optimisePlanAsync(
  problem: PlanProblem,
  options: OptimiseOptions = {},
  runStarts?: SearchStartRunner,
): Promise<PlanResult> {
  const begun = await inTurns(begin(problem, options));
  if ('steps' in begun) return begun;
  if (runStarts) {
    // A thread that failed is no reason to fail the plan: the starts run on this thread instead.
    const orders = await runStarts(begun.starts).catch(() => undefined);
    if (orders) return finish(begun, orders);
  }
  const orders: number[][] = [];
  for (const start of begun.starts) orders.push(await inTurns(searchFromStart(start)));
  return finish(begun, orders);
}
