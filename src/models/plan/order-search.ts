/**
 * The search over orders for plans too large for the exact programme: an iterated local search
 * whose every candidate order is simulated on the problem's grid, joining each line at the first
 * minute it can. A candidate differs from the current order only from some position on, so it is
 * simulated from there, starting from the current order's saved state, and abandoned as soon as
 * it can no longer win.
 *
 * Pure and repeatable: kicks are drawn from a seeded generator and the budget is counted in
 * candidates, not time; only a caller's `moreTime` can let it go on past them.
 */
import { Rng } from '../../lib/random.js';
import { joinIndexFrom, joinLine, lowestWaitByMinute, type Join, type ProblemTimeline } from './timeline.js';

export interface OrderSearchSettings {
  /** Candidate orders the search may simulate. */
  readonly candidates: number;
  /** What an idle minute costs against a minute in line. */
  readonly idleWeight: number;
  /**
   * The party may stand aside for a shorter line: it joins each line at the minute it leaves it
   * first. With idle priced like time in line that is the best join for a fixed order (a party out
   * earlier can idle to copy any later one at no more cost); otherwise it joins at the first minute.
   */
  readonly standAside: boolean;
  /** Seeds the kicks; the same seed gives the same search. */
  readonly seed: number;
  /**
   * Rides in each window of the best order found that are re-ordered exactly once the candidates
   * are spent (below 3, none).
   */
  readonly polishWindow: number;
  /**
   * Asked once the candidates are spent, and after each further kick and its descent: whether the
   * search may go on (up to `MOST_CANDIDATES_EXTENDED` times its candidates). The caller decides,
   * by its clock and load; without it the search is repeatable.
   */
  readonly moreTime?: () => boolean;
  /**
   * What decides between two orders that plan as many rides: `cost` (the default), or `finish`,
   * the minutes of the day the party uses (its cost only breaking ties). On a day too short for
   * every ride, the orders that finish earliest leave room for the most rides.
   */
  readonly objective?: 'cost' | 'finish';
}

/** Where a simulated party stands after some prefix of an order. */
interface Progress {
  count: number;
  cost: number;
  time: number;
}

/** A party's state after a step, and the ride (or entrance) where it stands. */
interface Step extends Progress {
  at: number;
}

/**
 * An order of rides with the party's state before each position. `state` index `k` is the state
 * after the first `k` rides of the order (a ride that cannot be joined in time is skipped).
 */
class SimulatedOrder {
  readonly order: Int32Array;
  readonly freeAt: Float64Array;
  readonly cost: Float64Array;
  readonly count: Int32Array;
  readonly standsAt: Int32Array;

  constructor(size: number) {
    this.order = new Int32Array(size);
    this.freeAt = new Float64Array(size + 1);
    this.cost = new Float64Array(size + 1);
    this.count = new Int32Array(size + 1);
    this.standsAt = new Int32Array(size + 1);
  }

  final(): Progress {
    const n = this.order.length;
    return { count: this.count[n] ?? 0, cost: this.cost[n] ?? 0, time: this.freeAt[n] ?? 0 };
  }

  copyFrom(other: SimulatedOrder, from: number): void {
    this.order.set(other.order.subarray(from), from);
    this.freeAt.set(other.freeAt.subarray(from), from);
    this.cost.set(other.cost.subarray(from), from);
    this.count.set(other.count.subarray(from), from);
    this.standsAt.set(other.standsAt.subarray(from), from);
  }
}

const EPSILON = 1e-9;
/**
 * Under the `finish` objective, what a minute of the day used costs against a minute in line: so
 * much that the minutes used decide and the cost only breaks ties. Each ride's lowest wait stays a
 * bound on what it adds, so the search prunes as it does for cost.
 */
const MINUTE_OF_DAY_WEIGHT = 1_000;
/**
 * A local optimum within this share of the best order's cost (and as many rides) becomes the order
 * the next kick starts from: kicking only the best order keeps the search in one basin, and a
 * walk through near-best optima reaches neighbouring basins that a kick from the best does not.
 */
const ACCEPT_WITHIN = 0.01;

