import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dayNumber } from '../models/hourly-history.js';
import {
  bestOrder,
  envelopeView,
  hindsight,
  meanOverOrders,
  recordedWaitAt,
  replanLive,
  scoreOrder,
  shortestWaitNow,
  tourProblem,
  waitsNeverOvertake,
  type TourDay,
  type WaitView,
} from './plans-day.js';
import { writeGeneratedPark } from './plans-fixture.js';
import {
  DECISION_SEARCH,
  optimiseByEnumeration,
  optimiseByLabels,
  optimiseBySearch,
  PROGRAMME_RIDES,
} from './plans-order.js';
import { recordedDays, runPlanBacktest, STRATEGIES } from './plans.js';
import { readTouringPlans } from './touringplans-reader.js';

function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A day of `rideCount` rides; `steep` lets waits fall faster than the clock between readings. */
function randomDay(seed: number, rideCount: number, steep: boolean): TourDay {
  const next = generator(seed);
  const rides = Array.from({ length: rideCount }, (_, i) => {
    const minutes: number[] = [];
    const waits: number[] = [];
    let level = 5 + next() * 60;
    for (let minute = 9 * 60; minute <= 21 * 60; minute += 15 + Math.floor(next() * 10)) {
      // Without `steep`, a fall between readings never exceeds the minutes between them.
      level = Math.max(0, level + (next() - (steep ? 0.5 : 0.4)) * (steep ? 50 : 25));
      minutes.push(minute);
      waits.push(Math.round(level / 5) * 5);
    }
    return {
      id: `ride-${i}`,
      rideMinutes: 2 + Math.floor(next() * 10),
      recorded: { minutes: Float64Array.from(minutes), waits: Float64Array.from(waits) },
    };
  });
  const walks = rides.map(() => rides.map(() => 2 + Math.floor(next() * 12)));
  const fromEntrance = rides.map(() => 2 + Math.floor(next() * 12));
  return {
    rides,
    opening: 9 * 60,
    walkMinutes: (from, to) => (from === 'entrance' ? fromEntrance[to] : walks[from]?.[to]) ?? 8,
  };
}

const truthOf =
  (day: TourDay): WaitView =>
  (ride, minute) => {
    const recorded = day.rides[ride]?.recorded;
    return recorded ? recordedWaitAt(recorded, minute) : 0;
  };

const allRides = (day: TourDay) => day.rides.map((_, i) => i);

/** The best recorded wait of every order, enumerated. */
const enumerated = (day: TourDay) =>
  scoreOrder(day, bestOrder(day, optimiseByEnumeration, truthOf(day), allRides(day), day.opening))
    .waitMinutes;

