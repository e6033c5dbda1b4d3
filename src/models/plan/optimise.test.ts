import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { optimisePlan, optimisePlanAsync, searchStartOrder, type SearchStartRunner } from './optimise.js';
import { randomProblem } from './random-problems.js';
import type { MinuteWindow, PlanProblem, PlanRide } from './types.js';

const NINE = 9 * 60;

function ride(
  id: string,
  waitAt: (minute: number) => number | null,
  extra: Partial<PlanRide> = {},
): PlanRide {
  return { id, rideMinutes: 5, waitAt, ...extra };
}

function day(
  rides: PlanRide[],
  options: { end?: number; breaks?: MinuteWindow[]; walk?: number } = {},
): PlanProblem {
  return {
    rides,
    start: NINE,
    end: options.end ?? 21 * 60,
    breaks: options.breaks ?? [],
    walkMinutes: () => options.walk ?? 5,
  };
}

const order = (problem: PlanProblem): string[] =>
  optimisePlan(problem).steps.map((step) => problem.rides[step.ride]?.id ?? '?');

describe('optimisePlan on hand-made days', () => {
  it('rides first the ride whose wait rises all day', () => {
    const rising = ride('rising', (minute) => 5 + (minute - NINE) / 4);
    const flat = ride('flat', () => 20);
    const problem = day([flat, rising]);
    expect(order(problem)).toEqual(['rising', 'flat']);
    const result = optimisePlan(problem);
    expect(result.method).toBe('exact');
    expect(result.steps[0]).toMatchObject({ arriveAt: NINE + 5, joinAt: NINE + 5, waitMinutes: 6.25 });
    expect(result.totalWaitMinutes).toBe(26.25);
  });

  it('rides a held return window inside it through the priority lane', () => {
    const held = ride('held', () => 90, {
      returnWindow: { start: 12 * 60, end: 13 * 60 },
      priorityWaitMinutes: 3,
    });
    const other = ride('other', (minute) => (minute < 11 * 60 ? 10 : 60));
    const result = optimisePlan(day([held, other]));
    expect(result.steps.map((step) => step.via)).toEqual(['standby', 'return_window']);
    const [, heldStep] = result.steps;
    expect(heldStep?.joinAt).toBeGreaterThanOrEqual(12 * 60);
    expect(heldStep?.joinAt).toBeLessThan(13 * 60);
    expect(heldStep?.waitMinutes).toBe(3);
  });

  it('starts nothing that overlaps a break', () => {
    const lunch = { start: NINE + 20, end: NINE + 80 };
    const a = ride('a', () => 10);
    const b = ride('b', () => 10);
    const result = optimisePlan(day([a, b], { breaks: [lunch] }));
    for (const step of result.steps) {
      const walkStart = step.arriveAt - step.walkMinutes;
      expect(walkStart >= lunch.end || step.arriveAt <= lunch.start, 'walk').toBe(true);
      expect(step.joinAt >= lunch.end || step.departAt <= lunch.start, 'line and ride').toBe(true);
    }
    expect(result.steps[1]?.joinAt).toBeGreaterThanOrEqual(lunch.end);
  });

  it('waits for a ride down until noon rather than skipping it', () => {
    const late = ride('late', (minute) => (minute < 12 * 60 ? null : 15));
    const early = ride('early', (minute) => (minute < 12 * 60 ? 10 : 70));
    const result = optimisePlan(day([late, early]));
    expect(result.steps.map((step) => step.ride)).toEqual([1, 0]);
    expect(result.steps[1]?.joinAt).toBe(12 * 60);
    expect(result.totalWaitMinutes).toBe(25);
  });

  it('plans as many rides as fit, then the least wait, and names the rest out of time', () => {
    const long = ride('long', () => 50);
    const short1 = ride('short1', () => 20);
    const short2 = ride('short2', () => 25);
    const result = optimisePlan(day([long, short1, short2], { end: NINE + 75 }));
    expect(result.steps.map((step) => step.ride).sort()).toEqual([1, 2]);
    expect(result.notPlanned).toEqual([{ ride: 0, reason: 'out_of_time' }]);
  });

  it('names a ride that never operates before the end closed', () => {
    const shut = ride('shut', () => null);
    const open = ride('open', () => 5);
    const result = optimisePlan(day([shut, open]));
    expect(result.notPlanned).toEqual([{ ride: 0, reason: 'closed' }]);
    expect(result.steps).toHaveLength(1);
  });

  it('waits before joining when the line is about to shorten', () => {
    const dropping = ride('dropping', (minute) => (minute < NINE + 30 ? 60 : 10));
    const result = optimisePlan(day([dropping]));
    expect(result.steps[0]).toMatchObject({ arriveAt: NINE + 5, joinAt: NINE + 30, waitMinutes: 10 });
    expect(result.totalIdleMinutes).toBe(25);
  });

  it('does not idle for hours to save a few minutes in line', () => {
    // The line is 5 minutes shorter at four o'clock than now: not worth seven hours standing about.
    const later = ride('later', (minute) => (minute < 16 * 60 ? 20 : 15));
    const result = optimisePlan(day([later]));
    expect(result.steps[0]).toMatchObject({ joinAt: NINE + 5, waitMinutes: 20 });
    expect(result.totalIdleMinutes).toBe(0);
    // Counting time in line alone, the old objective, it waits.
    expect(optimisePlan(day([later]), { idleWeight: 0 }).steps[0]?.joinAt).toBe(16 * 60);
  });

  it('joins each line on arrival when asked, and orders the rides for that', () => {
    const dropping = ride('dropping', (minute) => (minute < NINE + 30 ? 60 : 10));
    const steady = ride('steady', () => 20);
    const result = optimisePlan(day([dropping, steady]), { joinOnArrival: true });
    // Riding steady first reaches dropping after its line has shortened, with no idling.
    expect(result.steps.map((step) => step.ride)).toEqual([1, 0]);
    for (const step of result.steps) expect(step.joinAt).toBe(Math.ceil(step.arriveAt));
    expect(result.totalWaitMinutes).toBe(30);
    expect(result.totalIdleMinutes).toBe(0);
  });

  it('joining on arrival still waits for a ride that has not opened', () => {
    const late = ride('late', (minute) => (minute < 12 * 60 ? null : 15));
    const result = optimisePlan(day([late]), { joinOnArrival: true });
    expect(result.steps[0]).toMatchObject({ arriveAt: NINE + 5, joinAt: 12 * 60, waitMinutes: 15 });
  });
});

