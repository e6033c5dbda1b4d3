/**
 * US school breaks, which follow the school year around the holidays: winter break, spring break
 * around Easter, summer, Thanksgiving week.
 */
import { calendarDateOf, dayNumberFromParts } from '../lib/day-numbers.js';
import { holidaysOf } from './holidays.js';

/** The school break a day falls in, or null. */
export function schoolBreakOf(day: number): string | null {
  const { year } = calendarDateOf(day);
  const h = holidaysOf(year);
  const previous = holidaysOf(year - 1);
  if (day >= h.christmas - 5 || day <= previous.christmas + 9) return 'winter break';
  if (day >= h.easter - 9 && day <= h.easter + 7) return 'spring break';
  if (day >= h.memorial + 4 && day <= h.labor - 28) return 'summer break';
  if (day >= h.thanksgiving - 4 && day <= h.thanksgiving + 3) return 'Thanksgiving week';
  return null;
}

/** [day offset from an anchor day, share of schools in session] corners of a piecewise-linear curve. */
type Corners = readonly (readonly [number, number])[];

/** Between the corners, linearly; outside them, undefined. */
function along(corners: Corners, offset: number): number | undefined {
  const first = corners[0];
  const last = corners[corners.length - 1];
  if (!first || !last || offset < first[0] || offset > last[0]) return undefined;
  for (let i = 1; i < corners.length; i++) {
    const [x0, y0] = corners[i - 1] ?? first;
    const [x1, y1] = corners[i] ?? last;
    if (offset <= x1) return x1 === x0 ? y1 : y0 + ((y1 - y0) * (offset - x0)) / (x1 - x0);
  }
  return undefined;
}

/** A school day's share in session outside every break. */
const IN_TERM = 0.94;

/** Summer, by the days after Memorial Day, then by the days before Labor Day (US districts vary). */
const SUMMER_FROM_MEMORIAL: Corners = [
  [-7, IN_TERM],
  [3, 0.7],
  [10, 0.48],
  [17, 0.29],
  [24, 0.16],
  [31, 0.1],
  [45, 0.03],
];
const SUMMER_TO_LABOR: Corners = [
  [-56, 0.03],
  [-35, 0.15],
  [-28, 0.27],
  [-21, 0.5],
  [-14, 0.67],
  [-7, 0.84],
  [2, IN_TERM],
];
/** Winter break, by the days after Christmas. */
const WINTER_FROM_CHRISTMAS: Corners = [
  [-7, IN_TERM],
  [-5, 0.85],
  [-3, 0.3],
  [-1, 0.02],
  [7, 0.02],
  [8, 0.3],
  [10, 0.7],
  [14, IN_TERM],
];
/** Thanksgiving week, by the days after Thanksgiving Day. */
const THANKSGIVING: Corners = [
  [-4, IN_TERM],
  [-3, 0.85],
  [-1, 0.15],
  [0, 0],
  [1, 0.05],
  [3, 0.05],
  [4, IN_TERM],
];
/** Spring breaks: a first wave in mid-March, a second around Easter (days after Easter Sunday). */
const MID_MARCH: Corners = [
  [-10, 0],
  [0, 0.17],
  [10, 0],
];
const EASTER: Corners = [
  [-14, 0],
  [-4, 0.22],
  [4, 0.1],
  [8, 0],
];
/** Presidents' week, by the days after Presidents' Day. */
const PRESIDENTS: Corners = [
  [-3, 0],
  [0, 0.07],
  [4, 0],
];

/**
 * The share of US schools in session on a day, 0-1: the shape of the published school calendars
 * (summer from late May to late August, the winter break, Thanksgiving, the spring breaks, Presidents'
 * week), for a crowd model that reads how many families are free to travel.
 */
export function schoolsInSession(day: number): number {
  const { year, month } = calendarDateOf(day);
  const h = holidaysOf(year);
  const winterAnchor = month === 1 ? holidaysOf(year - 1).christmas : h.christmas;
  const winter = along(WINTER_FROM_CHRISTMAS, day - winterAnchor);
  if (winter !== undefined && winter < IN_TERM) return winter;
  const summer =
    day - h.memorial <= 45
      ? along(SUMMER_FROM_MEMORIAL, day - h.memorial)
      : along(SUMMER_TO_LABOR, day - h.labor);
  if (summer !== undefined) return summer;
  const thanksgiving = along(THANKSGIVING, day - h.thanksgiving);
  if (thanksgiving !== undefined) return thanksgiving;
  const midMarch = dayNumberFromParts(year, 3, 14);
  const spring =
    (along(MID_MARCH, day - midMarch) ?? 0) +
    (along(EASTER, day - h.easter) ?? 0) +
    (along(PRESIDENTS, day - h.presidents) ?? 0);
  return Math.max(0, IN_TERM - spring);
}