function isBetter(a: Progress, b: Progress): boolean {
  if (a.count !== b.count) return a.count > b.count;
  if (Math.abs(a.cost - b.cost) > EPSILON) return a.cost < b.cost;
  return a.time < b.time - EPSILON;
}

/** The search's state: the problem's grid, the current and candidate orders, the budget spent. */
class Search {
  readonly size: number;
  readonly current: SimulatedOrder;
  readonly candidate: SimulatedOrder;
  /** Each ride's lowest wait at any joinable minute of the day. */
  readonly leastWait: Float64Array;
  /**
   * Each ride's lowest wait from each grid index on, minute-major (`index * rideCount + ride`),
   * the day's lowest where none is left: a ride no longer joinable is skipped, and a plan short of
   * the bar's rides loses anyway.
   */
  private readonly lowestFrom: Float64Array;
  private readonly lastIndex: number;
  /**
   * The bound's sum over the rides from each position on, for a candidate that stands where the
   * current order does there: every candidate keeps the current order's rides before the position
   * it changes from, so the rides after it are the same set. Valid while `stillVersion` is
   * `version`, which counts the changes to the current order.
   */
  private readonly stillFrom: Float64Array;
  private readonly stillVersion: Int32Array;
  private version = 0;
  spent = 0;
  /** Ride steps simulated: the work between two yields is counted in these. */
  steps = 0;
  private stepsAtYield = 0;
  private readonly scratchStep: Step = { count: 0, cost: 0, time: 0, at: 0 };
  private readonly scratchJoin: Join = { index: 0, wait: 0, idle: 0, leave: 0 };

  constructor(
    private readonly timeline: ProblemTimeline,
    private readonly idleWeight: number,
    start: readonly number[],
    private readonly standAside = false,
    /** What each minute of the day the party uses adds to the cost (the `finish` objective). */
    private readonly minuteWeight = 0,
  ) {
    this.size = start.length;
    this.leastWait = Float64Array.from(timeline.rides, (line) => {
      const lowest = line.lowestWaitFrom[0] ?? 0;
      return Number.isFinite(lowest) ? lowest : 0;
    });
    this.stillFrom = new Float64Array(this.size + 1);
    this.stillVersion = new Int32Array(this.size + 1).fill(-1);
    const byMinute = lowestWaitByMinute(
      timeline,
      timeline.rides.map((_, ride) => ride),
      (ride) => this.leastWait[ride] ?? 0,
    );
    this.lowestFrom = byMinute.table;
    this.lastIndex = byMinute.lastIndex;
    this.current = new SimulatedOrder(this.size);
    this.candidate = new SimulatedOrder(this.size);
    this.current.order.set(start);
    this.current.freeAt[0] = timeline.start;
    this.current.standsAt[0] = timeline.rideCount;
    this.simulate(this.current, 0);
  }

  /**
   * Simulates `target.order` from position `from` (the state there must be set) to the end, or
   * until it cannot beat a plan of `barCount` rides costing `barCost`; whether it got to the end.
   * From `sameFrom` on the target's order is the current order's: once the party stands where and
   * when it does in the current order, the rest is the current order's, shifted by what the two
   * have paid and ridden so far, and is copied instead of simulated.
   */
  simulate(
    target: SimulatedOrder,
    from: number,
    barCount = -1,
    barCost = Number.POSITIVE_INFINITY,
    sameFrom = this.size,
  ): boolean {
    const bar = barCount >= 0;
    const { size } = this;
    const { order, cost, count } = target;
    // The least the rides still to come can add: each one's lowest wait from the time the party is
    // free at `from` on (it only gets later).
    const { current, lowestFrom } = this;
    let still = 0;
    let row = 0;
    if (bar) {
      const freeAt = target.freeAt[from] ?? 0;
      row = Math.min(joinIndexFrom(this.timeline, freeAt), this.lastIndex) * this.timeline.rideCount;
      const standsAsCurrent = target !== current && freeAt === current.freeAt[from];
      if (standsAsCurrent && this.stillVersion[from] === this.version) still = this.stillFrom[from] ?? 0;
      else {
        for (let position = from; position < size; position++)
          still += lowestFrom[row + (order[position] ?? 0)] ?? 0;
        if (standsAsCurrent) {
          this.stillFrom[from] = still;
          this.stillVersion[from] = this.version;
        }
      }
    }
    for (let position = from; position < size; position++) {
      if (
        position >= sameFrom &&
        position > from &&
        target.freeAt[position] === current.freeAt[position] &&
        target.standsAt[position] === current.standsAt[position]
      ) {
        const paid = (cost[position] ?? 0) - (current.cost[position] ?? 0);
        const ridden = (count[position] ?? 0) - (current.count[position] ?? 0);
        for (let rest = position + 1; rest <= size; rest++) {
          target.freeAt[rest] = current.freeAt[rest] ?? 0;
          target.standsAt[rest] = current.standsAt[rest] ?? 0;
          cost[rest] = (current.cost[rest] ?? 0) + paid;
          count[rest] = (current.count[rest] ?? 0) + ridden;
        }
        return true;
      }
      if (bar) {
        const reachable = (count[position] ?? 0) + size - position;
        if (reachable < barCount) return false;
        if (reachable === barCount && (cost[position] ?? 0) + still > barCost + EPSILON) return false;
        still -= lowestFrom[row + (order[position] ?? 0)] ?? 0;
      }
      this.advance(target, position);
    }
    return true;
  }

