/**
 * A park's crowd levels at its origins: the forecast level against the level each scored day
 * reached (scored by the function the service's published accuracy uses, `scoreCrowdLevels`), the
 * served low-high range, and today's level from the waits before each nowcast cut.
 */
import {
  crowdLevel,
  crowdLevelRange,
  expectedTodayRange,
  indexSoFar,
  predictedIndex,
} from '../models/crowd.js';
import {
  crowdOriginFrame,
  forecastIndexRange,
  modelCrowdForecast,
  scoreCrowdLevels,
  type CrowdForecast,
  type CrowdOriginFrame,
} from '../models/crowd-accuracy.js';
import { weekdayOf } from '../models/hourly-history.js';
import {
  HORIZON_DAYS,
  morningOf,
  NOWCAST_CUTS,
  rollingOrigins,
  windowEnd,
  type BacktestAttraction,
  type FittedOrigin,
} from './origins.js';
import { meanOf, round } from './scoring.js';

export interface ParkScore {
  readonly park: string;
  readonly days_scored: number;
  readonly crowd_mae_levels: number;
  readonly crowd_within_1: number;
  readonly crowd_within_2: number;
  /** The day's level from its waits before each cut (the models' parks only). */
  readonly today?: Record<keyof typeof NOWCAST_CUTS, TodayLevelScore>;
  /** Share of scored days whose level fell inside the served low-high range (the models' parks only). */
  readonly crowd_range_coverage?: number;
  /** The served range's mean width, in levels (high − low). */
  readonly crowd_range_width_levels?: number;
}

/**
 * Each scored day's crowd level given its waits before a cut, within ±1 of the level the day
 * reached: as served (`within_1`: the midday observed so far and the nowcast of the rest), and two
 * yardsticks on the same days: the forecast without the morning, and the morning's ratio to typical
 * carried to the whole day (`indexSoFar`).
 */
export interface TodayLevelScore {
  readonly days_scored: number;
  readonly within_1: number;
  readonly forecast_within_1: number;
  readonly morning_within_1: number;
  /** Share of the days whose level fell inside the served low-high range, and its mean width. */
  readonly range_coverage: number;
  readonly range_width_levels: number;
}

/**
 * A park's origins in order, each with the rides fitted there (one of them to reach the park's
 * models through) and the crowd scoring's frame (typical middays, scale, actual index).
 */
function* parkOrigins(rides: readonly { fitted: Map<number, FittedOrigin> }[]): Generator<{
  origin: number;
  fits: FittedOrigin[];
  first: FittedOrigin;
  frame: CrowdOriginFrame;
}> {
  const origins = [...new Set(rides.flatMap(({ fitted }) => [...fitted.keys()]))].sort((a, b) => a - b);
  for (const origin of origins) {
    const fits = rides.flatMap(({ fitted }) => fitted.get(origin) ?? []);
    const [first] = fits;
    if (!first) continue;
    const frame = crowdOriginFrame(
      fits.map(({ fit }) => fit),
      fits.map(({ scored }) => scored),
      origin,
      HORIZON_DAYS,
    );
    yield { origin, fits, first, frame };
  }
}

/** How often the served crowd level range held the level each scored day reached, and its width. */
export function scoreLevelRange(rides: readonly { fitted: Map<number, FittedOrigin> }[]): {
  crowd_range_coverage: number;
  crowd_range_width_levels: number;
} {
  let days = 0;
  let held = 0;
  let width = 0;
  for (const { origin, fits, first, frame } of parkOrigins(rides)) {
    const { middays, scale, actual } = frame;
    const models = fits.map(({ model }) => model);
    for (const [day, index] of actual) {
      const forecast = predictedIndex(
        models.map((model, k) => ({ predict: model.predict, typicalMidday: middays[k] ?? Number.NaN })),
        day,
      );
      if (!(forecast > 0)) continue;
      const { low, high } = crowdLevelRange(
        forecast,
        forecastIndexRange(forecast, first.levelRange, models, day - origin),
        scale,
      );
      const level = crowdLevel(index, scale);
      days++;
      if (level >= low && level <= high) held++;
      width += high - low;
    }
  }
  return {
    crowd_range_coverage: meanOf(held, days, 3),
    crowd_range_width_levels: meanOf(width, days),
  };
}

