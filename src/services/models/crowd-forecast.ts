/**
 * A park's crowd forecast for today and the next 29 days: each day's index (the rides' predicted
 * midday level, or for today, once the park has an hour of waits, its midday as observed so far and
 * as the nowcast expects the rest), its 1-10 level with a range, and the drivers behind it in
 * English for `/v1/parks/{park}/crowds` and the park page.
 *
 * The index is the wait models' alone: they carry the calendar (the season from earlier years or,
 * in a park's first year, from school sessions; the calendar trees from its second). Multiplied
 * again by effects learned from the crowd index of the same few days, a holiday would count twice
 * (docs/models.md has the measurement), so the calendar drivers only say how such days ran.
 */
import { DateTime } from 'luxon';
import type { Park } from '../../catalog/types.js';
import { calendarFlags, type CalendarFlags } from '../../calendar/day-flags.js';
import { hasFamily } from '../../catalog/families.js';
import {
  crowdLevelRange,
  learnCalendarEffects,
  predictedIndex,
  type CalendarDriver,
  type CrowdScale,
  type DayDrivers,
  type IndexEstimate,
  type LearnedEffect,
} from '../../models/crowd.js';
import { isoDateOf, weekdayOf } from '../../models/hourly-history.js';
import { DEFAULT_WAIT_MODEL_OPTIONS } from '../../models/level-model-options.js';
import { DEFAULT_RECENT_MISS_OPTIONS } from '../../models/recent-miss.js';
import { FORECAST_DAYS } from '../../models/horizon-bands.js';
import { meanOfFinite } from '../../models/stats.js';
import { forecastIndexRange } from '../../models/crowd-accuracy.js';
import { runSteps, type Steps } from '../../lib/steps.js';
import type { RideModel } from './day-fit.js';

export interface CrowdDriver {
  readonly driver: 'weekday' | 'season' | 'recent_trend' | CalendarDriver;
  /**
   * Weekday, season and recent trend: the multipliers the wait models apply to the park's typical
   * day. Calendar items: how much busier the park's recorded days they applied to ran.
   */
  readonly effect: number;
  readonly detail: string;
}

export interface CrowdForecastDay {
  readonly date: string;
  readonly day: number;
  readonly index: number;
  readonly level: number;
  readonly level_low: number;
  readonly level_high: number;
  /** `observed` for today once the park has an hour of waits, `forecast` otherwise. */
  readonly basis: 'observed' | 'forecast';
  readonly drivers: readonly CrowdDriver[];
}

