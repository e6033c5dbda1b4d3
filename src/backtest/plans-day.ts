/**
 * One park day of the touring-plan backtest: the rides' recorded posted waits, how an order of them
 * scores on those waits, and each strategy's order. Minutes count from the park day's midnight. A
 * party walks to a ride, reads its wait on arrival (linear in time between the day's readings, the
 * first or last reading outside them), waits that long, rides, and walks on; it never idles.
 *
 * Every strategy but `no_plan` and `shortest_wait_now` is the best order on some view of the
 * waits, found by an `Optimiser` (the optimiser's contract, `src/models/plan/types.ts`); the
 * backtest runs `optimiseNoIdle` (`plans-order.ts`), which rides as it scores.
 */
import {
  EXHAUSTIVE_RIDES,
  optimiseByEnumeration,
  optimiseByLabels,
  optimiseHindsight,
  permutations,
  programmeBound,
  PROGRAMME_RIDES,
  type Optimiser,
  type TourProblem,
} from './plans-order.js';

export { optimiseByEnumeration, optimiseDecision, optimiseNoIdle, type Optimiser } from './plans-order.js';

/** One ride's recorded posted waits on one day, ascending by minute. */
export interface RecordedDay {
  readonly minutes: Float64Array;
  readonly waits: Float64Array;
}

export interface DayRide {
  readonly id: string;
  readonly rideMinutes: number;
  readonly recorded: RecordedDay;
}

/** Where the party stands: a ride's index in the day's rides, or the park's entrance. */
export type Stop = number | 'entrance';

export interface TourDay {
  readonly rides: readonly DayRide[];
  /** The park's published opening, minutes since midnight. */
  readonly opening: number;
  walkMinutes(from: Stop, to: number): number;
}

/** A view of the day's waits a strategy plans with: the wait of ride `ride` joined at `minute`. */
export type WaitView = (ride: number, minute: number) => number;

/** The recorded wait at `minute`: linear between readings, the nearest reading outside them. */
export function recordedWaitAt({ minutes, waits }: RecordedDay, minute: number): number {
  const last = minutes.length - 1;
  if (last < 0) return Number.NaN;
  if (minute <= (minutes[0] ?? 0)) return waits[0] ?? Number.NaN;
  if (minute >= (minutes[last] ?? 0)) return waits[last] ?? Number.NaN;
  let low = 0;
  let high = last;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if ((minutes[middle] ?? 0) <= minute) low = middle;
    else high = middle;
  }
  const from = minutes[low] ?? 0;
  const to = minutes[high] ?? 0;
  const share = to > from ? (minute - from) / (to - from) : 0;
  return (waits[low] ?? 0) + share * ((waits[high] ?? 0) - (waits[low] ?? 0));
}

/** What is posted at `minute`: the latest reading at or before it (undefined before the first). */
export function postedAt({ minutes, waits }: RecordedDay, minute: number): number | undefined {
  let low = 0;
  let high = minutes.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((minutes[middle] ?? 0) <= minute) low = middle + 1;
    else high = middle;
  }
  return low === 0 ? undefined : waits[low - 1];
}

/**
 * How late a ride's first reading of the day may come after a decision and still count as posted
 * at it: the files record the waits a few minutes apart, so at the opening most rides have posted
 * but not yet been recorded.
 */
export const RECORDING_LAG_MINUTES = 15;

/**
 * What a visitor sees posted at a decision: the latest reading at or before it, or before the
 * ride's first reading of the day, that reading when it comes within `RECORDING_LAG_MINUTES`.
 */
export function postedNow(recorded: RecordedDay, minute: number): number | undefined {
  const posted = postedAt(recorded, minute);
  if (posted !== undefined) return posted;
  const first = recorded.minutes[0];
  return first !== undefined && first - minute <= RECORDING_LAG_MINUTES ? recorded.waits[0] : undefined;
}

/**
 * A wait at any minute from values at evenly spaced points (`values[i]` at `first + i * step`, NaN
 * where unknown): linear between known points, the nearest known one outside them, 0 with none.
 */
