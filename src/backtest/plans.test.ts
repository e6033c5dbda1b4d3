import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dayNumber, HourlyHistoryBuilder } from '../models/hourly-history.js';
import type { WaitReading } from '../models/actual-wait-fit.js';
import {
  bestOrder,
  meanOverOrders,
  optimiseByEnumeration,
  postedAt,
  postedNow,
  recordedWaitAt,
  replanLive,
  scoreOrder,
  shortestWaitNow,
  type RecordedDay,
  type TourDay,
  type WaitView,
} from './plans-day.js';
import { recordedDays, runPlanBacktest, STRATEGIES, type PlanAttraction } from './plans.js';
import { readTouringPlans } from './touringplans-reader.js';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const HEADER = '"park_date","wait_datetime","wait_minutes_actual","wait_minutes_posted"';

/** A day of readings, `[HH:MM, posted]` each, as minutes since midnight. */
const recorded = (readings: readonly [string, number][]): RecordedDay => ({
  minutes: Float64Array.from(readings, ([time]) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))),
  waits: Float64Array.from(readings, ([, wait]) => wait),
});

/** A day at 9:00 with constant 8-minute walks. */
const tourDay = (rides: { id: string; rideMinutes: number; recorded: RecordedDay }[]): TourDay => ({
  rides,
  opening: 9 * 60,
  walkMinutes: () => 8,
});

const truthOf =
  (day: TourDay): WaitView =>
  (ride, minute) => {
    const ridden = day.rides[ride];
    return ridden ? recordedWaitAt(ridden.recorded, minute) : 0;
  };

describe('scoring an order on recorded waits', () => {
  it('reads the wait on arrival, linear between readings and the nearest reading outside them', () => {
    const day = recorded([
      ['09:00', 10],
      ['10:00', 70],
    ]);
    expect(recordedWaitAt(day, 9 * 60 + 8)).toBeCloseTo(18);
    expect(recordedWaitAt(day, 8 * 60)).toBe(10);
    expect(recordedWaitAt(day, 11 * 60)).toBe(70);
    expect(postedAt(day, 9 * 60 + 59)).toBe(10);
    expect(postedAt(day, 8 * 60 + 59)).toBeUndefined();
    // At the opening a visitor sees what the recording catches a few minutes later.
    expect(postedNow(day, 8 * 60 + 50)).toBe(10);
    expect(postedNow(day, 8 * 60 + 30)).toBeUndefined();
  });

  it('scores a tiny hand-made file: walk, wait read on arrival, ride, walk on', () => {
    dir = mkdtempSync(join(tmpdir(), 'queuecast-plans-'));
    writeFileSync(
      join(dir, 'attractions_metadata.csv'),
      [
        '"dataset_name","name","short_name","park","land","opened_on","duration","average_wait_per_hundred"',
        '"rising","Rising","Rising","Test Park","Land",2000-01-01,5,3',
        '"steady","Steady","Steady","Test Park","Land",2000-01-01,10,3',
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'rising.csv'),
      [HEADER, '2019-03-01,"2019-03-01 09:00:00",,10', '2019-03-01,"2019-03-01 10:00:00",,70'].join('\n'),
    );
    writeFileSync(
      join(dir, 'steady.csv'),
      [HEADER, '2019-03-01,"2019-03-01 10:00:00",,30', '2019-03-01,"2019-03-01 09:00:00",,30'].join('\n'),
    );
    const files = readTouringPlans(dir);
    const day = dayNumber('2019-03-01');
    const rides = files.map((file) => ({
      id: file.attraction,
      rideMinutes: file.rideMinutes ?? 0,
      recorded: recordedDays(file.postedWaits, day, day).get(day) ?? recorded([]),
    }));
    expect(rides.map(({ id, rideMinutes }) => [id, rideMinutes])).toEqual([
      ['rising', 5],
      ['steady', 10],
    ]);
    const tour = tourDay(rides);
    // Rising at 9:08 (18), ride to 9:31, walk to steady at 9:39 (30).
    expect(scoreOrder(tour, [0, 1])).toEqual({ waitMinutes: 48, finishAt: 9 * 60 + 79 });
    // Steady at 9:08 (30), ride to 9:48, walk to rising at 9:56 (66).
    expect(scoreOrder(tour, [1, 0]).waitMinutes).toBeCloseTo(96);
    expect(meanOverOrders(tour)).toBeCloseTo(72);
  });
});

