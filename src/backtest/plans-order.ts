/**
 * The backtest's best order of a day's rides, ridden as the backtest scores it: the party joins
 * each line on arrival, never idles, and the order's cost is its total wait. Up to
 * `EXHAUSTIVE_RIDES` rides every order is tried. Up to `PROGRAMME_RIDES`, a dynamic programme over
 * (rides done, the last one) keeps, for each such state, the labels (the minute the party is free,
 * the minutes it has walked) that no other label of the state beats on both: a label that is free no
 * later and has walked no less has waited no more, and when no ride left has a wait that falls
 * faster than the clock (a party arriving later never leaves earlier), it finishes every
 * continuation no later and so waits no more in all. The programme is then exact. Where a wait does
 * fall faster than the clock, `hindsight` (`plans-day.ts`) measures how far the programme can be from the best
 * order: the same programme on each wait's envelope (what joining on arrival costs at best if the
 * minutes spent idling for a shorter line counted as wait) gives a total no order can beat. Beyond
 * `PROGRAMME_RIDES` the programme's layers outgrow what a day can afford, and the service's own
 * order search orders the rides (`optimiseBySearch`).
 */
import { optimisePlan } from '../models/plan/optimise.js';
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

/**
 * Rides up to which the labels' programme orders a problem. At fourteen rides of noisy recorded
 * waits a layer outgrows `LAYER_LABELS` and one programme takes 14 s or more, and it grows about
 * threefold with each ride after (docs/plans.md); beyond, `optimiseBySearch` orders the rides.
 */
export const PROGRAMME_RIDES = 13;

/** How much searching one order past the programme's reach gets. */
export interface SearchBudget {
  /** Candidate orders simulated, counted for 25 rides (the service's search gives fewer rides more). */
  readonly candidates: number;
  /** Rides in each window of the found order re-ordered exactly at the end (0: none). */
  readonly polishWindow: number;
  /** Partial orders the search's first beam keeps at each depth. */
  readonly beamWidth: number;
  /**
   * Steps of the search's grid per minute. The service's search joins lines on whole minutes of
   * its grid, the backtest on the minute of arrival; on a grid of whole minutes each ride's join
   * drifts up to a minute late, which at fourteen rides or more costs the search's orders 1% to 2%
   * of wait on the backtest's scoring. A finer grid keeps the drift small; reading it costs in
   * proportion.
   */
  readonly stepsPerMinute: number;
}

/**
 * Hindsight past the programme's reach, the limit every capture is measured against: a quarter of
 * a second at 24 rides on a shared core. The windows' polish gains less than the same time spent on
 * candidates.
 */
export const HINDSIGHT_SEARCH: SearchBudget = {
  candidates: 40_000,
  polishWindow: 0,
  beamWidth: 20,
  stepsPerMinute: 10,
};

/** Another order made once a day (`plan`, `typical`, the yardsticks). */
export const DAY_SEARCH: SearchBudget = { ...HINDSIGHT_SEARCH, candidates: 20_000 };

/**
 * Each of `live`'s decisions, which searches again at every ride's end and rides only the order's
 * first ride: a coarser grid and a narrow beam, a tenth of a second at 24 rides.
 */
export const DECISION_SEARCH: SearchBudget = {
  candidates: 10_000,
  polishWindow: 0,
  beamWidth: 5,
  stepsPerMinute: 5,
};

/** Doublings of the search's horizon allowed when a long day's rides do not all fit in it. */
const HORIZON_DOUBLINGS = 4;

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

/** `order` ridden from the start without idling, on the problem's waits: its wait, walk and end. */
function ridden(
  problem: TourProblem,
  order: readonly number[],
): { wait: number; walk: number; finish: number } {
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
  return { wait, walk, finish: at };
}