  /**
   * Sets the state after `position` from the state before it and the ride there, joined at the
   * first minute it can be (skipped when it cannot be joined in time).
   */
  advance(target: SimulatedOrder, position: number): void {
    const { order, freeAt, cost, count, standsAt } = target;
    const step = this.stepFrom(
      freeAt[position] ?? 0,
      standsAt[position] ?? this.timeline.rideCount,
      cost[position] ?? 0,
      count[position] ?? 0,
      order[position] ?? 0,
    );
    freeAt[position + 1] = step.time;
    standsAt[position + 1] = step.at;
    cost[position + 1] = step.cost;
    count[position + 1] = step.count;
  }

  /**
   * The party's state after `ride`, free at `free` where it stands (`at`, `rideCount` for the
   * entrance) having paid `paid` for `done` rides: joined at the first minute it can, or skipped
   * when it cannot be joined in time. Written into one scratch object, read before the next step.
   */
  stepFrom(free: number, at: number, paid: number, done: number, ride: number): Readonly<Step> {
    this.steps++;
    const out = this.scratchStep;
    const join = this.scratchJoin;
    if (!joinLine(this.timeline, free, at, ride, this.standAside, join)) {
      out.time = free;
      out.at = at;
      out.cost = paid;
      out.count = done;
      return out;
    }
    out.time = join.leave;
    out.at = ride;
    out.cost = paid + join.wait + this.idleWeight * join.idle + this.minuteWeight * (join.leave - free);
    out.count = done + 1;
    return out;
  }

  /** Tries the current order with the ride at `position` moved to `to`; whether it was adopted. */
  tryMove(position: number, to: number): boolean {
    const { current, candidate } = this;
    const order = current.order;
    const write = candidate.order;
    const ride = order[position] ?? 0;
    const low = Math.min(position, to);
    const high = Math.max(position, to);
    write.set(order.subarray(low), low);
    if (to < position) write.copyWithin(to + 1, to, position);
    else write.copyWithin(position, position + 1, to + 1);
    write[to] = ride;
    return this.tryCandidate(low, high + 1);
  }

  /**
   * Simulates the candidate (its order already written from `from` on) and adopts it when it
   * beats the current order.
   */
  tryCandidate(from: number, sameFrom = this.size): boolean {
    const { current, candidate } = this;
    candidate.freeAt[from] = current.freeAt[from] ?? 0;
    candidate.cost[from] = current.cost[from] ?? 0;
    candidate.count[from] = current.count[from] ?? 0;
    candidate.standsAt[from] = current.standsAt[from] ?? 0;
    return this.finishCandidate(from, from, sameFrom);
  }

