/**
 * Fits the simulator's shapes to real recorded posted waits (data: TouringPlans.com, see
 * ../shared/data/touringplans/README.md) and writes them to src/feeds/sim/fitted-shapes.ts:
 *
 * - the daily shape of each ride class (and of each recorded attraction the catalog still has):
 *   the share of the day's mean posted wait by half hour since the park opened, times a taper by
 *   half hour before close over the last eight hours (an alternating fit of the two factors, so
 *   the morning climb follows the opening and the evening decline the close); a recorded
 *   attraction also gets its own shape by local clock half hour (from 06:00, fitted on 2019
 *   , the first full year after Toy Story Land opened and moved the Hollywood Studios crowds);
 * - the weekday effect, the seasonal curve by week of the year (holiday periods left out, then
 *   smoothed over three weeks) and each holiday period's effect on top of it;
 * - the level of each recorded attraction (its 2019 mean posted wait) and its own weekday effect.
 *
 * Years 2015-2019 only: 2020-2021 hold the closure and the reduced-capacity reopening.
 *
 *   npx tsx scripts/fit-sim-shapes.ts [--touringplans DIR]
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { holidayPeriodOf } from '../src/feeds/sim/calendar.js';
import { calendarDateOf, dayNumberOf } from '../src/feeds/sim/local-time.js';
import { RECORDED_ATTRACTIONS } from '../src/catalog/recorded-attractions.js';
import { readParkCalendar, readPostedWaits, touringPlansDir } from '../src/feeds/sim/realism/touringplans.js';

const { values } = parseArgs({ options: { touringplans: { type: 'string' } } });
const dir = touringPlansDir(values.touringplans);
const FROM = '2015-01-01';
const TO = '2019-12-31';
const BINS = 34; // half hours since open: 17 hours
const CLOCK_FROM = 6 * 60;
const CLOCK_BINS = 40; // half hours from 06:00 to 02:00
/** Clock shapes from the last full year before the closure, the first after Toy Story Land opened. */
const CLOCK_SINCE = '2019-01-01';
const TAPER_BINS = 16; // the last eight hours before close
const PARK_OF: Readonly<Record<string, string>> = {
  'magic-kingdom': 'mk',
  epcot: 'ep',
  'hollywood-studios': 'hs',
  'animal-kingdom': 'ak',
};
/** 2019 mean posted wait at or above this: the headliner class (the simulator's tier cut). */
const HEADLINER_MEAN = 45;

const calendar = new Map(readParkCalendar(dir).map((d) => [d.date, d]));

interface Reading {
  readonly day: number;
  readonly bin: number;
  readonly taperBin: number;
  readonly ratio: number;
}

interface RideFit {
  readonly file: string;
  readonly ride: string;
  readonly mean2019: number;
  readonly shape: number[];
  readonly taper: number[];
  /** By local clock half hour from 06:00 (the attraction's own day, whatever the hours). */
  readonly clock: number[];
  /** Mean of the clock shape over the recorded readings (to turn a mean level into a peak). */
  readonly meanFactor: number;
  /** Per-day level: the day's mean over the ride's mean of that year. */
  readonly dayLevels: Map<number, number>;
}