interface BruteLabel {
  time: number;
  cost: number;
}

/** Minutes of `[from, to)` outside every break. */
function idleSpan(breaks: readonly MinuteWindow[], from: number, to: number): number {
  let busy = 0;
  for (const b of breaks) busy += Math.max(0, Math.min(to, b.end) - Math.max(from, b.start));
  return to - from - busy;
}

/**
 * Every ordered subset and every join minute (only the first after arrival when joining on
 * arrival): the slow, obvious answer, with idle minutes priced like minutes in line.
 */
function bruteForce(problem: PlanProblem, joinOnArrival = false): { count: number; cost: number } {
  const breaks = [...problem.breaks].sort((a, b) => a.start - b.start);
  let best = { count: 0, cost: 0 };
  const visit = (labels: BruteLabel[], at: number | 'entrance', used: Set<number>): void => {
    problem.rides.forEach((plan, index) => {
      if (used.has(index)) return;
      const next: BruteLabel[] = [];
      for (const label of labels) {
        const walk = problem.walkMinutes(at, index);
        let leave = label.time;
        for (const b of breaks) if (leave < b.end && leave + walk > b.start) leave = b.end;
        for (let join = Math.ceil(leave + walk - 1e-9); join < problem.end; join++) {
          if (join < problem.start) continue;
          let wait: number | null;
          if (plan.returnWindow) {
            const inside = join >= plan.returnWindow.start && join < plan.returnWindow.end;
            wait = inside ? (plan.priorityWaitMinutes ?? 0) : null;
          } else wait = plan.waitAt(join);
          if (wait === null) continue;
          const depart = join + wait + plan.rideMinutes;
          if (depart > problem.end || breaks.some((b) => join < b.end && depart > b.start)) continue;
          const idle = idleSpan(breaks, label.time, join) - walk;
          next.push({ time: depart, cost: label.cost + wait + idle });
          if (joinOnArrival) break;
        }
      }
      if (next.length === 0) return;
      // Without the choice to idle, only identical labels may be merged.
      let front = next;
      if (!joinOnArrival) {
        next.sort((a, b) => a.time - b.time || a.cost - b.cost);
        front = [];
        for (const label of next) {
          if (front.every((kept) => kept.cost + (label.time - kept.time) > label.cost)) front.push(label);
        }
      }
      const count = used.size + 1;
      const cost = Math.min(...front.map((label) => label.cost));
      if (count > best.count || (count === best.count && cost < best.cost - 1e-9)) best = { count, cost };
      visit(front, index, new Set([...used, index]));
    });
  };
  visit([{ time: problem.start, cost: 0 }], 'entrance', new Set());
  return best;
}

const costOf = (result: { totalWaitMinutes: number; totalIdleMinutes?: number }): number =>
  result.totalWaitMinutes + (result.totalIdleMinutes ?? 0);

