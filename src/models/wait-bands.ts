/**
 * The 80% bands of the wait models: how far above and below a prediction the wait will be, per
 * horizon band (1-7, 8-14, 15-30 days ahead).
 *
 * A ride's bands are its combined model's own errors (actual ÷ predicted) at earlier origins whose
 * target days all end before the origin, so nothing scored is ever fitted. Until errors from enough
 * origins exist (a new ride, a new deployment) the band is the uncalibrated one, fitted to how the
 * ride ran on the days its model learned from.
 *
 * Pure: the caller scores the earlier origins and hands the errors.
 */
import { FIRST_HOUR, LAST_HOUR, MIN_HOUR_READINGS, type HourlyDay } from './hourly-history.js';
import { horizonBandOf } from './horizon-bands.js';
import { quantile } from './stats.js';

/** 80% band multipliers per horizon band: actual ÷ predicted at the `bandTail` percentiles. */
export interface BandMultipliers {
  readonly lower: readonly number[];
  readonly upper: readonly number[];
}

/**
 * The multipliers used when no earlier origin has scored anything (a new ride as unsteady as most;
 * `bandsFromErrors` narrows them for a calmer one and widens them for a wilder one).
 */
export const UNCALIBRATED_BANDS: BandMultipliers = { lower: [0.6, 0.55, 0.5], upper: [1.5, 1.6, 1.7] };

/** A prediction with its 80% band. */
export interface HourForecast {
  readonly predicted: number;
  readonly lower: number;
  readonly upper: number;
}

/** `predicted` with a ride's band for a day `horizon` days after its model's origin. */
export function withBand(predicted: number, bands: BandMultipliers, horizon: number): HourForecast {
  const band = horizonBandOf(Math.max(1, horizon));
  return {
    predicted,
    lower: predicted * (bands.lower[band] ?? 1),
    upper: predicted * (bands.upper[band] ?? 1),
  };
}

/** One ride's errors at earlier origins, per horizon band, with the origins they came from. */
export class BandErrors {
  private readonly ratios: number[][] = [[], [], []];
  private readonly origins: Set<number>[] = [new Set(), new Set(), new Set()];

  /** Scores a day's hours predicted `horizon` days ahead at the earlier origin `origin`. */
  addDay(origin: number, horizon: number, entry: HourlyDay, predict: (hour: number) => number): void {
    const band = horizonBandOf(horizon);
    const before = this.ratios[band]?.length ?? 0;
    for (const ratio of hourErrors(entry, predict)) this.ratios[band]?.push(ratio);
    if ((this.ratios[band]?.length ?? 0) > before) this.origins[band]?.add(origin);
  }

  /**
   * The ride's bands (`bandsFromErrors`); `inSample` is read only where they need it, and
   * `daysLearned` (the days its model learned from) widens a band that has neither.
   */
  bands(
    tail: number,
    inSample: () => readonly number[],
    daysLearned = Number.POSITIVE_INFINITY,
  ): BandMultipliers {
    return bandsFromErrors(
      this.ratios,
      this.origins.map((set) => set.size),
      tail,
      inSample,
      daysLearned,
    );
  }
}

/**
 * Actual ÷ predicted of each hour of a day with two readings or more (one reading is too noisy to
 * score), each at least a minute (a zero wait or prediction has no ratio).
 */
function* hourErrors(entry: HourlyDay, predict: (hour: number) => number): Generator<number> {
  for (let hour = FIRST_HOUR; hour <= LAST_HOUR; hour++) {
    if ((entry.counts[hour] ?? 0) < MIN_HOUR_READINGS) continue;
    const predicted = predict(hour);
    const actual = entry.means[hour] ?? Number.NaN;
    if (!(predicted > 0) || Number.isNaN(actual)) continue;
    yield Math.max(actual, 1) / Math.max(predicted, 1);
  }
}

/**
 * Days a ride's model must have learned from before its errors stand for a model that has learned
 * from more: a ride's first weeks (a level from a few days, an opening's rush fading) err far more
 * than it will once it has a month behind it.
 */
const BAND_MIN_HISTORY_DAYS = 28;

/**
 * The calibration origins whose errors calibrate a ride's bands at `origin`: those where its
 * uninterrupted history (`spanAt`, in days) was at least `BAND_MIN_HISTORY_DAYS` long, or as long
 * as it is now.
 */
export function bandOrigins(
  spanAt: (at: number) => number,
  origin: number,
  calibration: readonly number[],
): Set<number> {
  const needed = Math.min(BAND_MIN_HISTORY_DAYS, spanAt(origin));
  return new Set(calibration.filter((earlier) => spanAt(earlier) >= needed));
}

/** Days before the origin whose in-sample errors stand in for a new ride's calibration. */
const IN_SAMPLE_DAYS = 28;
/** Rows a band needs before its own errors (or the in-sample ones) are trusted. */
const BAND_MIN_ROWS = 50;
/**
 * Earlier origins a band's own errors must come from before they are trusted alone: the errors of
 * one origin share its level's one miss, so a few origins' worth (a park two months old) see a few
 * misses and understate the next. The crowd level's range follows the same rule.
 */