  /**
   * Simulates the rest of the candidate from `from` (its state there already set) and adopts it,
   * from `changedFrom` on, when it beats the current order.
   */
  finishCandidate(from: number, changedFrom: number, sameFrom = this.size): boolean {
    this.spent++;
    const { current, candidate } = this;
    const n = this.size;
    const barCount = current.count[n] ?? 0;
    const barCost = current.cost[n] ?? 0;
    if (!this.simulate(candidate, from, barCount, barCost, sameFrom)) return false;
    const count = candidate.count[n] ?? 0;
    const cost = candidate.cost[n] ?? 0;
    const better =
      count !== barCount
        ? count > barCount
        : Math.abs(cost - barCost) > EPSILON
          ? cost < barCost
          : (candidate.freeAt[n] ?? 0) < (current.freeAt[n] ?? 0) - EPSILON;
    if (!better) return false;
    current.copyFrom(candidate, changedFrom);
    this.version++;
    return true;
  }

  get rideCount(): number {
    return this.timeline.rideCount;
  }

  /** Whether enough steps have been simulated since the last yield to yield again. */
  dueToYield(): boolean {
    if (this.steps - this.stepsAtYield < STEPS_PER_CHUNK) return false;
    this.stepsAtYield = this.steps;
    return true;
  }

  /** Replaces the current order and simulates it, better or not. */
  adopt(order: readonly number[]): void {
    this.current.order.set(order);
    this.simulate(this.current, 0);
    this.version++;
  }
}

/**
 * One pass over every move of the neighbourhood, adopting each improvement as it is found: move a
 * run of up to `LONGEST_MOVED_RUN` rides (as it is or reversed) elsewhere, reverse a run, swap two
 * rides.
 * Whether anything improved.
 */
function* descentPass(search: Search, budget: number): Generator<undefined, boolean> {
  const n = search.size;
  const { current, candidate } = search;
  const write = candidate.order;
  let improved = false;

  for (let length = 1; length <= LONGEST_MOVED_RUN; length++) {
    for (let i = 0; i + length <= n; i++) {
      for (let reversed = 0; reversed < (length > 1 ? 2 : 1); reversed++) {
        for (let to = 0; to + length <= n; to++) {
          if (to === i && reversed === 0) continue;
          if (search.spent >= budget) return improved;
          const order = current.order;
          // The rest of the order without the run, then the run inserted at `to`.
          let w = 0;
          for (let k = 0; k < n; k++) {
            if (k === i) k += length - 1;
            else {
              if (w === to) w += length;
              write[w++] = order[k] ?? 0;
            }
          }
          for (let r = 0; r < length; r++) write[to + r] = order[i + (reversed ? length - 1 - r : r)] ?? 0;
          if (search.tryCandidate(Math.min(i, to), Math.max(i, to) + length)) improved = true;
          if (search.dueToYield()) yield;
        }
      }
    }
  }
  for (let i = 0; i < n - 1; i++) {
    for (let j = i + 1; j < n; j++) {
      if (search.spent >= budget) return improved;
      const order = current.order;
      // Swap rides i and j.
      write.set(order.subarray(i), i);
      write[i] = order[j] ?? 0;
      write[j] = order[i] ?? 0;
      if (search.tryCandidate(i, j + 1)) improved = true;
      if (j > i + 3) {
        // Reverse the run i..j; short runs are left to the swaps and moves, like longer moved runs.
        if (search.spent >= budget) return improved;
        const again = current.order;
        write.set(again.subarray(i), i);
        for (let k = 0; k <= j - i; k++) write[i + k] = again[j - k] ?? 0;
        if (search.tryCandidate(i, j + 1)) improved = true;
      }
      if (search.dueToYield()) yield;
    }
  }
  return improved;
}

/**
 * On a day too short for every ride: each ride the order leaves out put where it does best, in
 * exchange for a ride the order plans, sent to the end of the day (where it is left out in turn).
 * Which rides a short day leaves out matters as much as their order, and a single move or swap
 * rarely trades one for another: bringing a ride in pushes out whichever rides come last, and
 * sending a planned ride to the end alone plans a ride fewer. Whether anything improved.
 */
