/**
 * Ride reliability over a window, computed only from the operator's own statuses inside the park's
 * operating hours: a ride's down time is the part of its outages that fell while the park was open,
 * its uptime the rest of the open time. Pure: the caller supplies outages, open intervals and time.
 */
import { localDate } from '../lib/time.js';
import { overlapWith, totalLength, type Interval } from './intervals.js';

export interface ReliabilityOutage {
  readonly ride_id: string;
  readonly started_at: number;
  readonly ended_at: number | null;
}

export interface RideReliability {
  readonly ride_id: string;
  readonly name: string;
  /** Share of open-park minutes the ride was not down, in percent, two decimals. */
  readonly uptime_pct: number;
  readonly outages: number;
  readonly outages_per_day: number;
  readonly average_outage_minutes: number;
  readonly longest_outage_minutes: number;
  readonly days_observed: number;
  readonly down_minutes: number;
  readonly operating_minutes: number;
}

export interface ReliabilityInput {
  readonly rides: readonly { readonly id: string; readonly name: string }[];
  readonly outages: readonly ReliabilityOutage[];
  /** When the park was open inside the window, sorted and disjoint. */
  readonly open: readonly Interval[];
  /** Now: the end of the window, and the end of outages still open. */
  readonly now: number;
  readonly timeZone: string;
}

const MINUTE = 60_000;
const round1 = (value: number) => Math.round(value * 10) / 10;
const round2 = (value: number) => Math.round(value * 100) / 100;

/** Park-local dates on which the park was open at all. */
function observedDays(open: readonly Interval[], timeZone: string): number {
  const days = new Set<string>();
  for (const [start, end] of open) {
    days.add(localDate(start, timeZone));
    days.add(localDate(end - 1, timeZone));
  }
  return days.size;
}

/** Per ride, least reliable first (lowest uptime, then most outages, then name). */
export function computeReliability(input: ReliabilityInput): RideReliability[] {
  const operating = totalLength(input.open);
  const daysObserved = observedDays(input.open, input.timeZone);
  const byRide = new Map<string, number[]>();
  for (const outage of input.outages) {
    const downInOpenHours = overlapWith([outage.started_at, outage.ended_at ?? input.now], input.open);
    if (downInOpenHours <= 0) continue;
    const list = byRide.get(outage.ride_id) ?? [];
    list.push(downInOpenHours);
    byRide.set(outage.ride_id, list);
  }
  const rows = input.rides.map((ride): RideReliability => {
    const durations = byRide.get(ride.id) ?? [];
    const down = durations.reduce((sum, d) => sum + d, 0);
    return {
      ride_id: ride.id,
      name: ride.name,
      uptime_pct: operating > 0 ? round2(100 * (1 - down / operating)) : 100,
      outages: durations.length,
      outages_per_day: daysObserved > 0 ? round2(durations.length / daysObserved) : 0,
      average_outage_minutes: durations.length > 0 ? round1(down / durations.length / MINUTE) : 0,
      longest_outage_minutes: round1(Math.max(0, ...durations) / MINUTE),
      days_observed: daysObserved,
      down_minutes: round1(down / MINUTE),
      operating_minutes: round1(operating / MINUTE),
    };
  });
  return rows.sort(
    (a, b) => a.uptime_pct - b.uptime_pct || b.outages - a.outages || a.name.localeCompare(b.name),
  );
}
