import { afterAll, describe, expect, it } from 'vitest';
import { optimisePlanAsync, type SearchStart } from '../models/plan/optimise.js';
import { randomProblem } from '../models/plan/random-problems.js';
import { PlanSearchThreads } from './plan-search-threads.js';

const errors: Error[] = [];
const threads = new PlanSearchThreads(2, (error) => errors.push(error));
afterAll(() => threads.close());

/** Small budgets: the threads must plan as the main thread does, not find more. */
const OPTIONS = { exactRideLimit: 10, localSearchEvaluations: 4000 };

describe('PlanSearchThreads', () => {
  it('makes the same plans as searching in turn on the main thread', async () => {
    for (const seed of [3, 8]) {
      const problem = randomProblem(seed, { rides: 18, end: 22 * 60 });
      const inTurn = await optimisePlanAsync(problem, OPTIONS);
      const onThreads = await optimisePlanAsync(problem, OPTIONS, threads.run);
      expect(inTurn.method).toBe('search');
      expect(onThreads).toEqual(inTurn);
    }
    expect(errors).toEqual([]);
  }, 60_000);

  it('goes on past the candidates while the plan has time, planning no worse', async () => {
    const given = new PlanSearchThreads(2, (error) => errors.push(error), 100);
    try {
      const problem = randomProblem(9, { rides: 20, end: 22 * 60 });
      const onThreads = await optimisePlanAsync(problem, OPTIONS, given.run);
      const inTurn = await optimisePlanAsync(problem, OPTIONS);
      expect(onThreads.steps.length).toBeGreaterThanOrEqual(inTurn.steps.length);
      if (onThreads.steps.length === inTurn.steps.length) {
        expect(onThreads.totalWaitMinutes + (onThreads.totalIdleMinutes ?? 0)).toBeLessThanOrEqual(
          inTurn.totalWaitMinutes + (inTurn.totalIdleMinutes ?? 0) + 1e-9,
        );
      }
    } finally {
      await given.close();
    }
    expect(errors).toEqual([]);
  }, 60_000);

  it('fails only the start a thread could not run, reports it, and goes on planning', async () => {
    const broken = {
      timeline: {},
      options: {},
      start: 'first',
    } as unknown as SearchStart;
    await expect(threads.run([broken])).rejects.toThrow();
    expect(errors).toHaveLength(1);
    const problem = randomProblem(5, { rides: 16, end: 22 * 60 });
    expect(await optimisePlanAsync(problem, OPTIONS, threads.run)).toEqual(
      await optimisePlanAsync(problem, OPTIONS),
    );
  }, 60_000);
});
