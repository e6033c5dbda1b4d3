import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { optimisePlan, optimisePlanAsync } from './optimise.js';
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
  });
});

/** Every ordered subset, every join minute: the slow, obvious answer. */
function bruteForce(problem: PlanProblem): { count: number; wait: number } {
  const breaks = [...problem.breaks].sort((a, b) => a.start - b.start);
  let best = { count: 0, wait: 0 };
  const visit = (
    labels: { time: number; wait: number }[],
    at: number | 'entrance',
    used: Set<number>,
  ): void => {
    problem.rides.forEach((plan, index) => {
      if (used.has(index)) return;
      const next: { time: number; wait: number }[] = [];
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
          next.push({ time: depart, wait: label.wait + wait });
        }
      }
      if (next.length === 0) return;
      next.sort((a, b) => a.time - b.time || a.wait - b.wait);
      const front: typeof next = [];
      for (const label of next) {
        if (front.every((kept) => kept.wait > label.wait)) front.push(label);
      }
      const count = used.size + 1;
      const wait = Math.min(...front.map((label) => label.wait));
      if (count > best.count || (count === best.count && wait < best.wait)) best = { count, wait };
      visit(front, index, new Set([...used, index]));
    });
  };
  visit([{ time: problem.start, wait: 0 }], 'entrance', new Set());
  return best;
}

describe('optimisePlan is exact', () => {
  it('matches brute force over every order on random 4-7 ride days', () => {
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
          const result = optimisePlan(problem);
          const expected = bruteForce(problem);
          expect(result.method).toBe('exact');
          expect(result.steps.length).toBe(expected.count);
          expect(result.totalWaitMinutes).toBeCloseTo(expected.wait, 6);
          expect(result.lowerBoundWaitMinutes).toBeLessThanOrEqual(result.totalWaitMinutes + 1e-9);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('optimisePlan searches many rides', () => {
  it('lands within 1% of a much longer search on random 15-25 ride days', () => {
    for (const [seed, rides] of [
      [11, 15],
      [12, 18],
      [13, 20],
      [14, 25],
    ] as const) {
      const problem = randomProblem(seed, { rides, end: 23 * 60 });
      const quick = optimisePlan(problem);
      const long = optimisePlan(problem, { beamWidth: 200, localSearchEvaluations: 20_000 });
      expect(quick.method).toBe('search');
      expect(quick.steps.length, `seed ${seed}`).toBe(long.steps.length);
      expect(quick.totalWaitMinutes, `seed ${seed}`).toBeLessThanOrEqual(long.totalWaitMinutes * 1.01);
      expect(quick.lowerBoundWaitMinutes).toBeLessThanOrEqual(quick.totalWaitMinutes);
    }
  }, 120_000);

  it('gives the same plan when run in chunks on the event loop', async () => {
    const problem = randomProblem(21, { rides: 16 });
    expect(await optimisePlanAsync(problem)).toEqual(optimisePlan(problem));
  });
});
