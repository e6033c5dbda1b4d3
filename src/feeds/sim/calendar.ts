/**
 * The crowd calendar: how busy a park-local date is, as a factor on a typical day's waits
 * (1.0 = a typical day; ~0.6 the quietest weeks; ~1.6 between Christmas and New Year).
 *
 * The seasonal curve, the holiday effects and the Florida weekday effect are fitted to real recorded
 * posted waits at Walt Disney World, 2015-2019 (data: TouringPlans.com; scripts/fit-sim-shapes.ts):
 * seasons move smoothly week by week; holiday periods (Christmas-New Year, Thanksgiving, Easter,
 * the long weekends) are the peaks on top. The California parks are local-heavy: a flatter season
 * and Saturdays ~35% above a Tuesday.
 */
import { holidaysOf } from '../../calendar/holidays.js';
import { calendarDateOf, dayNumberFromParts, weekdayOf } from './local-time.js';
import { FITTED_SHAPES } from './fitted-shapes.js';
import { Rng } from '../../lib/random.js';

// The holiday dates are the shared calendar's; the simulator's own holiday periods below build on them.
export { holidaysOf } from '../../calendar/holidays.js';

export type Region = 'florida' | 'california';

export type HolidayPeriod =
  | 'christmas'
  | 'new-year'
  | 'thanksgiving'
  | 'mlk'
  | 'presidents'
  | 'easter'
  | 'memorial'
  | 'independence'
  | 'labor'
  | 'columbus';

/**
 * The holiday period a date falls in (the long weekends and holiday weeks that make crowd peaks),
 * or null. Christmas runs Dec 20 to Jan 4, its peak from Dec 26 to New Year's Day; Thanksgiving from the Saturday before to the Sunday
 * after; Presidents' Day from the Saturday before through the week; Easter the week before it.
 */
export function holidayPeriodOf(dayNumber: number): HolidayPeriod | null {
  const { year, month, day } = calendarDateOf(dayNumber);
  if ((month === 12 && day >= 26) || (month === 1 && day === 1)) return 'new-year';
  if ((month === 12 && day >= 20) || (month === 1 && day <= 4)) return 'christmas';
  const h = holidaysOf(year);
  const d = dayNumber;
  if (d >= h.thanksgiving - 5 && d <= h.thanksgiving + 3) return 'thanksgiving';
  if (d >= h.mlk - 2 && d <= h.mlk) return 'mlk';
  if (d >= h.presidents - 2 && d <= h.presidents + 5) return 'presidents';
  if (d >= h.easter - 7 && d <= h.easter + 1) return 'easter';
  if (d >= h.memorial - 2 && d <= h.memorial) return 'memorial';
  if (d >= h.independence - 3 && d <= h.independence + 1) return 'independence';
  if (d >= h.labor - 2 && d <= h.labor) return 'labor';
  if (d >= h.columbus - 2 && d <= h.columbus) return 'columbus';
  return null;
}

/**
 * The smooth seasonal curve (fitted by week of year to the real recorded waits, see
 * fitted-shapes.ts), interpolated linearly between week centres so no date jumps.
 */
function seasonalBaseline(dayNumber: number): number {
  const { year } = calendarDateOf(dayNumber);
  const weeks = FITTED_SHAPES.weekOfYear;
  const position = (dayNumber - dayNumberFromParts(year, 1, 1) - 3) / 7;
  const lo = Math.floor(position);
  const frac = position - lo;
  const a = weeks[(lo + weeks.length) % weeks.length] ?? 1;
  const b = weeks[(lo + 1 + weeks.length) % weeks.length] ?? 1;
  return a + (b - a) * frac;
}

/** Inside a holiday period or on a day either side, where its lift eases in and out. */
export function isHolidayInfluenced(dayNumber: number): boolean {
  return (
    holidayPeriodOf(dayNumber) !== null ||
    holidayPeriodOf(dayNumber - 1) !== null ||
    holidayPeriodOf(dayNumber + 1) !== null
  );
}

function periodLift(dayNumber: number): number {
  const period = holidayPeriodOf(dayNumber);
  return period === null ? 1 : FITTED_SHAPES.holidays[period];
}

/**
 * The fitted lift of the holiday period, eased over a day either side ([1, 2, 1] weights): crowds
 * build into a holiday week and drain out of it, so no two days, and no two parks, jump at once.
 */
function holidayLift(dayNumber: number): number {
  return (periodLift(dayNumber - 1) + 2 * periodLift(dayNumber) + periodLift(dayNumber + 1)) / 4;
}

