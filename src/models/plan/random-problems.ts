/**
 * Seeded random plan problems for the optimiser's tests and checks: each ride's wait rises to a
 * peak at some hour and falls again, with hourly wobble; some rides open late, some break down for
 * a while, some are held through a return window; rides stand at random places in a park-sized
 * square.
 */
import { Rng } from '../../lib/random.js';
import type { MinuteWindow, PlanProblem, PlanRide } from './types.js';

export interface RandomProblemShape {
  readonly rides: number;
  /** Minutes since midnight; default 9:00 to 21:00. */
  readonly start?: number;
  readonly end?: number;
  readonly breaks?: readonly MinuteWindow[];
  /** Share of rides down for a stretch of the day; default 0.15. */
  readonly downShare?: number;
  /** Share of rides held through a return window; default 0.1. */
  readonly returnShare?: number;
}

export function randomProblem(seed: number, shape: RandomProblemShape): PlanProblem {
  const rng = new Rng(seed, shape.rides);
  const start = shape.start ?? 9 * 60;
  const end = shape.end ?? 21 * 60;
  const places = Array.from({ length: shape.rides + 1 }, () => [rng.range(0, 900), rng.range(0, 900)]);

  const rides = Array.from({ length: shape.rides }, (_, index): PlanRide => {
    const peak = rng.range(5, 95);
    const peakAt = rng.range(start + 60, end - 120);
    const opening = rng.range(0.1, 0.6);
    const hourly = Array.from({ length: 26 }, () => 1 + 0.25 * rng.normal());
    const down = rng.chance(shape.downShare ?? 0.15)
      ? { start: rng.range(start - 60, end - 120), length: rng.range(30, 240) }
      : undefined;
    const id = `ride-${index}`;
    const rideMinutes = Math.round(rng.range(2, 12));
    if (rng.chance(shape.returnShare ?? 0.1)) {
      const windowStart = Math.round(rng.range(start + 30, end - 120));
      return {
        id,
        rideMinutes,
        waitAt: () => null,
        returnWindow: { start: windowStart, end: windowStart + 60 },
        priorityWaitMinutes: Math.round(rng.range(0, 10)),
      };
    }
    return {
      id,
      rideMinutes,
      waitAt(minute) {
        if (down && minute >= down.start && minute < down.start + down.length) return null;
        const distance = Math.abs(minute - peakAt) / (end - start);
        const level = peak * Math.max(opening, 1 - 1.6 * distance);
        const wobble = hourly[Math.floor(minute / 60) % hourly.length] ?? 1;
        return Math.max(0, Math.round(level * wobble));
      },
    };
  });

  return {
    rides,
    start,
    end,
    breaks: shape.breaks ?? [],
    walkMinutes(from, to) {
      const [x1 = 0, y1 = 0] = places[from === 'entrance' ? shape.rides : from] ?? [];
      const [x2 = 0, y2 = 0] = places[to] ?? [];
      return Math.round(Math.hypot(x1 - x2, y1 - y2) / 75) + 1;
    },
  };
}