function* exchangePass(search: Search, budget: number): Generator<undefined, boolean> {
  const n = search.size;
  const { current, candidate } = search;
  if ((current.count[n] ?? 0) >= n) return false;
  const write = candidate.order;
  const leftOutAt = (position: number): boolean => current.count[position + 1] === current.count[position];
  const leftOut = Array.from(current.order).filter((_, position) => leftOutAt(position));
  let improved = false;
  for (const out of leftOut) {
    for (let sentAt = 0; sentAt < n; sentAt++) {
      const order = current.order;
      const sent = order[sentAt] ?? 0;
      if (sent === out || leftOutAt(sentAt)) continue;
      const outAt = order.indexOf(out);
      const rest = Array.from(order).filter((_, position) => position !== sentAt && position !== outAt);
      for (let to = 0; to < n - 1; to++) {
        if (search.spent >= budget) return improved;
        // The other rides in their order, the left-out ride at `to`, the planned one last.
        for (let k = 0; k < to; k++) write[k] = rest[k] ?? 0;
        write[to] = out;
        for (let k = to; k < n - 2; k++) write[k + 1] = rest[k] ?? 0;
        write[n - 1] = sent;
        if (search.tryCandidate(Math.min(to, sentAt, outAt))) {
          improved = true;
          break;
        }
        if (search.dueToYield()) yield;
      }
    }
  }
  return improved;
}

/** A whole pass of the moves, and on a short day the trades of rides in and out; whether either helped. */
function* wholePass(search: Search, budget: number): Generator<undefined, boolean> {
  return (yield* descentPass(search, budget)) || (yield* exchangePass(search, budget));
}

/**
 * The moves that involve the ride at `position`: move it elsewhere, swap it with another ride,
 * reverse the run between it and another ride. Adopts the first that improves and returns the
 * first and last positions it changed, or undefined when none improves (or the budget is spent).
 */
function improveAt(search: Search, position: number, budget: number): [number, number] | undefined {
  const n = search.size;
  const { current, candidate } = search;
  const write = candidate.order;
  for (let to = 0; to < n; to++) {
    if (to === position) continue;
    if (search.spent >= budget) return undefined;
    if (search.tryMove(position, to)) return [Math.min(position, to), Math.max(position, to)];
  }
  for (let other = 0; other < n; other++) {
    if (other === position) continue;
    if (search.spent >= budget) return undefined;
    const order = current.order;
    const low = Math.min(position, other);
    const high = Math.max(position, other);
    write.set(order.subarray(low), low);
    write[low] = order[high] ?? 0;
    write[high] = order[low] ?? 0;
    if (search.tryCandidate(low, high + 1)) return [low, high];
    if (high > low + 3) {
      if (search.spent >= budget) return undefined;
      for (let k = 0; k <= high - low; k++) write[low + k] = order[high - k] ?? 0;
      if (search.tryCandidate(low, high + 1)) return [low, high];
    }
  }
  return undefined;
}

/**
 * A descent that looks only where the order last changed: each ride in `queue` has its moves
 * tried; when one improves, the rides beside the changed positions are queued again, and a ride
 * whose moves find nothing is dropped until a change next to it. Stops when the queue is empty.
 */
function* focusedDescent(search: Search, queue: number[], budget: number): Generator<undefined, void> {
  const n = search.size;
  const queued = new Uint8Array(search.rideCount);
  for (const ride of queue) queued[ride] = 1;
  const positionOf = new Int32Array(search.rideCount);
  const order = search.current.order;
  while (queue.length > 0 && search.spent < budget) {
    const ride = queue.shift() ?? 0;
    queued[ride] = 0;
    for (let position = 0; position < n; position++) positionOf[order[position] ?? 0] = position;
    const changed = improveAt(search, positionOf[ride] ?? 0, budget);
    if (changed) {
      const [low, high] = changed;
      for (const position of [low - 1, low, low + 1, high - 1, high, high + 1]) {
        if (position < 0 || position >= n) continue;
        const near = order[position] ?? 0;
        if (!queued[near]) {
          queued[near] = 1;
          queue.push(near);
        }
      }
      if (!queued[ride]) {
        queued[ride] = 1;
        queue.push(ride);
      }
    }
    if (search.dueToYield()) yield;
  }
}

/**
 * Tries every order of the `length` rides from position `from` on, the state before them and the
 * order after them fixed, and adopts the best. Whether it improved the current order.
 */