export function interpolated(
  values: readonly number[],
  first: number,
  step: number,
): (minute: number) => number {
  const known = values.flatMap((value, i) =>
    Number.isFinite(value) ? [{ at: first + i * step, value }] : [],
  );
  return (minute) => {
    const head = known[0];
    const tail = known.at(-1);
    if (!head || !tail) return 0;
    if (minute <= head.at) return head.value;
    if (minute >= tail.at) return tail.value;
    const after = known.findIndex((point) => point.at >= minute);
    const right = known[after] ?? tail;
    const left = known[after - 1] ?? head;
    return left.value + ((minute - left.at) / (right.at - left.at)) * (right.value - left.value);
  };
}

/** A wait at any minute from one value per hour 0-23 (NaN where unknown), each read at mid-hour. */
export const hourlyView = (values: readonly number[]) => interpolated(values, 30, 60);

/** The means of a day's readings in each half hour, at mid-half-hour (NaN where none). */
export function halfHourlyMeans(recorded: RecordedDay): (minute: number) => number {
  const sums = new Float64Array(60);
  const counts = new Float64Array(60);
  recorded.minutes.forEach((minute, i) => {
    const slot = Math.min(59, Math.max(0, Math.floor(minute / 30)));
    sums[slot] = (sums[slot] ?? 0) + (recorded.waits[i] ?? 0);
    counts[slot] = (counts[slot] ?? 0) + 1;
  });
  return interpolated(
    Array.from(sums, (sum, slot) => ((counts[slot] ?? 0) > 0 ? sum / (counts[slot] ?? 1) : Number.NaN)),
    15,
    30,
  );
}

/** Total recorded wait of riding `order` from the opening, and when the party is done. */
export function scoreOrder(
  day: TourDay,
  order: readonly number[],
): { waitMinutes: number; finishAt: number } {
  let at = day.opening;
  let from: Stop = 'entrance';
  let waitMinutes = 0;
  for (const ride of order) {
    const { recorded, rideMinutes } = day.rides[ride] ?? { recorded: undefined, rideMinutes: 0 };
    if (!recorded) continue;
    at += day.walkMinutes(from, ride);
    const wait = recordedWaitAt(recorded, at);
    waitMinutes += wait;
    at += wait + rideMinutes;
    from = ride;
  }
  return { waitMinutes, finishAt: at };
}

/** How far past a decision a plan may reach: every recorded park's rides fit in it many times over. */
const PLAN_HORIZON_MINUTES = 16 * 60;

/** Rides up to which `no_plan` averages over every order (8! = 40,320), and the orders it samples beyond. */
const MEAN_OVER_EVERY_ORDER_RIDES = 8;
const SAMPLED_ORDERS = 20_000;

/**
 * `no_plan`: the mean recorded wait over every order of the day's rides (over a fixed sample of
 * orders for a day of more than eight rides).
 */
export function meanOverOrders(day: TourDay): number {
  const rides = day.rides.map((_, i) => i);
  let total = 0;
  let count = 0;
  if (rides.length <= MEAN_OVER_EVERY_ORDER_RIDES) {
    for (const order of permutations(rides)) {
      total += scoreOrder(day, order).waitMinutes;
      count++;
    }
    return total / count;
  }
  // A fixed generator keeps the sample, and so the figure, the same from run to run.
  let seed = 0x9e3779b9;
  const random = () => {
    seed = (Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return seed / 2 ** 32;
  };
  for (let sample = 0; sample < SAMPLED_ORDERS; sample++) {
    const order = [...rides];
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
    }
    total += scoreOrder(day, order).waitMinutes;
  }
  return total / SAMPLED_ORDERS;
}

/**
 * The optimiser's best order of `remaining` on the view `waits`, starting at `start` from `from`:
 * the problem's entrance is where the party stands.
 */
export function bestOrder(
  day: TourDay,
  optimise: Optimiser,
  waits: WaitView,
  remaining: readonly number[],
  start: number,
  from: Stop = 'entrance',
  firstWait?: WaitView,
): number[] {
  if (remaining.length <= 1) return [...remaining];
  const result = optimise(tourProblem(day, waits, remaining, start, from, firstWait));
  const order = result.steps.map((step) => remaining[step.ride] ?? 0);
  // A ride the optimiser could not place still gets ridden, last.
  for (const ride of remaining) if (!order.includes(ride)) order.push(ride);
  return order;
}