function fitRide(file: string, ride: string): RideFit {
  const park = PARK_OF[ride.split('_')[0] ?? ''] ?? 'mk';
  const rows = readPostedWaits(dir, file, FROM, TO);
  // Day means within park hours.
  const byDay = new Map<string, { sum: number; count: number }>();
  const inHours: { date: string; minute: number; posted: number; open: number; close: number }[] = [];
  for (const r of rows) {
    const hours = calendar.get(r.parkDate)?.hours[park];
    if (!hours) continue;
    const open = hours.open / 60;
    const close = hours.close / 60;
    if (r.minute < open || r.minute >= close) continue;
    inHours.push({ date: r.parkDate, minute: r.minute, posted: r.posted, open, close });
    const d = byDay.get(r.parkDate) ?? { sum: 0, count: 0 };
    d.sum += r.posted;
    d.count++;
    byDay.set(r.parkDate, d);
  }
  const yearMeans = new Map<string, { sum: number; count: number }>();
  for (const [date, d] of byDay) {
    if (d.count < 20) continue;
    const y = yearMeans.get(date.slice(0, 4)) ?? { sum: 0, count: 0 };
    y.sum += d.sum / d.count;
    y.count++;
    yearMeans.set(date.slice(0, 4), y);
  }
  const dayLevels = new Map<number, number>();
  for (const [date, d] of byDay) {
    const y = yearMeans.get(date.slice(0, 4));
    if (d.count < 20 || !y) continue;
    dayLevels.set(dayNumberOf(date), d.sum / d.count / (y.sum / y.count));
  }
  const readings: Reading[] = [];
  for (const r of inHours) {
    const d = byDay.get(r.date);
    if (!d || d.count < 20) continue;
    readings.push({
      day: dayNumberOf(r.date),
      bin: Math.min(BINS - 1, Math.floor((r.minute - r.open) / 30)),
      taperBin: Math.floor((r.close - r.minute) / 30),
      ratio: r.posted / (d.sum / d.count),
    });
  }
  // Alternating fit: ratio ≈ shape[bin] × taper[taperBin], taper = 1 before the last three hours.
  let shape = new Array<number>(BINS).fill(1);
  let taper = new Array<number>(TAPER_BINS).fill(1);
  const taperOf = (j: number): number => (j < TAPER_BINS ? (taper[j] as number) : 1);
  for (let iteration = 0; iteration < 6; iteration++) {
    const s = new Array<number>(BINS).fill(0);
    const c = new Array<number>(BINS).fill(0);
    for (const r of readings) {
      s[r.bin] = (s[r.bin] as number) + r.ratio / taperOf(r.taperBin);
      c[r.bin] = (c[r.bin] as number) + 1;
    }
    shape = s.map((v, i) => ((c[i] as number) > 30 ? v / (c[i] as number) : NaN));
    const ts = new Array<number>(TAPER_BINS).fill(0);
    const tc = new Array<number>(TAPER_BINS).fill(0);
    for (const r of readings) {
      const sh = shape[r.bin] as number;
      if (r.taperBin >= TAPER_BINS || !Number.isFinite(sh)) continue;
      ts[r.taperBin] = (ts[r.taperBin] as number) + r.ratio / sh;
      tc[r.taperBin] = (tc[r.taperBin] as number) + 1;
    }
    taper = ts.map((v, i) => ((tc[i] as number) > 30 ? v / (tc[i] as number) : 1));
  }
  // Bins without data (very long days) carry the last known value.
  let lastKnown = 0.3;
  shape = shape.map((v) => (Number.isFinite(v) ? (lastKnown = v) : lastKnown));
  const max = Math.max(...shape);
  shape = shape.map((v) => v / max);
  // The clock shape: the mean posted wait by half hour of the local clock from 06:00, over its peak.
  const clockSum = new Array<number>(CLOCK_BINS).fill(0);
  const clockCount = new Array<number>(CLOCK_BINS).fill(0);
  const clockBin = (minute: number): number =>
    Math.max(0, Math.min(CLOCK_BINS - 1, Math.floor((minute - CLOCK_FROM) / 30)));
  for (const r of inHours) {
    const d = byDay.get(r.date);
    if (!d || d.count < 20 || r.date < CLOCK_SINCE) continue;
    const b = clockBin(r.minute);
    clockSum[b] = (clockSum[b] as number) + r.posted;
    clockCount[b] = (clockCount[b] as number) + 1;
  }
  const known = clockSum.map((v, i) =>
    (clockCount[i] as number) >= 200 ? v / (clockCount[i] as number) : NaN,
  );
  const firstKnown = known.findIndex((v) => Number.isFinite(v));
  let carried = known[firstKnown] ?? 0.3;
  let clock = known.map((v) => (Number.isFinite(v) ? (carried = v) : carried));
  clock = clock.map((v, i) => (i < firstKnown ? (known[firstKnown] as number) : v));
  // A [1, 2, 1] smoothing over neighbouring half hours: the shape, not the noise of single bins.
  clock = clock.map(
    (v, i) =>
      (2 * v + (clock[Math.max(0, i - 1)] as number) + (clock[Math.min(CLOCK_BINS - 1, i + 1)] as number)) /
      4,
  );
  const clockMax = Math.max(...clock);
  clock = clock.map((v) => v / clockMax);
  let factorSum = 0;
  let factorCount = 0;
  for (const r of inHours) {
    if (r.date < CLOCK_SINCE) continue;
    factorSum += clock[clockBin(r.minute)] as number;
    factorCount++;
  }
  const rows2019 = rows.filter((r) => r.parkDate.startsWith('2019'));
  const mean2019 = rows2019.reduce((sum, r) => sum + r.posted, 0) / Math.max(1, rows2019.length);
  return {
    file,
    ride,
    mean2019,
    shape,
    taper,
    clock,
    meanFactor: factorCount > 0 ? factorSum / factorCount : 1,
    dayLevels,
  };
}