describe('optimisePlan is exact', () => {
  for (const joinOnArrival of [false, true]) {
    it(`matches brute force over every order on random 4-7 ride days${joinOnArrival ? ', joining on arrival' : ''}`, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 1_000_000 }),
          fc.integer({ min: 4, max: 7 }),
          fc.boolean(),
          (seed, rides, lunch) => {
            const problem = randomProblem(seed, {
              rides,
              start: 10 * 60,
              end: 13 * 60,
              breaks: lunch ? [{ start: 11 * 60 + 30, end: 12 * 60 }] : [],
              downShare: 0.3,
              returnShare: 0.15,
            });
            const result = optimisePlan(problem, { joinOnArrival });
            const expected = bruteForce(problem, joinOnArrival);
            expect(result.method).toBe('exact');
            expect(result.steps.length).toBe(expected.count);
            expect(costOf(result)).toBeCloseTo(expected.cost, 6);
            expect(result.lowerBoundWaitMinutes).toBeLessThanOrEqual(result.totalWaitMinutes + 1e-9);
          },
        ),
        { numRuns: 25 },
      );
    });
  }
});

describe('optimisePlan searches many rides', () => {
  // The goal is within 1% of a ten-second search (docs/plans.md, "Optimality"); the search does not
  // reach it on every day yet (`models plan-optimality` counts how often): on these days it stays
  // within 1% on average and 2% on each.
  it('lands near a much longer search on random 15-25 ride days', () => {
    const gaps: number[] = [];
    for (const [seed, rides] of [
      [11, 15],
      [12, 18],
      [13, 20],
      [14, 25],
    ] as const) {
      const problem = randomProblem(seed, { rides, end: 23 * 60 });
      const quick = optimisePlan(problem);
      const long = [2, 3]
        .map((restart) =>
          optimisePlan(problem, { beamWidth: 200, localSearchEvaluations: 300_000, seed: restart }),
        )
        .reduce((best, result) => (costOf(result) < costOf(best) ? result : best));
      expect(quick.method).toBe('search');
      expect(quick.steps.length, `seed ${seed}`).toBe(long.steps.length);
      const gap = costOf(quick) / costOf(long) - 1;
      expect(gap, `seed ${seed}`).toBeLessThanOrEqual(0.02);
      gaps.push(gap);
      expect(quick.lowerBoundWaitMinutes).toBeLessThanOrEqual(quick.totalWaitMinutes);
    }
    expect(gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length).toBeLessThanOrEqual(0.01);
  }, 120_000);

  it('plans as many rides as a much longer search on days too short for them all', () => {
    for (const seed of [23, 33]) {
      const problem = randomProblem(seed, { rides: 20, end: 15 * 60 });
      const quick = optimisePlan(problem);
      const long = optimisePlan(problem, { localSearchEvaluations: 300_000, seed: 2 });
      expect(long.steps.length, `seed ${seed}`).toBeLessThan(20);
      expect(quick.steps.length, `seed ${seed}`).toBe(long.steps.length);
    }
  }, 120_000);

  it('gives the same plan when run in chunks on the event loop', async () => {
    const problem = randomProblem(21, { rides: 16 });
    expect(await optimisePlanAsync(problem)).toEqual(optimisePlan(problem));
  });
});

describe('optimisePlanAsync with a runner for the search starts', () => {
  it('plans on the main thread when the runner fails', async () => {
    const problem = randomProblem(12, { rides: 16, end: 22 * 60 });
    const options = { exactRideLimit: 10, localSearchEvaluations: 3000 };
    const failing = () => Promise.reject(new Error('no threads'));
    expect(await optimisePlanAsync(problem, options, failing)).toEqual(optimisePlan(problem, options));
  });

  it('goes on past the candidates while the runner gives it time, and stops when it says no', async () => {
    const problem = randomProblem(14, { rides: 20, end: 22 * 60 });
    const options = { exactRideLimit: 10, localSearchEvaluations: 3000 };
    let asked = 0;
    // Time for three more kicks in each start, then no more.
    const extended: SearchStartRunner = (starts) =>
      Promise.resolve(
        starts.map((start) => {
          let left = 3;
          return searchStartOrder(start, () => {
            asked++;
            return left-- > 0;
          });
        }),
      );
    const given = await optimisePlanAsync(problem, options, extended);
    const plain = optimisePlan(problem, options);
    expect(asked).toBe(8);
    expect(given.steps.length).toBeGreaterThanOrEqual(plain.steps.length);
    if (given.steps.length === plain.steps.length) expect(costOf(given)).toBeLessThanOrEqual(costOf(plain));

    // Time without end: the search still ends, at its most candidates.
    const endless: SearchStartRunner = (starts) =>
      Promise.resolve(starts.map((start) => searchStartOrder(start, () => true)));
    const longest = await optimisePlanAsync(problem, options, endless);
    expect(longest.steps.length).toBeGreaterThanOrEqual(given.steps.length);
  });
});