describe('each strategy on a hand-made day with a known answer', () => {
  // A steady 20 all day, and a ride at 25 at opening that climbs to 100 by 10:00: the lower wait
  // posted at opening is the wrong first ride.
  const day = tourDay([
    {
      id: 'steady',
      rideMinutes: 5,
      recorded: recorded([
        ['09:00', 20],
        ['12:00', 20],
      ]),
    },
    {
      id: 'climbing',
      rideMinutes: 10,
      recorded: recorded([
        ['09:00', 25],
        ['10:00', 100],
      ]),
    },
  ]);
  const truth = truthOf(day);

  it('hindsight rides the climbing ride first; shortest-wait-now does not', () => {
    expect(bestOrder(day, optimiseByEnumeration, truth, [0, 1], day.opening)).toEqual([1, 0]);
    expect(shortestWaitNow(day)).toEqual([0, 1]);
    expect(scoreOrder(day, [1, 0]).waitMinutes).toBeLessThan(scoreOrder(day, [0, 1]).waitMinutes);
  });

  it('a plan follows the waits it is given: a flat view keeps the lower wait first', () => {
    const flat: WaitView = (ride) => (ride === 0 ? 20 : 25);
    expect(bestOrder(day, optimiseByEnumeration, flat, [0, 1], day.opening)).toEqual([0, 1]);
  });

  it('live takes the posted wait for the next ride and the view for the rest', () => {
    const posted = (ride: number, at: number) => postedAt(day.rides[ride]?.recorded ?? recorded([]), at) ?? 0;
    // A view that knows the climb re-plans to the climbing ride first.
    expect(replanLive(day, optimiseByEnumeration, posted, () => truth)).toEqual([1, 0]);
    // A view that expects nothing to move keeps shortest-wait-now's order.
    const flat: WaitView = (ride) => (ride === 0 ? 20 : 25);
    expect(replanLive(day, optimiseByEnumeration, posted, () => flat)).toEqual([0, 1]);
  });
});

describe('the plans backtest', () => {
  it('scores every strategy on the same days, hindsight never beaten', () => {
    // Two rides over 400 days: one busy in the morning, one in the afternoon.
    const first = dayNumber('2019-01-01');
    const rides = [
      { id: 'morning', peak: 10 },
      { id: 'afternoon', peak: 15 },
    ].map(({ id, peak }): PlanAttraction => {
      const builder = new HourlyHistoryBuilder();
      const postedWaits: WaitReading[] = [];
      for (let day = first; day < first + 400; day++) {
        for (let minute = 9 * 60; minute < 21 * 60; minute += 15) {
          const wait = Math.round(20 + 40 * Math.exp(-(((minute / 60 - peak) / 2) ** 2)) + ((day * 7) % 5));
          builder.add(day, Math.floor(minute / 60), wait);
          postedWaits.push({ day, minute: day * 1440 + minute, minutes: wait });
        }
      }
      return { attraction: id, park: 'Test Park', history: builder.build(), postedWaits, rideMinutes: 5 };
    });
    const result = runPlanBacktest(rides, { bound: true });
    expect(result.pooled.days_scored).toBeGreaterThan(300);
    expect(result.pooled.rides_per_day).toBe(2);
    const waits = result.pooled.wait_minutes_per_day;
    for (const strategy of STRATEGIES) expect(waits.hindsight).toBeLessThanOrEqual(waits[strategy]);
    // The forecast knows the morning ride peaks first: the plan rides it at opening, as hindsight does.
    expect(result.pooled.captured.plan).toBeGreaterThan(0.9);
    expect(result.pooled.bounds?.captured.half_hourly_mean).toBeGreaterThan(0.9);
    // The forecast at each ride's own level that day, planned and re-planned on.
    expect(result.pooled.bounds?.captured.day_level).toBeGreaterThan(0.9);
    expect(result.pooled.bounds?.captured.live_day_level).toBeGreaterThan(0.5);
  }, 60_000);
});