/** The California parks are local-heavy: their seasons and holidays swing less than Florida's. */
const CALIFORNIA_SWING = 0.6;

/**
 * Seasonal factor before weekday effects and day-to-day noise: the fitted seasonal curve, times
 * the fitted effect of the holiday period the date falls in (holidayPeriodOf). 1.0 is a typical
 * day; the year averages about 1.
 */
export function seasonalFactor(region: Region, dayNumber: number): number {
  const florida = seasonalBaseline(dayNumber) * holidayLift(dayNumber);
  return region === 'california' ? 1 + CALIFORNIA_SWING * (florida - 1) : florida;
}

/** Florida weekdays are fitted (tourists: small effect); California Saturdays run ~35% above a Tuesday. */
const FLORIDA_WEEKDAY: readonly number[] = FITTED_SHAPES.weekday;
const CALIFORNIA_WEEKDAY = [0.92, 0.88, 0.89, 0.93, 1.05, 1.19, 1.1];

/** Weekday effect; damped inside holiday peaks, when every day is busy. */
export function weekdayFactor(region: Region, dayNumber: number, seasonal: number): number {
  const table = region === 'california' ? CALIFORNIA_WEEKDAY : FLORIDA_WEEKDAY;
  const raw = table[weekdayOf(dayNumber) - 1] ?? 1;
  return seasonal >= 1.3 ? 1 + (raw - 1) * 0.4 : raw;
}

/**
 * Day-to-day noise shrinks toward the holiday peaks (from a seasonal factor of 1.2 down to 30% at
 * 1.6): when every park is full, one day cannot be much emptier than the next.
 */
function noiseAmplitude(seasonal: number): number {
  return clamp((1.6 - seasonal) / 0.4, 0.3, 1);
}

/** Triangular weights, scaled so the moving average keeps a unit standard deviation. */
function unitWeights(raw: readonly number[]): readonly number[] {
  const norm = Math.sqrt(raw.reduce((sum, w) => sum + w * w, 0));
  return raw.map((w) => w / norm);
}
const RESORT_NOISE_WEIGHTS = unitWeights([1, 2, 3, 4, 3, 2, 1]);
const PARK_NOISE_WEIGHTS = unitWeights([1, 2, 1]);

/** A standard normal that moves smoothly from day to day: a centred moving average of daily draws. */
function movingNoise(
  seed: number,
  hash: number,
  salt: number,
  dayNumber: number,
  weights: readonly number[],
) {
  const half = (weights.length - 1) / 2;
  let sum = 0;
  weights.forEach((w, k) => {
    sum += w * new Rng(seed, hash, dayNumber + k - half, salt).normal();
  });
  return sum;
}

/**
 * The crowd factor of one park on one date: season × weekday × noise, where the noise has a
 * resort-wide part (weather, conventions: all parks of a resort move together) and a park part.
 * Spread ~±10%, so two Tuesdays in the same week differ but stay in the same band. Both parts are
 * moving averages of daily draws (a week for the resort, three days for the park): a busy spell
 * builds and fades over days, as real crowds do, instead of jumping overnight.
 */
export function crowdFactor(
  seed: number,
  region: Region,
  resortHash: number,
  parkHash: number,
  dayNumber: number,
): number {
  const seasonal = seasonalFactor(region, dayNumber);
  const weekday = weekdayFactor(region, dayNumber, seasonal);
  const resortNoise = movingNoise(seed, resortHash, 0xc0, dayNumber, RESORT_NOISE_WEIGHTS);
  const parkNoise = movingNoise(seed, parkHash, 0xc1, dayNumber, PARK_NOISE_WEIGHTS);
  const amplitude = noiseAmplitude(seasonal);
  const noise = Math.exp(
    amplitude * (0.06 * clamp(resortNoise, -2.5, 2.5) + 0.05 * clamp(parkNoise, -2.5, 2.5)),
  );
  return seasonal * weekday * noise;
}

/**
 * The resort-wide part of the crowd factor (no park's own noise): what resort-wide products, like
 * the Disneyland Resort's Multi Pass, are priced on.
 */
export function resortCrowdFactor(
  seed: number,
  region: Region,
  resortHash: number,
  dayNumber: number,
): number {
  const seasonal = seasonalFactor(region, dayNumber);
  const weekday = weekdayFactor(region, dayNumber, seasonal);
  const resortNoise = movingNoise(seed, resortHash, 0xc0, dayNumber, RESORT_NOISE_WEIGHTS);
  return seasonal * weekday * Math.exp(noiseAmplitude(seasonal) * 0.06 * clamp(resortNoise, -2.5, 2.5));
}

export function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}
