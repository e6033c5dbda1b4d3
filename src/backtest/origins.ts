/**
 * The backtest's time split: the rolling origins over the scored window, what the models may see at
 * each (days strictly before it) and what is scored (the 30 days after it), and what a fit at an
 * origin holds for the scores that read it.
 */
import type { TimedWait } from '../models/actual-wait-fit.js';
import type { HourlyDay, RideHistory } from '../models/hourly-history.js';
import type { TypicalWaits } from '../models/typical-waits.js';
import type { ParkWaitModels, WaitModel } from '../models/wait-model.js';

export const HORIZON_DAYS = 30;
export const ORIGIN_COUNT = 12;
const WINDOW_DAYS = 365;

export interface BacktestAttraction {
  readonly attraction: string;
  readonly park: string;
  /** Its names in the metadata: the kind of a file the recorded table lacks (`actual_waits`). */
  readonly names?: readonly string[];
  readonly history: RideHistory;
  /** Waits timed by guests in line, for the estimated actual wait (`actual_waits`). */
  readonly timedWaits?: readonly TimedWait[];
}

/** The cut hours of the nowcast (readings before them are given), by their label. */
export const NOWCAST_CUTS = { '11:00': 11, '13:00': 13 } as const;

/** The last day of a file's backtest window: `until` when given, else the file's last recorded day. */
export function windowEnd(history: RideHistory, until: number | undefined): number | undefined {
  return until ?? history.at(-1)?.day;
}

/** `count` origins evenly spread so that the first is 365 days before the last day and the last leaves 30 days to score. */
export function rollingOrigins(lastDay: number, count = ORIGIN_COUNT): number[] {
  const first = lastDay - WINDOW_DAYS;
  const last = lastDay - HORIZON_DAYS;
  return Array.from({ length: count }, (_, i) => Math.round(first + ((last - first) * i) / (count - 1)));
}

/** The time split: what the models may see (strictly before the origin) and what is scored. */
export function splitAt(history: RideHistory, origin: number): { fit: HourlyDay[]; scored: HourlyDay[] } {
  return {
    fit: history.filter((entry) => entry.day < origin),
    scored: history.filter((entry) => entry.day > origin && entry.day <= origin + HORIZON_DAYS),
  };
}

export interface FittedOrigin {
  readonly origin: number;
  /** What the models were shown. */
  readonly fit: HourlyDay[];
  readonly scored: HourlyDay[];
  readonly model: WaitModel;
  /** The park's models at this origin (for the nowcast) and this ride's place among them. */
  readonly park: ParkWaitModels;
  readonly ride: number;
  /** Each park ride's scored days by day number, in the park models' order. */
  readonly parkDays: readonly ReadonlyMap<number, HourlyDay>[];
  /** The crowd level range's multipliers from the index's errors at the fit's calibration, when enough. */
  readonly levelRange: { lower: number; upper: number } | undefined;
  /** The baseline: typical waits over every day before the origin. */
  readonly baseline: TypicalWaits;
}

/** A day's readings before `cutHour` only. */
export function morningOf(entry: HourlyDay | undefined, cutHour: number): HourlyDay | undefined {
  if (!entry) return undefined;
  const means = entry.means.slice();
  const counts = entry.counts.slice();
  means.fill(Number.NaN, cutHour);
  counts.fill(0, cutHour);
  return { day: entry.day, means, counts };
}