const fits: RideFit[] = [];
for (const recorded of RECORDED_ATTRACTIONS) {
  // DINOSAUR closed in 2026, but its days still inform the calendar.
  fits.push(fitRide(recorded.file, recorded.ride ?? 'animal-kingdom_dinosaur'));
}

const average = (arrays: readonly number[][]): number[] =>
  (arrays[0] ?? []).map((_, i) => arrays.reduce((s, a) => s + (a[i] as number), 0) / arrays.length);
const normaliseMax = (a: number[]): number[] => {
  const max = Math.max(...a);
  return a.map((v) => v / max);
};
const live = fits.filter((f) => !f.ride.endsWith('_dinosaur'));
const headliners = live.filter((f) => f.mean2019 >= HEADLINER_MEAN);
const others = live.filter((f) => f.mean2019 < HEADLINER_MEAN);

// The calendar: the mean day level over the attractions recorded that day.
const level = new Map<number, { sum: number; count: number }>();
for (const f of fits) {
  for (const [day, v] of f.dayLevels) {
    const l = level.get(day) ?? { sum: 0, count: 0 };
    l.sum += v;
    l.count++;
    level.set(day, l);
  }
}
const days = [...level.entries()]
  .filter(([, l]) => l.count >= 3)
  .map(([day, l]) => ({ day, value: l.sum / l.count }));