export interface ForecastInput {
  readonly park: Park;
  readonly rides: readonly RideModel[];
  /** Observed index of the finished days. */
  readonly observed: ReadonlyMap<number, number>;
  /** Operating hours of the finished days. */
  readonly finishedHours: ReadonlyMap<number, number>;
  /** Operating hours of the forecast days whose schedule is published. */
  readonly scheduledHours: ReadonlyMap<number, number>;
  readonly scale: CrowdScale;
  readonly todayDay: number;
  /**
   * Today's index from its waits so far (`expectedIndex`) with its 80% range; undefined until the
   * park has an hour of waits.
   */
  readonly today: IndexEstimate | undefined;
  /** The level range's multipliers from the index's past errors, when enough were scored. */
  readonly range: { lower: number; upper: number } | undefined;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Each weekday's mean observed index over the park's average day. */
function weekdayIndex(observed: ReadonlyMap<number, number>): number[] {
  const byWeekday: number[][] = Array.from({ length: 7 }, () => []);
  for (const [day, index] of observed) byWeekday[weekdayOf(day)]?.push(index);
  const overall = meanOfFinite([...observed.values()]);
  return byWeekday.map((values) => {
    const mean = meanOfFinite(values);
    return overall > 0 && Number.isFinite(mean) ? mean / overall : 1;
  });
}

const NO_NAMED_DAY: CalendarFlags = { holiday: null, school_break: null, event_night: null };

/** The forecast days (a day without an index is left out). */
export function crowdForecast(input: ForecastInput): CrowdForecastDay[] {
  return runSteps(crowdForecastSteps(input));
}

/** `crowdForecast` in steps, one forecast day each (a day reads every ride's predictions). */
export function* crowdForecastSteps(input: ForecastInput): Steps<CrowdForecastDay[]> {
  const { park, rides, observed, scale, todayDay, today, range } = input;
  const usualHours = meanOfFinite([...input.finishedHours.values()].filter((hours) => hours > 0));
  const hoursOf = new Map(input.finishedHours);
  for (const [day, hours] of input.scheduledHours) hoursOf.set(day, hours);
  const flagsCache = new Map<number, CalendarFlags>();
  // The calendar is the spec parks' (US holidays and school breaks, their resorts' event nights):
  // a park the feed discovered has no named days rather than another country's.
  const calendarKnown = hasFamily(park, 'holiday_calendar');
  const flagsOf = (day: number) => {
    let flags = flagsCache.get(day);
    if (!flags) {
      flags = calendarKnown ? calendarFlags(park.key, day) : NO_NAMED_DAY;
      flagsCache.set(day, flags);
    }
    return flags;
  };
  const driversOf = (day: number): DayDrivers => {
    const flags = flagsOf(day);
    const hours = hoursOf.get(day) ?? Number.NaN;
    return {
      holiday: flags.holiday !== null,
      school_break: flags.school_break !== null,
      event_night: flags.event_night !== null,
      hours_length: usualHours > 0 && hours >= usualHours + 1,
    };
  };
  const effects = learnCalendarEffects(observed, driversOf, weekdayOf);
  const predictors = rides.map(({ model, typicalMidday: midday }) => ({
    predict: model.predict,
    typicalMidday: midday,
  }));
  const weekdays = weekdayIndex(observed);
  const recentLevel = meanOfFinite(rides.map(({ model }) => model.recentLevel));
  const days: CrowdForecastDay[] = [];
  for (let offset = 0; offset < FORECAST_DAYS; offset++) {
    const day = todayDay + offset;
    const drivers = driversOf(day);
    const observedToday = offset === 0 && today !== undefined && today.index > 0;
    const index = observedToday ? today.index : predictedIndex(predictors, day);
    if (Number.isNaN(index)) continue;
    // Today's range narrows as its midday is observed; later days take the index's own errors.
    const { level, low, high } = crowdLevelRange(
      index,
      observedToday
        ? today
        : forecastIndexRange(
            index,
            range,
            rides.map(({ model }) => model),
            offset,
          ),
      scale,
    );
    const flags = flagsOf(day);
    const season = meanOfFinite(rides.map(({ model }) => model.dayLevel(day) / model.recentLevel));
    // The recent level, and what the last days' miss still adds that day (fading within days).
    const trend = recentLevel * meanOfFinite(rides.map(({ model }) => model.lastDays(day)));
    const list: CrowdDriver[] = [
      {
        driver: 'weekday',
        effect: round(weekdays[weekdayOf(day)] ?? 1, 3),
        detail: `${DateTime.fromISO(isoDateOf(day), { zone: 'UTC' }).setLocale('en').toFormat('cccc')}s against the park's average day`,
      },
      {
        driver: 'season',
        effect: round(Number.isFinite(season) ? season : 1, 3),
        detail: rides.some(({ model }) => model.seasonKnown(day))
          ? 'Change seen from now to this time of year in earlier years'
          : calendarKnown
            ? 'Share of schools in session against the recent days, until a year of history shows the season'
            : 'The recent days’ level, until a year of history shows the season',
      },
      {
        driver: 'recent_trend',
        effect: round(Number.isFinite(trend) ? trend : 1, 3),
        detail: `Waits of the last ${Math.min(...DEFAULT_WAIT_MODEL_OPTIONS.recentWindows)}-${Math.max(...DEFAULT_WAIT_MODEL_OPTIONS.recentWindows)} days against typical, and of the last ${DEFAULT_RECENT_MISS_OPTIONS.days} against the forecast`,
      },
    ];
    const hours = hoursOf.get(day) ?? 0;
    list.push({
      driver: 'hours_length',
      effect: round(drivers.hours_length ? effects.hours_length.effect : 1, 3),
      detail: `${round(hours, 1)} operating hours (usually ${Number.isFinite(usualHours) ? round(usualHours, 1) : 'unknown'})`,
    });
    const named: readonly [CalendarDriver, string | null][] = [
      ['holiday', flags.holiday],
      ['school_break', flags.school_break],
      ['event_night', flags.event_night],
    ];
    for (const [driver, name] of named) {
      if (name === null) continue;
      const learned: LearnedEffect = effects[driver];
      list.push({
        driver,
        effect: round(learned.effect, 3),
        detail: `${name} (${learned.days} recorded day${learned.days === 1 ? '' : 's'} like it, against the park's other days)`,
      });
    }
    days.push({
      date: isoDateOf(day),
      day,
      index: round(index, 3),
      level,
      level_low: low,
      level_high: high,
      basis: observedToday ? 'observed' : 'forecast',
      drivers: list,
    });
    yield;
  }
  return days;
}