describe("the labels' programme against every order", () => {
  it('finds the best order whenever no wait falls faster than the clock', () => {
    let checked = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const day = randomDay(seed, 7, false);
      if (!waitsNeverOvertake(day)) continue;
      checked++;
      const programme = scoreOrder(
        day,
        bestOrder(
          day,
          (problem) => optimiseByLabels(problem, true),
          truthOf(day),
          allRides(day),
          day.opening,
        ),
      ).waitMinutes;
      expect(programme, `day ${seed}`).toBeCloseTo(enumerated(day), 9);
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('brackets the best order between its envelope bound and its order where waits fall fast', () => {
    let steepDays = 0;
    let gap = 0;
    let best = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const day = randomDay(seed, 7, true);
      if (waitsNeverOvertake(day)) continue;
      steepDays++;
      const exact = enumerated(day);
      // Hindsight enumerates up to six rides, so the bracket is built here as it is beyond.
      const order = bestOrder(
        day,
        (problem) => optimiseByLabels(problem),
        truthOf(day),
        allRides(day),
        day.opening,
      );
      const envelopes = day.rides.map((ride) => envelopeView(ride.recorded));
      const envelope: WaitView = (ride, minute) => envelopes[ride]?.(minute) ?? 0;
      const envelopeOrder = bestOrder(
        day,
        (problem) => optimiseByLabels(problem, true),
        envelope,
        allRides(day),
        day.opening,
      );
      let at = day.opening;
      let from: number | 'entrance' = 'entrance';
      let lower = 0;
      for (const ride of envelopeOrder) {
        at += day.walkMinutes(from, ride);
        const wait = envelope(ride, at);
        lower += wait;
        at += wait + (day.rides[ride]?.rideMinutes ?? 0);
        from = ride;
      }
      const upper = Math.min(scoreOrder(day, order).waitMinutes, scoreOrder(day, envelopeOrder).waitMinutes);
      expect(lower, `day ${seed}`).toBeLessThanOrEqual(exact + 1e-9);
      expect(upper, `day ${seed}`).toBeGreaterThanOrEqual(exact - 1e-9);
      gap += upper - exact;
      best += exact;
    }
    expect(steepDays).toBeGreaterThan(20);
    // The programme's order is close to the best on days where it is not proven.
    expect(gap / best).toBeLessThan(0.02);
  });

  it("never lets the envelope's wait exceed the wait on arrival, nor a later arrival leave earlier", () => {
    const day = randomDay(3, 1, true);
    const recorded = day.rides[0]?.recorded ?? { minutes: new Float64Array(), waits: new Float64Array() };
    const envelope = envelopeView(recorded);
    let lastExit = Number.NEGATIVE_INFINITY;
    for (let minute = 8 * 60; minute <= 22 * 60; minute += 0.5) {
      expect(envelope(minute)).toBeLessThanOrEqual(recordedWaitAt(recorded, minute) + 1e-9);
      expect(minute + envelope(minute)).toBeGreaterThanOrEqual(lastExit - 1e-9);
      lastExit = minute + envelope(minute);
    }
  });
});

describe('hindsight beyond six rides', () => {
  it('is never beaten by a sampled order and never below its bound, on twelve-ride days', () => {
    for (let seed = 1; seed <= 3; seed++) {
      const day = randomDay(100 + seed, 12, seed === 3);
      const limit = hindsight(day);
      expect(limit.order.slice().sort((a, b) => a - b)).toEqual(allRides(day));
      expect(scoreOrder(day, limit.order).waitMinutes).toBeCloseTo(limit.waitMinutes, 9);
      expect(limit.lowerBoundMinutes).toBeLessThanOrEqual(limit.waitMinutes + 1e-9);
      // The mean over orders is sampled at this size: the best order sits far below it.
      expect(limit.waitMinutes).toBeLessThan(meanOverOrders(day));
    }
  });

  it('re-plans live in one search whose first ride is costed at what is posted, as one search per candidate would', () => {
    const day = randomDay(7, 10, false);
    const truth = truthOf(day);
    // The next ride at a flat 30 everywhere: the first choice then hangs on the rest of the day.
    const posted = () => 30;
    const order = replanLive(day, optimiseByLabels, posted, () => truth);
    let at = day.opening;
    let from: number | 'entrance' = 'entrance';
    const remaining = allRides(day);
    for (const chosen of order.slice(0, 2)) {
      const costs = remaining.map((ride) => {
        const arrive = at + day.walkMinutes(from, ride);
        const done = arrive + 30 + (day.rides[ride]?.rideMinutes ?? 0);
        const others = remaining.filter((other) => other !== ride);
        const tail = bestOrder(day, optimiseByLabels, truth, others, done, ride);
        let tailAt = done;
        let stop: number | 'entrance' = ride;
        let tailWait = 0;
        for (const next of tail) {
          tailAt += day.walkMinutes(stop, next);
          const wait = truth(next, tailAt);
          tailWait += wait;
          tailAt += wait + (day.rides[next]?.rideMinutes ?? 0);
          stop = next;
        }
        return 30 + tailWait;
      });
      expect(costs[remaining.indexOf(chosen)]).toBeCloseTo(Math.min(...costs), 9);
      at += day.walkMinutes(from, chosen);
      at += recordedWaitAt(
        day.rides[chosen]?.recorded ?? { minutes: new Float64Array(), waits: new Float64Array() },
        at,
      );
      at += day.rides[chosen]?.rideMinutes ?? 0;
      from = chosen;
      remaining.splice(remaining.indexOf(chosen), 1);
    }
  });
});

/**
 * A day of `rideCount` rides of a generated park in the recorded format (each ride its level and
 * hour of peak, posted in fives every five to ten minutes), walked at a constant 8 minutes as a
 * park the catalog cannot place is.
 */
function generatedDay(rideCount: number, seed: number): TourDay {
  const parkDir = mkdtempSync(join(tmpdir(), 'queuecast-plans-day-'));
  try {
    writeGeneratedPark(parkDir, {
      park: 'Generated Park',
      attractions: rideCount + 4,
      firstDate: '2019-03-01',
      days: 3,
      seed,
    });
    const day = dayNumber('2019-03-02');
    const rides = readTouringPlans(parkDir).flatMap((attraction) => {
      const recorded = recordedDays(attraction.postedWaits, day, day).get(day);
      return recorded
        ? [{ id: attraction.attraction, rideMinutes: attraction.rideMinutes ?? 5, recorded }]
        : [];
    });
    return { rides: rides.slice(0, rideCount), opening: 8 * 60, walkMinutes: () => 8 };
  } finally {
    rmSync(parkDir, { recursive: true, force: true });
  }
}

describe("beyond the programme's reach", () => {
  it('orders a day of eighteen rides by search, no better than its bound and far better than no plan', () => {
    const day = generatedDay(18, 11);
    expect(day.rides).toHaveLength(18);
    const limit = hindsight(day);
    expect(limit.searched).toBe(true);
    expect(limit.order.slice().sort((a, b) => a - b)).toEqual(allRides(day));
    expect(scoreOrder(day, limit.order).waitMinutes).toBeCloseTo(limit.waitMinutes, 9);
    expect(limit.lowerBoundMinutes).toBeLessThanOrEqual(limit.waitMinutes + 1e-9);
    expect(limit.waitMinutes).toBeLessThan(scoreOrder(day, shortestWaitNow(day)).waitMinutes);
    expect(limit.waitMinutes).toBeLessThan(0.8 * meanOverOrders(day));
  });

  it("comes within 2% of the envelope programme's bound where that bound is affordable", () => {
    for (const seed of [3, 5]) {
      const day = generatedDay(PROGRAMME_RIDES + 1, seed);
      const limit = hindsight(day);
      expect(limit.searched).toBe(true);
      expect(limit.lowerBoundMinutes).toBeLessThanOrEqual(limit.waitMinutes + 1e-9);
      expect(limit.waitMinutes, `seed ${seed}`).toBeLessThan(1.02 * limit.lowerBoundMinutes);
    }
  });

  it("costs the first ride by what is posted, as live's decisions need", () => {
    const day = generatedDay(16, 7);
    const truth = truthOf(day);
    // Posted now: every ride but one shows a line far longer than the day's recorded waits.
    const posted: WaitView = (ride) => (ride === 9 ? 0 : 600);
    const problem = tourProblem(day, truth, allRides(day), day.opening, 'entrance', posted);
    const result = optimiseBySearch(problem, DECISION_SEARCH);
    expect(result.method).toBe('search');
    expect(result.steps[0]?.ride).toBe(9);
    expect(result.steps).toHaveLength(16);
  });
});

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('the plans backtest on a park it has never seen', () => {
  it('scores every strategy on twelve generated attractions a day, hindsight never beaten', () => {
    dir = mkdtempSync(join(tmpdir(), 'queuecast-plans-generated-'));
    writeGeneratedPark(dir, {
      park: 'Generated Park',
      attractions: 12,
      firstDate: '2019-01-01',
      days: 45,
      seed: 5,
    });
    const attractions = readTouringPlans(dir);
    expect(attractions).toHaveLength(12);
    // The fits see only the days before their origin: the first days are planned on no history.
    const result = runPlanBacktest(attractions, { until: dayNumber('2019-01-30') });
    const pooled = result.pooled;
    expect(pooled.days_scored).toBeGreaterThanOrEqual(5);
    expect(pooled.rides_per_day).toBeGreaterThan(10);
    for (const strategy of STRATEGIES) {
      expect(pooled.wait_minutes_per_day[strategy]).toBeGreaterThanOrEqual(
        pooled.wait_minutes_per_day.hindsight - 1e-9,
      );
    }
    expect(pooled.hindsight_lower_bound).toBeLessThanOrEqual(pooled.wait_minutes_per_day.hindsight + 1e-9);
    expect(pooled.captured.plan).toBeGreaterThan(0);
  }, 120_000);
});
