/**
 * The backtest's best order of a day's rides, ridden as the backtest scores it: the party joins
 * each line on arrival, never idles, and the order's cost is its total wait. Up to
 * `EXHAUSTIVE_RIDES` rides every order is tried. Beyond, a dynamic programme over (rides done, the
 * last one) keeps, for each such state, the labels (the minute the party is free, the minutes it has
 * walked) that no other label of the state beats on both: a label that is free no later and has
 * walked no less has waited no more, and when no ride left has a wait that falls faster than the
 * clock (a party arriving later never leaves earlier), it finishes every continuation no later
 * and so waits no more in all. The programme is then exact. Where a wait does fall faster than the
 * clock, `orderBounds` measures how far the programme can be from the best order: the same
 * programme on each wait's envelope (what joining on arrival costs at best if the minutes spent
 * idling for a shorter line counted as wait) gives a total no order can beat.
 */
import type { PlanProblem, PlanResult, PlannedStep } from '../models/plan/types.js';

/** A plan problem of the backtest: the first ride may be costed on another view (the wait posted now). */
export interface TourProblem extends PlanProblem {
  /** The wait of the first ride joined at `minute`, in place of its `waitAt`. */
  firstWaitAt?(ride: number, minute: number): number;
}

/** The optimiser's contract for the backtest: the best order, costing the first ride by `firstWaitAt` when given. */
export type Optimiser = (problem: TourProblem) => PlanResult;

/** Rides up to which every order is tried (6! = 720 orders); the recorded parks hold at most four. */
export const EXHAUSTIVE_RIDES = 6;

/**
 * Labels a layer of the programme (the states with the same number of rides done) may hold; past
 * it only the labels with the least wait stay, and the order is found by search. Twelve rides of
 * recorded waits stay inside it; fourteen or more may not (docs/plans.md).
 */
const LAYER_LABELS = 400_000;

/** Every order of `items`. */
export function* permutations(items: readonly number[]): Generator<number[]> {
  if (items.length <= 1) {
    yield [...items];
    return;
  }
  for (let i = 0; i < items.length; i++) {
    const rest = [...items.slice(0, i), ...items.slice(i + 1)];
    for (const tail of permutations(rest)) yield [items[i] ?? 0, ...tail];
  }
}

const waitOf = (problem: TourProblem, ride: number, minute: number, first: boolean): number => {
  const wait =
    first && problem.firstWaitAt ? problem.firstWaitAt(ride, minute) : problem.rides[ride]?.waitAt(minute);
  return Math.max(0, wait ?? 0);
};

function result(
  problem: TourProblem,
  order: readonly number[],
  wait: number,
  walk: number,
  finish: number,
  exact: boolean,
): PlanResult {
  return {
    steps: order.map((ride): PlannedStep => ({
      ride,
      walkMinutes: 0,
      arriveAt: 0,
      joinAt: 0,
      waitMinutes: 0,
      via: 'standby',
      departAt: 0,
    })),
    notPlanned: [],
    totalWaitMinutes: wait,
    totalWalkMinutes: walk,
    finishAt: order.length > 0 ? finish : problem.start,
    lowerBoundWaitMinutes: exact ? wait : Number.NaN,
    method: exact ? 'exact' : 'search',
  };
}

/** Every order tried, each ridden without idling: exact, for a few rides. */
export function optimiseByEnumeration(problem: TourProblem): PlanResult {
  const indices = problem.rides.map((_, i) => i);
  let best: { order: number[]; wait: number; walk: number; finish: number } | undefined;
  for (const order of permutations(indices)) {
    let at = problem.start;
    let stop: number | 'entrance' = 'entrance';
    let wait = 0;
    let walk = 0;
    for (const ride of order) {
      const step = problem.walkMinutes(stop, ride);
      walk += step;
      at += step;
      const minutes = waitOf(problem, ride, at, stop === 'entrance');
      wait += minutes;
      at += minutes + (problem.rides[ride]?.rideMinutes ?? 0);
      stop = ride;
    }
    if (!best || wait < best.wait) best = { order, wait, walk, finish: at };
  }
  return result(
    problem,
    best?.order ?? [],
    best?.wait ?? 0,
    best?.walk ?? 0,
    best?.finish ?? problem.start,
    true,
  );
}