/** The optimiser's problem of riding `remaining` on the view `waits` from `start` at `from`. */
export function tourProblem(
  day: TourDay,
  waits: WaitView,
  remaining: readonly number[],
  start: number,
  from: Stop = 'entrance',
  firstWait?: WaitView,
): TourProblem {
  return {
    rides: remaining.map((ride) => ({
      id: day.rides[ride]?.id ?? String(ride),
      rideMinutes: day.rides[ride]?.rideMinutes ?? 0,
      waitAt: (minute: number) => Math.max(0, waits(ride, minute)),
    })),
    start,
    // No closing: the party rides every ride (the scoring reads the last reading past it); the
    // horizon only bounds the optimiser's grid of join minutes.
    end: start + PLAN_HORIZON_MINUTES,
    walkMinutes: (stop, to) =>
      day.walkMinutes(stop === 'entrance' ? from : (remaining[stop] ?? 0), remaining[to] ?? 0),
    breaks: [],
    ...(firstWait
      ? { firstWaitAt: (ride: number, minute: number) => firstWait(remaining[ride] ?? 0, minute) }
      : {}),
  };
}

/** Riding towards a decision: the party's position after the rides of `order` so far. */
function advance(day: TourDay, at: number, from: Stop, ride: number): number {
  const arrive = at + day.walkMinutes(from, ride);
  const recorded = day.rides[ride]?.recorded;
  const wait = recorded ? recordedWaitAt(recorded, arrive) : 0;
  return arrive + wait + (day.rides[ride]?.rideMinutes ?? 0);
}

/**
 * A strategy that decides one ride at a time, at the opening and at each ride's end: `next` is
 * told the minute, where the party stands and the rides left, and names the next ride.
 */
export function decideAsYouGo(
  day: TourDay,
  next: (at: number, from: Stop, remaining: readonly number[]) => number,
): number[] {
  const remaining = day.rides.map((_, i) => i);
  const order: number[] = [];
  let at = day.opening;
  let from: Stop = 'entrance';
  while (remaining.length > 0) {
    const ride: number = remaining.length === 1 ? (remaining[0] ?? 0) : next(at, from, remaining);
    remaining.splice(remaining.indexOf(ride), 1);
    order.push(ride);
    at = advance(day, at, from, ride);
    from = ride;
  }
  return order;
}

/**
 * `shortest_wait_now`: at each decision, the ride with the lowest wait posted at that moment (a
 * ride that has posted nothing yet comes after those that have; ties go to the nearer).
 */
export function shortestWaitNow(day: TourDay): number[] {
  return decideAsYouGo(day, (at, from, remaining) => {
    let best = remaining[0] ?? 0;
    let bestKey = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
    for (const ride of remaining) {
      const recorded = day.rides[ride]?.recorded;
      const posted = recorded ? postedNow(recorded, at) : undefined;
      const key = [posted ?? Number.POSITIVE_INFINITY, day.walkMinutes(from, ride)];
      if (
        (key[0] ?? 0) < (bestKey[0] ?? 0) ||
        ((key[0] ?? 0) === (bestKey[0] ?? 0) && (key[1] ?? 0) < (bestKey[1] ?? 0))
      ) {
        best = ride;
        bestKey = key;
      }
    }
    return best;
  });
}

/**
 * A live re-plan: at each decision, each candidate next ride is costed at the wait `nextWait`
 * gives it now (what is posted, for the service) and the rest of the day at the optimiser's best
 * order on `restWaits` (the view the service holds at that minute) from the candidate's end; the
 * candidate with the lowest total is ridden.
 */
