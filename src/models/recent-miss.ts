/**
 * The last days carried ahead: how far a ride's last recorded days ran above or below what its
 * model predicts for them lasts a few days (a busy week stays busy for a while), while the level
 * model's median over weeks hears of it slowly. The days just ahead are scaled by that miss, by
 * half as much with each day further; how much of it carries is learned per park at the same
 * earlier origins the bands are (the log error of the days after each against the miss before it),
 * pulled toward a prior with the weight of about a hundred ride-origins' misses.
 *
 * Pure: the caller hands the days and the predictions.
 */
import type { HourlyDay } from './hourly-history.js';
import { logWaitRatio, waitSums } from './nowcast.js';

export interface RecentMissOptions {
  /** Days before the origin whose miss is carried. */
  readonly days: number;
  /** What is left of the miss one day further ahead (the first day ahead takes it whole). */
  readonly fade: number;
  /** The share of the miss carried before the park's history teaches it. */
  readonly prior: number;
  /** Weight of the prior, in squared log misses (about 0.04 each for a ride's origin). */
  readonly priorWeight: number;
  /** Days ahead the teaching reads (the fade leaves little after them). */
  readonly teachingDays: number;
}

export const DEFAULT_RECENT_MISS_OPTIONS: RecentMissOptions = {
  days: 2,
  fade: 0.5,
  prior: 0.6,
  priorWeight: 4,
  teachingDays: 7,
};

/** A ride's predicted mean wait for a day and hour (NaN where there is none). */
export type Predict = (day: number, hour: number) => number;

/** A day's recorded waits and their predictions, summed over the hours with both. */
const daySums = (entry: HourlyDay, predict: Predict) => waitSums(entry, (hour) => predict(entry.day, hour));

/** The log ratio of what a day (or days) recorded to what was predicted; 0 without an hour. */
function logMiss(observed: number, expected: number): number {
  return expected > 0 ? logWaitRatio(observed, expected) : 0;
}

/** How far a ride's last `days` days before `origin` ran from `predict` (log ratio; 0 without them). */
export function recentMiss(
  byDay: ReadonlyMap<number, HourlyDay>,
  predict: Predict,
  origin: number,
  days: number,
): number {
  let observed = 0;
  let expected = 0;
  for (let day = origin - days; day < origin; day++) {
    const entry = byDay.get(day);
    if (!entry) continue;
    const sums = daySums(entry, predict);
    observed += sums.observed;
    expected += sums.expected;
  }
  return logMiss(observed, expected);
}

/** The weight of the miss on a day `ahead` days after the origin (the first days take it whole). */
const fadeAt = (ahead: number, fade: number) => fade ** Math.max(0, ahead - 1);

/**
 * Teaches how much of the miss carries: at each earlier origin, each ride's miss before it and the
 * log error of each of its days ahead; a least-squares share, pulled toward the prior.
 */
export class RecentMissFit {
  #products = 0;
  #squares = 0;

  constructor(private readonly options: RecentMissOptions = DEFAULT_RECENT_MISS_OPTIONS) {}

  /** One ride's day `ahead` days after an earlier origin whose miss before it was `miss`. */
  teach(miss: number, ahead: number, entry: HourlyDay, predict: Predict): void {
    if (miss === 0 || ahead > this.options.teachingDays) return;
    const { observed, expected } = daySums(entry, predict);
    if (!(expected > 0)) return;
    const carried = fadeAt(ahead, this.options.fade) * miss;
    this.#products += carried * logWaitRatio(observed, expected);
    this.#squares += carried * carried;
  }

  /** The share of the miss that carries, never below none nor above all of it. */
  share(): number {
    const { prior, priorWeight } = this.options;
    const share = (this.#products + prior * priorWeight) / (this.#squares + priorWeight);
    return Math.min(1, Math.max(0, share));
  }
}

/** The factor the miss adds to `day` (1 before the origin, or with no miss or share). */
export function carriedMiss(
  origin: number,
  miss: number,
  share: number,
  options: RecentMissOptions = DEFAULT_RECENT_MISS_OPTIONS,
): (day: number) => number {
  if (miss === 0 || share === 0) return () => 1;
  return (day) => {
    const ahead = day - origin;
    return ahead < 0 ? 1 : Math.exp(share * fadeAt(ahead, options.fade) * miss);
  };
}

/** `predict` scaled by what the miss adds to each day (`carriedMiss`). */
export function withRecentMiss(predict: Predict, carried: (day: number) => number): Predict {
  return (day, hour) => {
    const predicted = predict(day, hour);
    return Number.isNaN(predicted) ? predicted : predicted * carried(day);
  };
}
