/**
 * Posted standby waits.
 *
 * posted = peak × crowd × dailyCurve × rideDayNoise × updateNoise × reopenBump, rounded to 5.
 *
 * - `peak` is the ride's posted wait at the afternoon peak of a typical (crowd 1.0) day
 *   (profiles.ts): headliners 70-110, popular rides 30-60, minor rides 10-25.
 * - The daily curve is fitted to real recorded posted waits (fitted-shapes.ts; data:
 *   TouringPlans.com): waits open at ~35% of the day's peak, climb over the first two to three
 *   hours, stay high through midday and ease off through the evening, with a taper in the last
 *   hours before close. Recorded attractions use their own fitted shape, the others their class's.
 * - Noise: a per ride-day factor (±10%: a slow-loading day) and an AR(1) factor across updates
 *   (±12%, correlated, so the posted value wanders instead of jumping).
 * - After an outage the queue that built up outside shows as a bump of up to +35% that fades over
 *   45 minutes.
 * - Posted waits are multiples of 5 and at least 5 (walk-ons are posted as 5); long lines balk.
 * Each ride re-posts its wait at its own irregular interval of 5-15 minutes.
 */
import type { Rng } from '../../lib/random.js';

const MINUTE_MS = 60_000;

/** A fitted daily shape (fitted-shapes.ts): by half hour since open, with a taper before close. */
export interface DailyShape {
  /** Share of the day's peak by half hour since open (bin centres at 15, 45, … minutes). */
  readonly shape: readonly number[];
  /** Factor by half hour before close (bin 0: the last half hour); 1 further out. */
  readonly taper: readonly number[];
  /** The ride's own weekday effect (ISO Monday first) on top of the park's; absent: none. */
  readonly weekday?: readonly number[];
  /**
   * A recorded attraction's own shape by local clock half hour from 06:00; when present it is
   * followed instead of the shape since open (and the taper), whatever the hours.
   */
  readonly clock?: readonly number[];
}

function interpolate(values: readonly number[], minutes: number, beyond: number | null): number {
  const position = minutes / 30 - 0.5;
  if (position <= 0) return values[0] ?? 1;
  const lo = Math.floor(position);
  if (lo >= values.length - 1) return beyond ?? values[values.length - 1] ?? 1;
  const a = values[lo] as number;
  const b = values[lo + 1] as number;
  return a + (b - a) * (position - lo);
}

const CLOCK_FROM_MINUTE = 6 * 60;

/** Share of the day's peak at a moment of the OPERATING window. */
export function dailyCurve(
  shape: DailyShape,
  minutesSinceOpen: number,
  minutesToClose: number,
  clockMinute: number,
): number {
  if (shape.clock) return interpolate(shape.clock, Math.max(0, clockMinute - CLOCK_FROM_MINUTE), null);
  return (
    interpolate(shape.shape, Math.max(0, minutesSinceOpen), null) *
    interpolate(shape.taper, Math.max(0, minutesToClose), 1)
  );
}

/**
 * Rounds a modelled wait to what a park posts: a multiple of 5, at least 5. Above 100 minutes the
 * line grows more slowly (guests balk at very long lines), so the worst days top out ~150-200.
 */
export function postedWait(minutes: number): number {
  const damped = minutes > 100 ? 100 + (minutes - 100) * 0.6 : minutes;
  const rounded = Math.round(damped / 5) * 5;
  return rounded < 5 ? 5 : rounded;
}

/** Single-rider lines post a fraction of standby, also in 5s and never above standby. */
export function singleRiderWait(standby: number, ratio: number): number {
  return Math.min(standby, postedWait(standby * ratio));
}

/** Update instants (whole minutes) from `start` (inclusive) to `end` (exclusive), 5-15 min apart. */
export function updateTimes(rng: Rng, start: number, end: number, into: number[]): void {
  for (let t = start; t < end; t += rng.int(5, 15) * MINUTE_MS) into.push(t);
}

/**
 * AR(1) noise on the log scale: stationary standard deviation 1, lag-1 correlation 0.7.
 * Returns the next state; multiply waits by exp(0.12 × state).
 */
export function nextNoise(rng: Rng, previous: number): number {
  return 0.7 * previous + 0.714 * rng.normal();
}

/** Extra queue after a reopening: up to +35% for a long outage, fading over 45 minutes. */
export function reopenBump(outageMinutes: number, minutesSinceReopen: number): number {
  if (minutesSinceReopen < 0 || minutesSinceReopen >= 45) return 1;
  return 1 + 0.35 * Math.min(1, outageMinutes / 60) * (1 - minutesSinceReopen / 45);
}
