/**
 * The crowd forecast's accuracy on the park's recorded history, served with `/v1/parks/{park}/crowds`
 * and `/v1/parks/{park}/crowds/actuals`: at earlier origins (every 7 days, the latest 31 days back
 * so all 30 target days are finished), the models the service serves as they would have been made
 * there (the wait models' calibration makes them, `CalibrationObserver`), scored on the crowd level
 * (`CrowdLevelTally`, as the backtest scores it) and the hourly waits of the following 30 days.
 */
import { CrowdLevelTally, crowdOriginFrame, type CrowdOriginFrame } from '../../models/crowd-accuracy.js';
import { predictedIndex } from '../../models/crowd.js';
import {
  FIRST_HOUR,
  LAST_HOUR,
  MIN_HOUR_READINGS,
  weekdayOf,
  type HourlyDay,
} from '../../models/hourly-history.js';
import { FORECAST_DAYS } from '../../models/horizon-bands.js';
import type { PointModel } from '../../models/point-model.js';
import type { CalibrationObserver } from '../../models/wait-model.js';

/** The calibration's newest origins that are scored. */
const ORIGINS = 8;
/** An origin is scored once some ride has this many days before it. */
const MIN_FIT_DAYS = 14;

export interface CrowdAccuracy {
  /** Earlier origins in the recorded history whose 30 following days were scored. */
  readonly origins: number;
  readonly days_scored: number;
  readonly mae_levels: number | null;
  readonly within_1: number | null;
  readonly within_2: number | null;
  readonly wait_mae_minutes: number | null;
  readonly typical_mae_minutes: number | null;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The hourly waits' errors, the model's and the typical wait's, summed over the scored hours. */
class WaitErrors {
  model = 0;
  typical = 0;
  hours = 0;

  /** Adds one day's hours 8:00-21:59 with two readings or more. */
  addDay(
    day: number,
    entries: readonly (HourlyDay | undefined)[],
    points: readonly PointModel[],
    predict: readonly ((hour: number) => number)[],
  ): void {
    entries.forEach((entry, ride) => {
      const point = points[ride];
      const ridePredict = predict[ride];
      if (!entry || !point || !ridePredict) return;
      for (let hour = FIRST_HOUR; hour <= LAST_HOUR; hour++) {
        if ((entry.counts[hour] ?? 0) < MIN_HOUR_READINGS) continue;
        const predicted = ridePredict(hour);
        const usual = point.typical.means[weekdayOf(day) * 24 + hour] ?? Number.NaN;
        const value = entry.means[hour] ?? Number.NaN;
        if (Number.isNaN(predicted) || Number.isNaN(usual) || Number.isNaN(value)) continue;
        this.model += Math.abs(predicted - value);
        this.typical += Math.abs(usual - value);
        this.hours++;
      }
    });
  }
}

/**
 * The accuracy of a park's models whose rides recorded `histories` (finished days, oldest first,
 * in the order the wait models are fitted in), measured from what their calibration hands it, and
 * each scored day's actual ÷ predicted crowd index (the level range comes from them).
 */
export class AccuracyMeter implements CalibrationObserver {
  /** Origins the calibration has reported so far (newest first), scored or not. */
  private originsSeen = 0;
  private readonly waits = new WaitErrors();
  private readonly crowd = new CrowdLevelTally();
  /** The origin being scored, while the calibration is at one of ours. */
  private current:
    | { readonly origin: number; readonly points: readonly PointModel[]; readonly frame: CrowdOriginFrame }
    | undefined;

  constructor(private readonly histories: readonly HourlyDay[][]) {}

  origin(earlier: number, points: readonly PointModel[]): void {
    this.current = undefined;
    if (this.originsSeen++ >= ORIGINS) return;
    const fits = this.histories.map((list) => list.filter((entry) => entry.day < earlier));
    if (fits.every((list) => list.length < MIN_FIT_DAYS)) return;
    this.crowd.addOrigin();
    this.current = {
      origin: earlier,
      points,
      frame: crowdOriginFrame(fits, this.histories, earlier, FORECAST_DAYS),
    };
  }

  day(
    earlier: number,
    day: number,
    entries: readonly (HourlyDay | undefined)[],
    predict: readonly ((hour: number) => number)[],
  ): void {
    const current = this.current;
    if (current?.origin !== earlier) return;
    this.waits.addDay(day, entries, current.points, predict);
    const index = current.frame.actual.get(day);
    if (index === undefined) return;
    const rides = predict.map((ridePredict, ride) => ({
      predict: (_day: number, hour: number) => ridePredict(hour),
      typicalMidday: current.frame.middays[ride] ?? Number.NaN,
    }));
    this.crowd.addDay(predictedIndex(rides, day), index, current.frame.scale);
  }

  result(): { accuracy: CrowdAccuracy; indexRatios: number[] } {
    const crowd = this.crowd.score();
    const { days } = crowd;
    return {
      accuracy: {
        origins: crowd.origins,
        days_scored: days,
        mae_levels: days > 0 ? round(crowd.maeLevels) : null,
        within_1: days > 0 ? round(crowd.within1, 3) : null,
        within_2: days > 0 ? round(crowd.within2, 3) : null,
        wait_mae_minutes: this.waits.hours > 0 ? round(this.waits.model / this.waits.hours) : null,
        typical_mae_minutes: this.waits.hours > 0 ? round(this.waits.typical / this.waits.hours) : null,
      },
      indexRatios: crowd.indexRatios,
    };
  }
}
