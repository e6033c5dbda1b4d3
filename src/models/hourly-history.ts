/**
 * The shape every wait model reads: one ride's posted waits reduced to the mean of each park-local
 * hour of each park-local day. Days are integer day numbers (days since 1970-01-01 of the park's
 * calendar), so the models do calendar arithmetic without a time zone or a clock.
 */

/** Hours of a day a model predicts and scores: 8:00 to 21:59, as the backtest contract says. */
export const FIRST_HOUR = 8;
export const LAST_HOUR = 21;
/**
 * Readings an hour needs before its mean is scored, taught or compared with a prediction: a lone
 * reading is an opening's first sign or the edge of a gap, not the hour.
 */
export const MIN_HOUR_READINGS = 2;

export interface HourlyDay {
  /** Park-local day number: days since 1970-01-01. */
  readonly day: number;
  /** Mean posted wait of each hour 0-23; NaN where the hour had no reading. */
  readonly means: Float64Array;
  /** Readings behind each hour's mean. */
  readonly counts: Uint16Array;
}

/** One ride's days, oldest first, only days with at least one reading. */
export type RideHistory = readonly HourlyDay[];

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

export function dayNumber(isoDate: string): number {
  return Math.round(
    Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10))) /
      86_400_000,
  );
}

export function isoDateOf(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** Accumulates readings into hourly means; `build` returns the days oldest first. */
export class HourlyHistoryBuilder {
  private readonly sums = new Map<number, { sums: Float64Array; counts: Uint16Array }>();

  add(day: number, hour: number, waitMinutes: number): void {
    if (!Number.isFinite(waitMinutes) || waitMinutes < 0 || hour < 0 || hour > 23) return;
    let entry = this.sums.get(day);
    if (!entry) {
      entry = { sums: new Float64Array(24), counts: new Uint16Array(24) };
      this.sums.set(day, entry);
    }
    entry.sums[hour] = (entry.sums[hour] ?? 0) + waitMinutes;
    entry.counts[hour] = (entry.counts[hour] ?? 0) + 1;
  }

  build(): HourlyDay[] {
    return [...this.sums.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([day, { sums, counts }]) => {
        const means = new Float64Array(24).fill(Number.NaN);
        for (let hour = 0; hour < 24; hour++) {
          const count = counts[hour] ?? 0;
          if (count > 0) means[hour] = (sums[hour] ?? 0) / count;
        }
        return { day, means, counts };
      });
  }
}
