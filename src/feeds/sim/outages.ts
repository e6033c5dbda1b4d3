/**
 * Ride outages per (ride, park day), drawn once per day from the ride's reliability profile.
 *
 * - Unplanned stops: a Poisson number of outages with mean downMinutesPerDay / meanOutageMinutes
 *   (scaled to the day's open time against a 13-hour day), times a per-day "bad day" factor, so
 *   downtime clusters on some days the way real ride logs do. Lengths are 5 min + exponential, so
 *   most stops are 5-20 minutes and a few run for hours. Targets: Test Track ~90 min/day (2023),
 *   several Hollywood Studios rides >60 min/day, most rides well under 20.
 * - Opening failures (delayed openings): with the ride's probability it is down at opening (Slinky
 *   Dog Dash ~18% of days) for 10 min to ~2 h.
 * - All-day closures: rarely a ride stays DOWN through the whole day.
 * - Weather: outdoor rides close for each storm cell (weather.ts), a few minutes after it arrives,
 *   reopening 5-30 minutes after it passes (track walks).
 * Disney short stops (≤ 15 min) are half the time BRIEF_DELAY; Universal reports only DOWN.
 * Outages are clipped to the ride's open intervals: closing ends an outage.
 */
import type { OperatorStatus } from '../types.js';
import type { Operator } from './parks.js';
import type { Rng } from '../../lib/random.js';
import type { Interval } from './weather.js';

const MINUTE_MS = 60_000;

export type OutageStatus = Extract<OperatorStatus, 'DOWN' | 'BRIEF_DELAY' | 'WEATHER_DELAY'>;

export interface Outage extends Interval {
  readonly status: OutageStatus;
}

export interface Reliability {
  readonly downMinutesPerDay: number;
  readonly meanOutageMinutes: number;
  readonly openingFailure: number;
  /** Chance that the ride stays DOWN the whole day (a failed inspection, a part on order). */
  readonly allDayClosure: number;
  readonly outdoor: boolean;
}

const PRIORITY: Readonly<Record<OutageStatus, number>> = { BRIEF_DELAY: 1, DOWN: 2, WEATHER_DELAY: 3 };

/** Maps an offset in open minutes onto an instant inside the open intervals. */
function instantAtOpenMinute(intervals: readonly Interval[], offsetMinutes: number): number {
  let rest = offsetMinutes;
  for (const interval of intervals) {
    const length = (interval.end - interval.start) / MINUTE_MS;
    if (rest < length) return interval.start + Math.floor(rest) * MINUTE_MS;
    rest -= length;
  }
  const last = intervals[intervals.length - 1];
  return last ? last.end : 0;
}

export function drawOutages(
  rng: Rng,
  reliability: Reliability,
  operator: Operator,
  open: readonly Interval[],
  storms: readonly Interval[],
): Outage[] {
  const first = open[0];
  if (!first) return [];
  const openMinutes = open.reduce((sum, i) => sum + (i.end - i.start) / MINUTE_MS, 0);
  // A ride that never opens that day: DOWN through every open interval, nothing else to draw.
  if (rng.chance(reliability.allDayClosure)) {
    return open.map((i) => ({ start: i.start, end: i.end, status: 'DOWN' as const }));
  }
  const raw: Outage[] = [];
  const statusFor = (minutes: number): OutageStatus =>
    operator === 'disney' && minutes <= 15 && rng.chance(0.5) ? 'BRIEF_DELAY' : 'DOWN';

  const badDay = Math.exp(0.6 * rng.normal() - 0.18);
  const mean = reliability.meanOutageMinutes;
  const count = rng.poisson(((reliability.downMinutesPerDay / mean) * badDay * openMinutes) / 780);
  for (let i = 0; i < count; i++) {
    const minutes = Math.min(300, Math.round(5 + rng.exponential(mean - 5)));
    const start = instantAtOpenMinute(open, rng.range(0, openMinutes));
    raw.push({ start, end: start + minutes * MINUTE_MS, status: statusFor(minutes) });
  }
  if (rng.chance(reliability.openingFailure)) {
    const minutes = Math.min(150, Math.round(10 + rng.exponential(35)));
    raw.push({ start: first.start, end: first.start + minutes * MINUTE_MS, status: 'DOWN' });
  }
  if (reliability.outdoor) {
    for (const storm of storms) {
      raw.push({
        start: storm.start + rng.int(0, 8) * MINUTE_MS,
        end: storm.end + rng.int(5, 30) * MINUTE_MS,
        status: 'WEATHER_DELAY',
      });
    }
  }
  return clipAndFlatten(raw, open);
}

/**
 * Turns possibly overlapping outages into ordered, disjoint ones inside the open intervals; where
 * two overlap, the stronger status wins (weather over down over brief delay).
 */
function clipAndFlatten(raw: readonly Outage[], open: readonly Interval[]): Outage[] {
  if (raw.length === 0) return [];
  const cuts = new Set<number>();
  for (const o of raw) cuts.add(o.start).add(o.end);
  for (const i of open) cuts.add(i.start).add(i.end);
  const points = [...cuts].sort((a, b) => a - b);
  const result: Outage[] = [];
  for (let k = 0; k + 1 < points.length; k++) {
    const start = points[k] as number;
    const end = points[k + 1] as number;
    if (!open.some((i) => i.start <= start && end <= i.end)) continue;
    let status: OutageStatus | null = null;
    for (const o of raw) {
      if (o.start <= start && end <= o.end && (status === null || PRIORITY[o.status] > PRIORITY[status])) {
        status = o.status;
      }
    }
    if (status === null) continue;
    const last = result[result.length - 1];
    if (last && last.end === start && last.status === status) {
      result[result.length - 1] = { start: last.start, end, status };
    } else {
      result.push({ start, end, status });
    }
  }
  return result;
}