function reorderWindow(search: Search, from: number, length: number): boolean {
  const { current, candidate, leastWait, size } = search;
  const end = from + length;
  const rides = Array.from(current.order.subarray(from, end));
  candidate.copyFrom(current, from);
  let afterLeast = 0;
  for (let position = end; position < size; position++)
    afterLeast += leastWait[current.order[position] ?? 0] ?? 0;
  let windowLeast = 0;
  for (const ride of rides) windowLeast += leastWait[ride] ?? 0;
  let improved = false;
  const used = new Uint8Array(length);
  // Depth-first over the window's orders; a branch ends when even each remaining ride's lowest
  // wait of the day cannot bring it under the current order's cost.
  const visit = (depth: number, remainingLeast: number): void => {
    const position = from + depth;
    if (depth === length) {
      if (search.finishCandidate(end, from, end)) improved = true;
      return;
    }
    const barCount = current.count[size] ?? 0;
    const barCost = current.cost[size] ?? 0;
    for (let k = 0; k < length; k++) {
      if (used[k]) continue;
      const ride = rides[k] ?? 0;
      candidate.order[position] = ride;
      search.advance(candidate, position);
      const reachable = (candidate.count[position + 1] ?? 0) + size - position - 1;
      const least = remainingLeast - (leastWait[ride] ?? 0);
      if (reachable < barCount) continue;
      if (
        reachable === barCount &&
        (candidate.cost[position + 1] ?? 0) + least + afterLeast > barCost + EPSILON
      )
        continue;
      used[k] = 1;
      visit(depth + 1, least);
      used[k] = 0;
    }
  };
  visit(0, windowLeast);
  return improved;
}

/**
 * Re-orders every window of `length` consecutive rides exactly, sweeping until no window
 * improves or the budget is spent. Whether anything improved.
 */
function* windowSweep(search: Search, length: number, budget: number): Generator<undefined, boolean> {
  const span = Math.min(length, search.size);
  let improvedAny = false;
  for (let improved = true; improved && search.spent < budget;) {
    improved = false;
    for (let from = 0; from + span <= search.size && search.spent < budget; from++) {
      if (reorderWindow(search, from, span)) improved = improvedAny = true;
      if (search.dueToYield()) yield;
    }
  }
  return improvedAny;
}

/**
 * A double bridge inside a stretch of `KICK_SPAN` positions: three cuts, the two middle runs
 * swapped, which single moves rarely undo; with the order where it was changed, so the descent
 * after it can look there first.
 */
function doubleBridge(order: readonly number[], rng: Rng): { order: number[]; cuts: number[] } {
  const n = order.length;
  const span = Math.min(KICK_SPAN, n - 2);
  const base = rng.int(1, n - 1 - span);
  const cuts = [base, base + rng.int(0, span), base + rng.int(0, span)].sort((a, b) => a - b);
  const [i = 1, j = 2, k = 3] = cuts;
  return {
    order: [...order.slice(0, i), ...order.slice(j, k), ...order.slice(i, j), ...order.slice(k)],
    cuts: [i, i + k - j, k],
  };
}

/**
 * A kick that takes a few rides out of `anchor` (drawn anywhere in it) and puts each back where it
 * does best: the rides taken out wait at the end of the day, where they delay no other ride, and
 * each in turn is moved to every position, each improvement adopted. Several rides moved far at
 * once reach orders that a double bridge, whose runs stay within a few places, and a descent of
 * single moves do not. Leaves the search's current order kicked; the positions of the rides moved.
 */
function* ruinAndRecreate(
  search: Search,
  anchor: readonly number[],
  rng: Rng,
  budget: number,
): Generator<undefined, number[]> {
  const n = anchor.length;
  const taken: number[] = [];
  const wanted = Math.min(n - 1, rng.int(FEWEST_TAKEN_OUT, MOST_TAKEN_OUT));
  while (taken.length < wanted) {
    const ride = anchor[rng.int(0, n - 1)] ?? 0;
    if (!taken.includes(ride)) taken.push(ride);
  }
  search.adopt([...anchor.filter((ride) => !taken.includes(ride)), ...taken]);
  const { current } = search;
  for (const ride of taken) {
    let position = current.order.indexOf(ride);
    for (let to = 0; to < n && search.spent < budget; to++) {
      if (to === position) continue;
      if (search.tryMove(position, to)) position = to;
      if (search.dueToYield()) yield;
    }
  }
  return taken.map((ride) => current.order.indexOf(ride));
}

