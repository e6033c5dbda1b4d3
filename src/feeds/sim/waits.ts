/**
 * Posted standby waits.
 *
 * posted = peak × crowd × dailyCurve × rideDayNoise × updateNoise × reopenBump, rounded to 5.
 *
 * - `peak` is the ride's posted wait at the afternoon peak of a typical (crowd 1.0) day
 *   (profiles.ts): headliners 70-110, popular rides 30-60, minor rides 10-25.
 * - The daily curve targets the published shape: headliners post 20-40 minutes at opening (~35% of
 *   peak), climb over the first two hours, peak around 13:00-14:00 and fall to ~60% in the last hour
 *   as guests leave for dinner, fireworks and the exits.
 * - Noise: a per ride-day factor (±10%: a slow-loading day) and an AR(1) factor across updates
 *   (±12%, correlated, so the posted value wanders instead of jumping).
 * - After an outage the queue that built up outside shows as a bump of up to +35% that fades over
 *   45 minutes.
 * - Posted waits are multiples of 5 and at least 5 (walk-ons are posted as 5); long lines balk.
 * Each ride re-posts its wait at its own irregular interval of 5-15 minutes.
 */
import type { Rng } from './random.js';

const MINUTE_MS = 60_000;

/** Share of the day's peak at a moment of the OPERATING window. */
export function dailyCurve(minutesSinceOpen: number, clockMinute: number, minutesToClose: number): number {
  const sinceOpen = Math.max(0, minutesSinceOpen) / 60;
  const toClose = Math.max(0, minutesToClose) / 60;
  const ramp = 0.35 + 0.65 * (1 - Math.exp(-sinceOpen / 1.1));
  const offPeak = (clockMinute / 60 - 13.75) / 3.6;
  const hump = 0.78 + 0.22 * Math.exp(-offPeak * offPeak);
  const tail = 0.6 + 0.4 * (1 - Math.exp(-toClose / 1.4));
  return ramp * hump * tail;
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