export const BAND_MIN_ORIGINS = 6;
/**
 * How much wider than its in-sample errors a new ride's band is, per horizon band (a power on the
 * error ratios): a model's errors on the days it was fitted on understate its errors ahead.
 */
const IN_SAMPLE_WIDENING = [1.2, 1.35, 1.5];

/**
 * The log width of the 80% range of a typical ride's errors on the days its model was fitted on
 * (the middle of the recorded rides', 0.55-0.7): the uncalibrated band is made for such a ride.
 */
const TYPICAL_IN_SAMPLE_SPREAD = 0.55;
/**
 * The narrowest uncalibrated band, as a power of it: a ride whose fitted days held steady is still
 * forecast from a few weeks, and its days ahead may not.
 */
export const UNCALIBRATED_NARROWEST_POWER = 0.75;

/**
 * The power the uncalibrated band is raised to for a ride with these in-sample errors: its log
 * width against `TYPICAL_IN_SAMPLE_SPREAD`'s, between `UNCALIBRATED_NARROWEST_POWER` and 1. (A ride
 * that swings more than typical is widened by its in-sample errors themselves.)
 */
function uncalibratedPower(fitted: readonly number[], tail: number): number {
  const spread = Math.log(quantile(fitted, 1 - tail) / quantile(fitted, tail));
  return Math.min(1, Math.max(UNCALIBRATED_NARROWEST_POWER, spread / TYPICAL_IN_SAMPLE_SPREAD));
}

/**
 * The variance, in units of a band's own, that a level learned from a single day adds to a
 * forecast: a day's level is about as uncertain as the hours around it.
 */
const ONE_DAY_LEVEL_VARIANCE = 1;

/**
 * How much wider (in log width) a band is for a model that learned from only `days` days and has
 * too few errors of its own to say how its ride swings (a deployment's first days): the level's
 * uncertainty adds to the band's, sqrt(1 + ONE_DAY_LEVEL_VARIANCE / days). The uncalibrated band
 * and the nowcast's prior spread both grow by it.
 */
export function fewDaysWidening(days: number): number {
  return Math.sqrt(1 + ONE_DAY_LEVEL_VARIANCE / Math.max(1, days));
}

/** Actual ÷ predicted over the last `IN_SAMPLE_DAYS` days before `origin` (the fit's own days). */
export function inSampleRatios(
  byDay: ReadonlyMap<number, HourlyDay> | undefined,
  predict: (day: number, hour: number) => number,
  origin: number,
): number[] {
  const ratios: number[] = [];
  if (!byDay) return ratios;
  for (let day = origin - IN_SAMPLE_DAYS; day < origin; day++) {
    const entry = byDay.get(day);
    if (entry) ratios.push(...hourErrors(entry, (hour) => predict(day, hour)));
  }
  return ratios;
}

/**
 * The band multipliers from the collected errors of each horizon band. A band without enough of
 * them (a new ride, a new deployment) is the uncalibrated one, narrowed for a ride whose days ran
 * closer to its model than most rides' do (`uncalibratedPower`), widened for a model that learned
 * from only a few days (`fewDaysWidening`), and widened where the model's errors on the days it was
 * fitted on (widened again: they understate the errors ahead) or the few earlier origins' errors
 * say the ride swings more, until errors from enough origins ahead have been scored.
 */
function bandsFromErrors(
  errors: readonly number[][],
  origins: readonly number[],
  tail: number,
  inSample: () => readonly number[],
  daysLearned: number,
): BandMultipliers {
  const lower: number[] = [];
  const upper: number[] = [];
  let fitted: readonly number[] | undefined;
  let power: number | undefined;
  for (let band = 0; band < 3; band++) {
    const values = errors[band] ?? [];
    const own = values.length >= BAND_MIN_ROWS;
    if (own && (origins[band] ?? 0) >= BAND_MIN_ORIGINS) {
      lower.push(quantile(values, tail));
      upper.push(quantile(values, 1 - tail));
      continue;
    }
    fitted ??= inSample();
    power ??= fitted.length >= BAND_MIN_ROWS ? uncalibratedPower(fitted, tail) : fewDaysWidening(daysLearned);
    const widening = IN_SAMPLE_WIDENING[band] ?? 1;
    // Never narrower than the uncalibrated band (narrowed for a ride calmer than most), nor than
    // the few origins' errors already scored.
    let floorLower = (UNCALIBRATED_BANDS.lower[band] ?? 0.5) ** power;
    let floorUpper = (UNCALIBRATED_BANDS.upper[band] ?? 1.7) ** power;
    if (own) {
      floorLower = Math.min(floorLower, quantile(values, tail));
      floorUpper = Math.max(floorUpper, quantile(values, 1 - tail));
    }
    if (fitted.length >= BAND_MIN_ROWS) {
      lower.push(Math.min(floorLower, quantile(fitted, tail) ** widening));
      upper.push(Math.max(floorUpper, quantile(fitted, 1 - tail) ** widening));
      continue;
    }
    lower.push(floorLower);
    upper.push(floorUpper);
  }
  return { lower, upper };
}