const weekOf = (day: number): number => {
  const { year } = calendarDateOf(day);
  return Math.min(51, Math.floor((day - dayNumberOf(`${year}-01-01`)) / 7));
};
// Weekday effect from ordinary days, against each week's mean.
const weekSums = new Map<string, { sum: number; count: number }>();
const ordinary = days.filter((d) => holidayPeriodOf(d.day) === null);
const weekKey = (day: number): string => `${calendarDateOf(day).year}-${weekOf(day)}`;
for (const d of ordinary) {
  const w = weekSums.get(weekKey(d.day)) ?? { sum: 0, count: 0 };
  w.sum += d.value;
  w.count++;
  weekSums.set(weekKey(d.day), w);
}
const weekdaySum = new Array<number>(8).fill(0);
const weekdayCount = new Array<number>(8).fill(0);
for (const d of ordinary) {
  const w = weekSums.get(weekKey(d.day));
  if (!w || w.count < 5) continue;
  const wd = calendarDateOf(d.day).weekday;
  weekdaySum[wd] = (weekdaySum[wd] as number) + d.value / (w.sum / w.count);
  weekdayCount[wd] = (weekdayCount[wd] as number) + 1;
}
const weekday = [1, 2, 3, 4, 5, 6, 7].map((wd) => (weekdaySum[wd] as number) / (weekdayCount[wd] as number));
// Seasonal curve by week of year from ordinary days (weekday effect removed), smoothed.
const weekly = new Array<number>(52).fill(0);
const weeklyCount = new Array<number>(52).fill(0);
for (const d of ordinary) {
  const w = weekOf(d.day);
  weekly[w] = (weekly[w] as number) + d.value / (weekday[calendarDateOf(d.day).weekday - 1] as number);
  weeklyCount[w] = (weeklyCount[w] as number) + 1;
}
const raw = weekly.map((v, i) => v / Math.max(1, weeklyCount[i] as number));
const smooth = raw.map(
  (_, i) =>
    0.25 * (raw[(i + 51) % 52] as number) + 0.5 * (raw[i] as number) + 0.25 * (raw[(i + 1) % 52] as number),
);
const baseline = (day: number): number => {
  const { year } = calendarDateOf(day);
  const position = (day - dayNumberOf(`${year}-01-01`) - 3) / 7;
  const lo = Math.floor(position);
  const frac = position - lo;
  const a = smooth[(lo + 52) % 52] as number;
  const b = smooth[(lo + 53) % 52] as number;
  return a + (b - a) * frac;
};
// Holiday effects: the mean level in each period over the baseline and weekday.
const holidaySum = new Map<string, { sum: number; count: number }>();
for (const d of days) {
  const period = holidayPeriodOf(d.day);
  if (period === null) continue;
  const expected = baseline(d.day) * (weekday[calendarDateOf(d.day).weekday - 1] as number);
  const h = holidaySum.get(period) ?? { sum: 0, count: 0 };
  h.sum += d.value / expected;
  h.count++;
  holidaySum.set(period, h);
}
// Each recorded attraction's own weekday effect on top of the park-wide one (Extra Magic Hours
// days and park-hopping patterns made some parks busier on given weekdays).
function rideWeekday(f: RideFit): number[] {
  const sums = new Array<number>(8).fill(0);
  const counts = new Array<number>(8).fill(0);
  for (const [day, v] of f.dayLevels) {
    if (holidayPeriodOf(day) !== null) continue;
    const wd = calendarDateOf(day).weekday;
    sums[wd] = (sums[wd] as number) + v / (baseline(day) * (weekday[wd - 1] as number));
    counts[wd] = (counts[wd] as number) + 1;
  }
  const raw = [1, 2, 3, 4, 5, 6, 7].map((wd) => (sums[wd] as number) / Math.max(1, counts[wd] as number));
  const mean = raw.reduce((a, b) => a + b, 0) / 7;
  return raw.map((v) => v / mean);
}

// Scale so a year of days averages 1.
const scale = 1 / (days.reduce((s, d) => s + d.value, 0) / days.length);

const round = (v: number, digits = 3): number => Math.round(v * 10 ** digits) / 10 ** digits;
const out = {
  source: 'TouringPlans.com recorded posted waits, Walt Disney World, 2015-2019',
  binMinutes: 30,
  classShapes: {
    headliner: normaliseMax(average(headliners.map((f) => f.shape))).map((v) => round(v)),
    other: normaliseMax(average(others.map((f) => f.shape))).map((v) => round(v)),
  },
  classTapers: {
    headliner: average(headliners.map((f) => f.taper)).map((v) => round(v)),
    other: average(others.map((f) => f.taper)).map((v) => round(v)),
  },
  rides: Object.fromEntries(
    live.map((f) => [
      f.ride,
      {
        shape: f.shape.map((v) => round(v)),
        taper: f.taper.map((v) => round(v)),
        weekday: rideWeekday(f).map((v) => round(v)),
        clock: f.clock.map((v) => round(v)),
        meanPosted2019: round(f.mean2019, 1),
        meanFactor: round(f.meanFactor),
      },
    ]),
  ),
  weekday: weekday.map((v) => round(v)),
  weekOfYear: smooth.map((v) => round(v * scale)),
  holidays: Object.fromEntries([...holidaySum.entries()].map(([k, h]) => [k, round(h.sum / h.count)])),
};

const header = `/**
 * GENERATED by scripts/fit-sim-shapes.ts from real recorded posted waits (data: TouringPlans.com,
 * Walt Disney World 2015-2019); do not edit by hand, re-run the script.
 */
`;
const body = `export const FITTED_SHAPES = ${JSON.stringify(out, null, 2)} as const;\n`;
const target = new URL('../src/feeds/sim/fitted-shapes.ts', import.meta.url);
writeFileSync(target, header + body);
process.stdout.write(
  `wrote ${target.pathname}: ${headliners.length} headliners, ${others.length} others, weekday ${out.weekday.join(' ')}\n`,
);
