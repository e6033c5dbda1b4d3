/**
 * What a party without a plan waits, on the same problem the optimiser solves, so a plan states its
 * saving instead of claiming it: riding the rides in the order given, and always heading for the
 * ride with the shortest wait at the moment of choosing. Either party joins a line as soon as it
 * arrives (or as soon as the ride opens, or its return window starts), and skips a ride it can no
 * longer fit before the end.
 *
 * Pure: no clock and no I/O.
 */
import { arrivalAt, buildTimeline, joinIndexFrom, type ProblemTimeline } from './timeline.js';
import type { PlanProblem } from './types.js';

export interface BaselineResult {
  /** Indexes into the problem's rides, in the order ridden. */
  readonly ridden: readonly number[];
  readonly totalWaitMinutes: number;
}

interface Position {
  readonly freeAt: number;
  readonly at: number;
}

/** The first join at or after arrival, or undefined when the ride no longer fits. */
function joinAfterArrival(
  timeline: ProblemTimeline,
  position: Position,
  ride: number,
): { join: number; wait: number; departAt: number } | undefined {
  const line = timeline.rides[ride];
  if (!line) return undefined;
  const arrive = arrivalAt(timeline, position.freeAt, position.at, ride);
  const index = joinIndexFrom(timeline, arrive);
  if (index >= line.wait.length) return undefined;
  const join = line.nextJoinable[index] ?? -1;
  if (join < 0) return undefined;
  const wait = line.wait[join] ?? 0;
  return { join, wait, departAt: timeline.origin + join + wait + line.rideMinutes };
}

/** Rides `order` (indexes into the problem's rides) in that order. */
export function givenOrderWait(problem: PlanProblem, order: readonly number[]): BaselineResult {
  const timeline = buildTimeline(problem);
  let position: Position = { freeAt: timeline.start, at: timeline.rideCount };
  const ridden: number[] = [];
  let total = 0;
  for (const ride of order) {
    const step = joinAfterArrival(timeline, position, ride);
    if (!step) continue;
    ridden.push(ride);
    total += step.wait;
    position = { freeAt: step.departAt, at: ride };
  }
  return { ridden, totalWaitMinutes: total };
}

/**
 * At each decision, the ride whose line has the shortest wait at that moment among those still
 * operating; ties go to the earlier ride in the problem.
 */
export function shortestWaitNowWait(problem: PlanProblem): BaselineResult {
  const timeline = buildTimeline(problem);
  let position: Position = { freeAt: timeline.start, at: timeline.rideCount };
  const remaining = new Set(timeline.rides.map((_, ride) => ride));
  const ridden: number[] = [];
  let total = 0;
  while (remaining.size > 0) {
    const now = joinIndexFrom(timeline, position.freeAt);
    let choice: { ride: number; nowWait: number } | undefined;
    for (const ride of remaining) {
      const line = timeline.rides[ride];
      const join = now < (line?.wait.length ?? 0) ? (line?.nextJoinable[now] ?? -1) : -1;
      if (!line || join < 0) continue;
      // A ride not open yet is judged by its first wait once it opens.
      const nowWait = line.wait[join] ?? Number.POSITIVE_INFINITY;
      if (!choice || nowWait < choice.nowWait) choice = { ride, nowWait };
    }
    if (!choice) break;
    remaining.delete(choice.ride);
    const step = joinAfterArrival(timeline, position, choice.ride);
    if (!step) continue;
    ridden.push(choice.ride);
    total += step.wait;
    position = { freeAt: step.departAt, at: choice.ride };
  }
  return { ridden, totalWaitMinutes: total };
}