export function replanLive(
  day: TourDay,
  optimise: Optimiser,
  nextWait: (ride: number, at: number, arrive: number) => number,
  restWaits: (at: number) => WaitView,
): number[] {
  return decideAsYouGo(day, (at, from, remaining) => {
    const rest = restWaits(at);
    // Many rides: one search whose first ride is costed at `nextWait` weighs every candidate at once.
    if (remaining.length > EXHAUSTIVE_RIDES) {
      const order = bestOrder(day, optimise, rest, remaining, at, from, (ride, arrive) =>
        nextWait(ride, at, arrive),
      );
      return order[0] ?? remaining[0] ?? 0;
    }
    let best = remaining[0] ?? 0;
    let bestCost = Number.POSITIVE_INFINITY;
    for (const ride of remaining) {
      const arrive = at + day.walkMinutes(from, ride);
      const wait = Math.max(0, nextWait(ride, at, arrive));
      const others = remaining.filter((other) => other !== ride);
      const done = arrive + wait + (day.rides[ride]?.rideMinutes ?? 0);
      const tail = bestOrder(day, optimise, rest, others, done, ride);
      const cost = wait + plannedWait(day, rest, tail, done, ride);
      if (cost < bestCost) {
        best = ride;
        bestCost = cost;
      }
    }
    return best;
  });
}

/** The total wait of `order` from `start` at `from` as the view `waits` expects it. */
export function plannedWait(
  day: TourDay,
  waits: WaitView,
  order: readonly number[],
  start: number,
  from: Stop,
): number {
  let at = start;
  let stop = from;
  let total = 0;
  for (const ride of order) {
    at += day.walkMinutes(stop, ride);
    const wait = Math.max(0, waits(ride, at));
    total += wait;
    at += wait + (day.rides[ride]?.rideMinutes ?? 0);
    stop = ride;
  }
  return total;
}

/** Whether no ride's recorded wait falls faster than the clock: a party arriving later never leaves earlier. */
export function waitsNeverOvertake(day: TourDay): boolean {
  return day.rides.every(({ recorded: { minutes, waits } }) => {
    for (let i = 1; i < minutes.length; i++) {
      const drop = (waits[i - 1] ?? 0) - (waits[i] ?? 0);
      if (drop > (minutes[i] ?? 0) - (minutes[i - 1] ?? 0)) return false;
    }
    return true;
  });
}

/**
 * A ride's recorded wait at `minute` as if the party, arriving then, could stand aside for a
 * shorter line and count the minutes standing as wait: the earliest it can leave the line, less
 * `minute`. Never above the wait on arrival, and a party arriving later never leaves earlier.
 */
export function envelopeView(recorded: RecordedDay): (minute: number) => number {
  const { minutes, waits } = recorded;
  // The earliest exit from a line joined at each reading or later (the wait is flat past the last).
  const earliestFrom = new Float64Array(minutes.length + 1).fill(Number.POSITIVE_INFINITY);
  for (let i = minutes.length - 1; i >= 0; i--) {
    earliestFrom[i] = Math.min(
      earliestFrom[i + 1] ?? Number.POSITIVE_INFINITY,
      (minutes[i] ?? 0) + (waits[i] ?? 0),
    );
  }
  return (minute) => {
    let low = 0;
    let high = minutes.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((minutes[middle] ?? 0) < minute) low = middle + 1;
      else high = middle;
    }
    const exit = Math.min(
      minute + recordedWaitAt(recorded, minute),
      earliestFrom[low] ?? Number.POSITIVE_INFINITY,
    );
    return exit - minute;
  };
}

/** Hindsight's order, its wait, and a wait that no order can beat on the day's recorded waits. */
export interface Hindsight {
  readonly order: number[];
  readonly waitMinutes: number;
  readonly lowerBoundMinutes: number;
  /** The order is the search's (a day beyond the programme's reach), not a proven best. */
  readonly searched: boolean;
}

/**
 * Labels a layer of the envelope's programme may hold when it only bounds a day beyond the
 * programme's reach: fourteen rides walked at one pace stay inside it at a fraction of a second;
 * past it the bound is each ride's least wait.
 */
const BOUND_LAYER_LABELS = 30_000;

/**
 * The best order on the day's recorded waits: every order up to `EXHAUSTIVE_RIDES` rides; up to
 * `PROGRAMME_RIDES`, the labels' programme, exact when no wait falls faster than the clock, and
 * otherwise bounded below by the same programme on each ride's envelope (where the programme is
 * exact), the better of its order and the envelope's order kept; beyond, the search's order
 * (`searchedHindsight`).
 */