/** Every order tried, each ridden without idling: exact, for a few rides. */
export function optimiseByEnumeration(problem: TourProblem): PlanResult {
  const indices = problem.rides.map((_, i) => i);
  let best: { order: number[]; wait: number; walk: number; finish: number } | undefined;
  for (const order of permutations(indices)) {
    const { wait, walk, finish } = ridden(problem, order);
    if (!best || wait < best.wait) best = { order, wait, walk, finish };
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
  const { best, pruned } = labelProgramme(problem, LAYER_LABELS, 'prune') ?? { pruned: true };
  const order: number[] = [];
  for (let label = best; label; label = label.parent) order.unshift(label.ride);
  return result(problem, order, best?.wait ?? 0, best?.walk ?? 0, best?.at ?? problem.start, fifo && !pruned);
}

/**
 * The least total wait of the labels' programme, abandoned (undefined) as soon as a layer outgrows
 * `layerLabels`: on waits that no later arrival overtakes, a total no order beats, at a cost the
 * caller caps.
 */
export function programmeBound(problem: TourProblem, layerLabels: number): number | undefined {
  if (problem.rides.length === 0) return 0;
  const outcome = labelProgramme(problem, layerLabels, 'abandon');
  return outcome?.best?.wait;
}

/**
 * The programme's layers, one per number of rides done; a layer past `layerLabels` keeps only its
 * labels with the least wait (`prune`) or ends the programme (`abandon`, undefined).
 */
function labelProgramme(
  problem: TourProblem,
  layerLabels: number,
  overflow: 'prune' | 'abandon',
): { best: Label | undefined; pruned: boolean } | undefined {
  const n = problem.rides.length;
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
    if (count > layerLabels) {
      if (overflow === 'abandon') return undefined;
      pruned = true;
      layer = keepLeastWait(layer, layerLabels);
    }
  }
  let best: Label | undefined;
  for (const labels of layer.values())
    for (const label of labels) if (!best || label.wait < best.wait) best = label;
  return { best, pruned };
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

/**
 * A wait at any minute from `waitAt` read once a minute from `start` on, linear between: the
 * search's grid reads every step, and a view of the day (a nowcast faded into the posted wait) may
 * cost more than the line between its minutes.
 */
function readEachMinute(
  waitAt: (minute: number) => number | null,
  start: number,
): (minute: number) => number | null {
  const read: (number | null)[] = [];
  const at = (k: number) => {
    let wait = read[k];
    if (wait === undefined) {
      wait = waitAt(start + k);
      read[k] = wait;
    }
    return wait;
  };
  return (minute) => {
    const offset = Math.max(0, minute - start);
    const k = Math.floor(offset);
    const share = offset - k;
    const low = at(k);
    if (share === 0 || low === null) return low;
    const high = at(k + 1);
    return high === null ? null : low + share * (high - low);
  };
}

/**
 * The service's order search (`optimisePlan` past its exact programme) on the problem as the
 * backtest rides it: each line joined on arrival, minutes in line alone counted, on a grid of
 * `budget.stepsPerMinute` steps a minute. The first ride's wait (`firstWaitAt`, when given) is
 * the ride's wait at the step the party reaches it from the start: any later visit comes a ride's
 * minutes or more after it. The horizon doubles until every ride fits in it. The order's wait is
 * then read on the problem's own waits; `method` is `search`, with no bound.
 */
export function optimiseBySearch(problem: TourProblem, budget: SearchBudget): PlanResult {
  const steps = budget.stepsPerMinute;
  const views = problem.rides.map((ride) => readEachMinute((minute) => ride.waitAt(minute), problem.start));
  const firstJoins = problem.rides.map((_, ride) => {
    const arrive = problem.start + problem.walkMinutes('entrance', ride);
    return {
      step: Math.ceil(arrive * steps - 1e-9),
      wait: problem.firstWaitAt ? Math.max(0, problem.firstWaitAt(ride, arrive)) : undefined,
    };
  });
  const gridRides = problem.rides.map((ride, index) => ({
    id: ride.id,
    rideMinutes: ride.rideMinutes * steps,
    waitAt: (step: number) => {
      const first = firstJoins[index];
      if (first?.wait !== undefined && step <= first.step) return first.wait * steps;
      const wait = views[index]?.(step / steps) ?? null;
      return wait === null ? null : Math.max(0, wait) * steps;
    },
  }));
  let horizon = problem.end - problem.start;
  let planned: PlanResult | undefined;
  for (let doubling = 0; doubling <= HORIZON_DOUBLINGS; doubling++) {
    planned = optimisePlan(
      {
        rides: gridRides,
        start: problem.start * steps,
        end: (problem.start + horizon) * steps,
        walkMinutes: (from, to) => problem.walkMinutes(from, to) * steps,
        breaks: [],
      },
      {
        exactRideLimit: 0,
        joinOnArrival: true,
        idleWeight: 0,
        localSearchEvaluations: budget.candidates,
        polishWindow: budget.polishWindow,
        beamWidth: budget.beamWidth,
      },
    );
    if (planned.notPlanned.length === 0) break;
    horizon *= 2;
  }
  const order = planned?.steps.map((step) => step.ride) ?? [];
  const { wait, walk, finish } = ridden(problem, order);
  return result(problem, order, wait, walk, finish, false);
}

/**
 * The backtest's optimiser: every order up to `EXHAUSTIVE_RIDES` rides, the programme up to
 * `PROGRAMME_RIDES`, the service's search within `budget` beyond.
 */
export function optimiseWithin(budget: SearchBudget): (problem: TourProblem) => PlanResult {
  return (problem) =>
    problem.rides.length <= EXHAUSTIVE_RIDES
      ? optimiseByEnumeration(problem)
      : problem.rides.length <= PROGRAMME_RIDES
        ? optimiseByLabels(problem)
        : optimiseBySearch(problem, budget);
}

/** The backtest's optimiser for hindsight. */
export const optimiseHindsight = optimiseWithin(HINDSIGHT_SEARCH);

/** The backtest's optimiser for another order made once a day. */
export const optimiseNoIdle = optimiseWithin(DAY_SEARCH);

/** The backtest's optimiser for each of `live`'s decisions. */
export const optimiseDecision = optimiseWithin(DECISION_SEARCH);