interface Label {
  /** When the party leaves the last ride. */
  readonly at: number;
  readonly wait: number;
  readonly walk: number;
  readonly ride: number;
  readonly parent: Label | undefined;
}

/** Adds `label` to a state's labels unless one of them beats it; drops those it beats. */
function insert(labels: Label[], label: Label): boolean {
  for (const other of labels) if (other.at <= label.at && other.walk >= label.walk) return false;
  let kept = 0;
  for (const other of labels) if (!(label.at <= other.at && label.walk >= other.walk)) labels[kept++] = other;
  labels.length = kept;
  labels.push(label);
  return true;
}

/**
 * The dynamic programme over (rides done, last ride) with Pareto labels: the best order when no
 * wait falls faster than the clock and no layer outgrows `LAYER_LABELS`; `method` says `exact`
 * only when the caller vouches for the first (`fifo`) and the second held.
 */
export function optimiseByLabels(problem: TourProblem, fifo = false): PlanResult {
  const n = problem.rides.length;
  if (n === 0) return result(problem, [], 0, 0, problem.start, true);
  // The walks once, as a matrix: the walk function may be costly and the programme asks often.
  const fromEntrance = Float64Array.from({ length: n }, (_, to) => problem.walkMinutes('entrance', to));
  const walks = Array.from({ length: n }, (_, from) =>
    Float64Array.from({ length: n }, (_, to) => (from === to ? 0 : problem.walkMinutes(from, to))),
  );
  const rideMinutes = Float64Array.from(problem.rides, (ride) => ride.rideMinutes);
  let layer = new Map<number, Label[]>();
  for (let ride = 0; ride < n; ride++) {
    const walk = fromEntrance[ride] ?? 0;
    const arrive = problem.start + walk;
    const wait = waitOf(problem, ride, arrive, true);
    layer.set((1 << ride) * n + ride, [
      { at: arrive + wait + (rideMinutes[ride] ?? 0), wait, walk, ride, parent: undefined },
    ]);
  }
  let pruned = false;
  for (let done = 1; done < n; done++) {
    const next = new Map<number, Label[]>();
    for (const [key, labels] of layer) {
      const last = key % n;
      const mask = (key - last) / n;
      for (let ride = 0; ride < n; ride++) {
        if (mask & (1 << ride)) continue;
        const nextKey = (mask | (1 << ride)) * n + ride;
        let target = next.get(nextKey);
        if (!target) {
          target = [];
          next.set(nextKey, target);
        }
        const step = walks[last]?.[ride] ?? 0;
        for (const label of labels) {
          const arrive = label.at + step;
          const wait = waitOf(problem, ride, arrive, false);
          insert(target, {
            at: arrive + wait + (rideMinutes[ride] ?? 0),
            wait: label.wait + wait,
            walk: label.walk + step,
            ride,
            parent: label,
          });
        }
      }
    }
    layer = next;
    let count = 0;
    for (const labels of layer.values()) count += labels.length;
    if (count > LAYER_LABELS) {
      pruned = true;
      layer = keepLeastWait(layer, LAYER_LABELS);
    }
  }
  let best: Label | undefined;
  for (const labels of layer.values())
    for (const label of labels) if (!best || label.wait < best.wait) best = label;
  const order: number[] = [];
  for (let label = best; label; label = label.parent) order.unshift(label.ride);
  return result(problem, order, best?.wait ?? 0, best?.walk ?? 0, best?.at ?? problem.start, fifo && !pruned);
}

/** The `limit` labels of a layer with the least wait so far, by state. */
function keepLeastWait(layer: Map<number, Label[]>, limit: number): Map<number, Label[]> {
  const all: { key: number; label: Label }[] = [];
  for (const [key, labels] of layer) for (const label of labels) all.push({ key, label });
  all.sort((a, b) => a.label.wait - b.label.wait);
  const kept = new Map<number, Label[]>();
  for (const { key, label } of all.slice(0, limit)) {
    const labels = kept.get(key) ?? [];
    labels.push(label);
    kept.set(key, labels);
  }
  return kept;
}

/** The backtest's optimiser: every order up to `EXHAUSTIVE_RIDES` rides, the programme beyond. */
export function optimiseNoIdle(problem: TourProblem): PlanResult {
  return problem.rides.length <= EXHAUSTIVE_RIDES
    ? optimiseByEnumeration(problem)
    : optimiseByLabels(problem);
}