export function hindsight(day: TourDay): Hindsight {
  const all = day.rides.map((_, i) => i);
  const truth: WaitView = (ride, minute) => {
    const recorded = day.rides[ride]?.recorded;
    return recorded ? recordedWaitAt(recorded, minute) : 0;
  };
  if (all.length <= EXHAUSTIVE_RIDES) {
    const order = bestOrder(day, optimiseByEnumeration, truth, all, day.opening);
    const waitMinutes = scoreOrder(day, order).waitMinutes;
    return { order, waitMinutes, lowerBoundMinutes: waitMinutes, searched: false };
  }
  if (all.length > PROGRAMME_RIDES) return searchedHindsight(day, truth);
  const { order, exact } = provenOrder(day, waitsNeverOvertake(day), truth);
  const waitMinutes = scoreOrder(day, order).waitMinutes;
  if (exact) return { order, waitMinutes, lowerBoundMinutes: waitMinutes, searched: false };
  const envelopes = day.rides.map((ride) => envelopeView(ride.recorded));
  const envelope: WaitView = (ride, minute) => envelopes[ride]?.(minute) ?? 0;
  // Each envelope is a wait no later arrival overtakes, so the programme is exact on it.
  const { order: envelopeOrder, exact: bounded } = provenOrder(day, true, envelope);
  // Past the programme's reach, each ride's least wait from the opening on, a looser bound.
  const lowerBoundMinutes = bounded
    ? plannedWait(day, envelope, envelopeOrder, day.opening, 'entrance')
    : day.rides.reduce((sum, ride) => sum + leastWaitFrom(ride.recorded, day.opening), 0);
  const envelopeWait = scoreOrder(day, envelopeOrder).waitMinutes;
  return envelopeWait < waitMinutes
    ? { order: envelopeOrder, waitMinutes: envelopeWait, lowerBoundMinutes, searched: false }
    : { order, waitMinutes, lowerBoundMinutes, searched: false };
}

/**
 * Hindsight beyond the programme's reach: the search's order on the recorded waits, bounded below
 * by the envelope's programme while its layers stay within `BOUND_LAYER_LABELS`, else by each
 * ride's least wait from the earliest minute the party can reach it.
 */
function searchedHindsight(day: TourDay, truth: WaitView): Hindsight {
  const all = day.rides.map((_, i) => i);
  const order = bestOrder(day, optimiseHindsight, truth, all, day.opening);
  const waitMinutes = scoreOrder(day, order).waitMinutes;
  const envelopes = day.rides.map((ride) => envelopeView(ride.recorded));
  const envelope: WaitView = (ride, minute) => envelopes[ride]?.(minute) ?? 0;
  const bound =
    programmeBound(tourProblem(day, envelope, all, day.opening), BOUND_LAYER_LABELS) ??
    day.rides.reduce((sum, ride, index) => {
      const nearest = Math.min(
        ...([...all.filter((from) => from !== index), 'entrance'] as const).map((from) =>
          day.walkMinutes(from, index),
        ),
      );
      return sum + leastWaitFrom(ride.recorded, day.opening + nearest);
    }, 0);
  return { order, waitMinutes, lowerBoundMinutes: Math.min(bound, waitMinutes), searched: true };
}

/** The labels' programme's order of every ride on `waits`, and whether it is proven best. */
function provenOrder(day: TourDay, fifo: boolean, waits: WaitView): { order: number[]; exact: boolean } {
  const outcome = { exact: false };
  const order = bestOrder(
    day,
    (problem) => {
      const result = optimiseByLabels(problem, fifo);
      outcome.exact = result.method === 'exact';
      return result;
    },
    waits,
    day.rides.map((_, i) => i),
    day.opening,
  );
  return { order, exact: outcome.exact };
}

/** The least wait a ride's line has from `minute` on: the wait then, or a later reading's. */
function leastWaitFrom(recorded: RecordedDay, minute: number): number {
  let least = recordedWaitAt(recorded, minute);
  recorded.minutes.forEach((at, i) => {
    if (at >= minute) least = Math.min(least, recorded.waits[i] ?? least);
  });
  return least;
}