/** How many rides a ruin-and-recreate kick takes out: drawn evenly between these. */
const FEWEST_TAKEN_OUT = 2;
const MOST_TAKEN_OUT = 4;

/**
 * Moving runs of two or three rides as well (or reversing runs of up to four) makes a pass about
 * three times longer; for the same candidates, the more kicks that shorter passes leave find
 * better orders.
 */
const LONGEST_MOVED_RUN = 1;

/**
 * Positions a kick's cuts span. A kick across the whole order leaves the descent most of the order
 * to repair; a local one is repaired in fewer candidates, which buys more kicks.
 */
const KICK_SPAN = 8;

/** A search given more time simulates at most this many times its candidates. */
const MOST_CANDIDATES_EXTENDED = 6;

/** Ride steps simulated between two yields. */
const STEPS_PER_CHUNK = 20_000;

/**
 * Iterated local search from `start` (every plannable ride, planned ones first): descend until no
 * move helps, kick the last local optimum within `ACCEPT_WITHIN` of the best (or the best), descend
 * again from where the kick changed it, until the budget of candidates is spent; then re-order each
 * window of the best order exactly and descend again, until neither helps. The best
 * order found, every plannable ride in it (those that do not fit are skipped when planned).
 */
export function* searchOrder(
  timeline: ProblemTimeline,
  start: readonly number[],
  settings: OrderSearchSettings,
): Generator<undefined, number[]> {
  if (start.length < 2) return [...start];
  const minuteWeight = settings.objective === 'finish' ? MINUTE_OF_DAY_WEIGHT : 0;
  const search = new Search(timeline, settings.idleWeight, start, settings.standAside, minuteWeight);
  const rng = new Rng(settings.seed, start.length);
  let best = Array.from(search.current.order);
  let bestProgress = search.current.final();
  let pendingQueue: number[] = [];
  let kicked = false;
  let anchor = best;
  let budget = settings.candidates;
  const most = settings.candidates * MOST_CANDIDATES_EXTENDED;
  for (;;) {
    if (search.spent >= settings.candidates) {
      // Given more time, the search goes on a kick and its descent at a time.
      if (search.spent >= most || !settings.moreTime?.()) break;
      budget = most;
    }
    if (kicked) {
      yield* focusedDescent(search, pendingQueue, budget);
    } else {
      while (search.spent < budget && (yield* wholePass(search, budget))) {
        // Descend until a whole pass finds nothing.
      }
    }
    const reached = search.current.final();
    if (isBetter(reached, bestProgress)) {
      best = Array.from(search.current.order);
      bestProgress = reached;
      anchor = best;
    } else if (
      reached.count === bestProgress.count &&
      reached.cost <= bestProgress.cost * (1 + ACCEPT_WITHIN)
    ) {
      anchor = Array.from(search.current.order);
    }
    if (start.length < 8) break;
    let changed: number[];
    if (rng.next() < 0.5) changed = yield* ruinAndRecreate(search, anchor, rng, budget);
    else {
      const kick = doubleBridge(anchor, rng);
      search.adopt(kick.order);
      changed = kick.cuts;
    }
    // The rides on either side of each change are where the kick changed the order.
    pendingQueue = [];
    const kickedOrder = search.current.order;
    for (const at of changed)
      for (const position of [at - 1, at]) {
        const ride = kickedOrder[position];
        if (ride !== undefined && !pendingQueue.includes(ride)) pendingQueue.push(ride);
      }
    kicked = true;
    search.spent++;
  }
  if (settings.polishWindow >= 3) {
    // The windows' orders reach where single moves and kicks do not; the polish is not counted
    // against the candidates, since a whole sweep costs a small share of them.
    search.adopt(best);
    const unlimited = Number.POSITIVE_INFINITY;
    while (
      (yield* windowSweep(search, settings.polishWindow, unlimited)) &&
      (yield* wholePass(search, unlimited))
    ) {
      // Alternate until the moves find nothing after a sweep.
    }
    best = Array.from(search.current.order);
  }
  return best;
}
