/**
 * Posted waits summed by weekday and local hour, for a simulated or a real attraction: its usual
 * hours, its peak hour and how its weekly profile correlates with another's.
 */
import { correlation } from '../../../models/stats.js';

const HOURS = 28;

/** Sums and counts by (ISO weekday 1-7, local hour). */
export class WeekHourGrid {
  readonly sum = new Float64Array(8 * HOURS);
  readonly count = new Float64Array(8 * HOURS);
  add(weekday: number, hour: number, value: number): void {
    if (hour < 0 || hour >= HOURS) return;
    const i = weekday * HOURS + hour;
    this.sum[i] = (this.sum[i] as number) + value;
    this.count[i] = (this.count[i] as number) + 1;
  }
  hourCounts(): number[] {
    const out = new Array<number>(HOURS).fill(0);
    for (let w = 1; w <= 7; w++)
      for (let h = 0; h < HOURS; h++) out[h] = (out[h] as number) + (this.count[w * HOURS + h] as number);
    return out;
  }
  hourMeans(): (number | null)[] {
    const out: (number | null)[] = [];
    for (let h = 0; h < HOURS; h++) {
      let s = 0;
      let c = 0;
      for (let w = 1; w <= 7; w++) {
        s += this.sum[w * HOURS + h] as number;
        c += this.count[w * HOURS + h] as number;
      }
      out.push(c > 0 ? s / c : null);
    }
    return out;
  }
  total(): { sum: number; count: number } {
    let sum = 0;
    let count = 0;
    for (let i = 0; i < this.sum.length; i++) {
      sum += this.sum[i] as number;
      count += this.count[i] as number;
    }
    return { sum, count };
  }
}

/** Hours a ride is usually open: at least a quarter of the busiest hour's readings. */
export function usualHours(grid: WeekHourGrid): Set<number> {
  const counts = grid.hourCounts();
  const max = Math.max(...counts);
  return new Set(counts.flatMap((c, h) => (max > 0 && c >= 0.25 * max ? [h] : [])));
}

export function peakHour(grid: WeekHourGrid, hours: ReadonlySet<number>): number {
  const means = grid.hourMeans();
  let best = -1;
  let bestValue = -Infinity;
  for (const h of hours) {
    const v = means[h];
    if (v !== null && v !== undefined && v > bestValue) {
      bestValue = v;
      best = h;
    }
  }
  return best;
}

/**
 * Correlation of the weekday-by-hour means over the hours both the real and the simulated
 * attraction are usually open (an hour open only on a few peak nights would compare a handful of
 * readings with a year's).
 */
export function profileCorrelation(sim: WeekHourGrid, real: WeekHourGrid): number {
  const simHours = usualHours(sim);
  const hours = [...usualHours(real)].filter((h) => simHours.has(h));
  const xs: number[] = [];
  const ys: number[] = [];
  for (let w = 1; w <= 7; w++) {
    for (const h of hours) {
      const i = w * HOURS + h;
      const cs = sim.count[i] as number;
      const cr = real.count[i] as number;
      if (cs > 0 && cr > 0) {
        xs.push((sim.sum[i] as number) / cs);
        ys.push((real.sum[i] as number) / cr);
      }
    }
  }
  return correlation(xs, ys);
}
