import { describe, expect, it } from 'vitest';
import { givenOrderWait, shortestWaitNowWait } from './baselines.js';
import type { PlanProblem, PlanRide } from './types.js';

/**
 * Two rides a minute's walk apart: A waits 20 until minute 40 and 100 after; B always waits 10 but
 * takes 30 minutes to ride. Heading for B's shorter wait first leaves A until its wait has risen.
 */
const rising: PlanRide = { id: 'A', rideMinutes: 5, waitAt: (minute) => (minute < 40 ? 20 : 100) };
const long: PlanRide = { id: 'B', rideMinutes: 30, waitAt: () => 10 };

function problem(rides: readonly PlanRide[], end = 300): PlanProblem {
  return { rides, start: 0, end, walkMinutes: () => 1, breaks: [] };
}

describe('plan baselines', () => {
  it('rides the given order, joining each line on arrival', () => {
    expect(givenOrderWait(problem([rising, long]), [0, 1])).toEqual({ ridden: [0, 1], totalWaitMinutes: 30 });
    expect(givenOrderWait(problem([rising, long]), [1, 0])).toEqual({
      ridden: [1, 0],
      totalWaitMinutes: 110,
    });
  });

  it('heads for the shortest wait at each decision, even when that costs more later', () => {
    expect(shortestWaitNowWait(problem([rising, long]))).toEqual({ ridden: [1, 0], totalWaitMinutes: 110 });
  });

  it('skips a ride that no longer fits before the end', () => {
    // B first leaves the party free at 41; A (100 + 5 minutes) cannot finish by 120.
    expect(givenOrderWait(problem([rising, long], 120), [1, 0])).toEqual({
      ridden: [1],
      totalWaitMinutes: 10,
    });
    expect(shortestWaitNowWait(problem([rising, long], 120))).toEqual({ ridden: [1], totalWaitMinutes: 10 });
  });

  it('waits for a ride that opens later rather than skipping it', () => {
    const late: PlanRide = { id: 'C', rideMinutes: 5, waitAt: (minute) => (minute < 60 ? null : 15) };
    expect(givenOrderWait(problem([late]), [0])).toEqual({ ridden: [0], totalWaitMinutes: 15 });
  });
});