/** Today's level at each cut (`TodayLevelScore`), over the park's origins and their scored days. */
export function scoreTodayLevels(
  rides: readonly { fitted: Map<number, FittedOrigin> }[],
): Record<keyof typeof NOWCAST_CUTS, TodayLevelScore> {
  const tallies = (Object.entries(NOWCAST_CUTS) as [keyof typeof NOWCAST_CUTS, number][]).map(
    ([label, cutHour]) => ({
      label,
      cutHour,
      days: 0,
      served: 0,
      forecast: 0,
      morning: 0,
      held: 0,
      width: 0,
    }),
  );
  for (const { fits, first, frame } of parkOrigins(rides)) {
    const { middays, scale, actual } = frame;
    for (const [day, index] of actual) {
      const level = crowdLevel(index, scale);
      const weekday = weekdayOf(day) * 24;
      const forecast = predictedIndex(
        fits.map(({ model }, k) => ({ predict: model.predict, typicalMidday: middays[k] ?? Number.NaN })),
        day,
      );
      for (const tally of tallies) {
        const { cutHour } = tally;
        const readings = first.parkDays.map((days) => morningOf(days.get(day), cutHour));
        if (fits.every(({ ride }) => readings[ride] === undefined)) continue;
        const nowcasts = first.park.nowcast(day, { readings, cutHour });
        const served = expectedTodayRange(
          fits.map(({ ride }, k) => ({
            readings: readings[ride],
            forecast: (hour: number) => nowcasts[ride]?.(hour) ?? null,
            typicalMidday: middays[k] ?? Number.NaN,
          })),
        );
        const morning = indexSoFar(
          fits.map(({ ride, model }, k) => ({
            readings: readings[ride],
            typical: (hour: number) => model.typical.means[weekday + hour] ?? Number.NaN,
            typicalMidday: middays[k] ?? Number.NaN,
          })),
        );
        if (!(served.index > 0 && forecast > 0 && morning > 0)) continue;
        const hit = (value: number) => (Math.abs(crowdLevel(value, scale) - level) <= 1 ? 1 : 0);
        const { low, high } = crowdLevelRange(served.index, served, scale);
        tally.days++;
        tally.served += hit(served.index);
        tally.forecast += hit(forecast);
        tally.morning += hit(morning);
        if (level >= low && level <= high) tally.held++;
        tally.width += high - low;
      }
    }
  }
  const share = (hits: number, days: number) => meanOf(hits, days, 3);
  return Object.fromEntries(
    tallies.map(({ label, days, served, forecast, morning, held, width }) => [
      label,
      {
        days_scored: days,
        within_1: share(served, days),
        forecast_within_1: share(forecast, days),
        morning_within_1: share(morning, days),
        range_coverage: share(held, days),
        range_width_levels: meanOf(width, days),
      },
    ]),
  ) as Record<keyof typeof NOWCAST_CUTS, TodayLevelScore>;
}

/**
 * The park's crowd levels at its rolling origins (those of the window ending at `until`, else at its
 * rides' last recorded day), each from the rides fitted there.
 */
export function scorePark(
  park: string,
  rides: readonly { attraction: BacktestAttraction; fitted: Map<number, FittedOrigin> }[],
  forecast: CrowdForecast = modelCrowdForecast,
  until?: number,
): ParkScore {
  const lastDay = Math.max(...rides.map(({ attraction }) => windowEnd(attraction.history, until) ?? 0));
  const score = scoreCrowdLevels(
    rollingOrigins(lastDay),
    (origin) => {
      const fits = rides.flatMap(({ fitted }) => fitted.get(origin) ?? []);
      if (fits.length === 0) return undefined;
      return {
        fits: fits.map(({ fit }) => fit),
        scored: fits.map(({ scored }) => scored),
        predict: fits.map(({ model }) => model.predict),
      };
    },
    HORIZON_DAYS,
    forecast,
  );
  return {
    park,
    days_scored: score.days,
    crowd_mae_levels: round(score.maeLevels, 2),
    crowd_within_1: round(score.within1, 3),
    crowd_within_2: round(score.within2, 3),
  };
}
