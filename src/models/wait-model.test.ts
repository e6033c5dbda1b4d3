import { describe, expect, it } from 'vitest';
import { DEFAULT_CALENDAR_MODEL_OPTIONS, fitCalendarTrees } from './calendar-model.js';
import type { CalendarDay, ParkCalendar } from './calendar-features.js';
import { HourlyHistoryBuilder, dayNumber, type RideHistory } from './hourly-history.js';
import { runStepsInTurns } from '../lib/steps.js';
import { countingSteps } from '../../test/support/counting-steps.js';
import {
  calendarShareAt,
  DEFAULT_COMBINED_OPTIONS,
  fitParkWaitModels,
  rideCalendarShare,
  parkWaitModelsSteps,
  type CombinedModelOptions,
  type ParkWaitModels,
} from './wait-model.js';
import { UNCALIBRATED_BANDS, UNCALIBRATED_NARROWEST_POWER, type BandMultipliers } from './wait-bands.js';
import { typicalWaits } from './typical-waits.js';

const START = dayNumber('2016-01-04');

/** A history of `days` days where every hour 8-21 posts `wait(day, hour)`, two readings an hour. */
function history(days: number, wait: (day: number, hour: number) => number, from = START): RideHistory {
  const builder = new HourlyHistoryBuilder();
  for (let day = from; day < from + days; day++) {
    for (let hour = 8; hour <= 21; hour++) {
      builder.add(day, hour, wait(day, hour));
      builder.add(day, hour, wait(day, hour));
    }
  }
  return builder.build();
}

/** A deterministic day-level factor between 0.6 and 1.6: days differ as a whole, as real ones do. */
function dayFactor(day: number): number {
  return 0.6 + ((day * 37) % 101) / 100;
}

/** The uncalibrated band of a ride whose fitted days ran exactly as its model: the narrowest. */
const STEADY_RIDE_BANDS: BandMultipliers = {
  lower: UNCALIBRATED_BANDS.lower.map((value) => value ** UNCALIBRATED_NARROWEST_POWER),
  upper: UNCALIBRATED_BANDS.upper.map((value) => value ** UNCALIBRATED_NARROWEST_POWER),
};

const expectBands = (bands: BandMultipliers | undefined, expected: BandMultipliers) => {
  for (let band = 0; band < 3; band++) {
    expect(bands?.lower[band]).toBeCloseTo(expected.lower[band] ?? Number.NaN, 9);
    expect(bands?.upper[band]).toBeCloseTo(expected.upper[band] ?? Number.NaN, 9);
  }
};

/**
 * The calendar trees kept small, for the tests of what a park's fit does around them: the trees'
 * own accuracy has its tests below, at full size.
 */
const smallTrees: CombinedModelOptions = {
  ...DEFAULT_COMBINED_OPTIONS,
  calendar: {
    ...DEFAULT_COMBINED_OPTIONS.calendar,
    maxRows: 4_000,
    boosting: { ...DEFAULT_COMBINED_OPTIONS.calendar.boosting, rounds: 10, learningRate: 0.3 },
  },
};

const poisonFrom = (list: RideHistory, origin: number): RideHistory =>
  list.map((entry) =>
    entry.day >= origin
      ? { ...entry, means: entry.means.map((mean) => (Number.isNaN(mean) ? mean : 500)) }
      : entry,
  );

/** Every tenth day carries a ticketed event night. */
const eventEveryTenth = (day: number): CalendarDay => ({
  schoolsInSession: 0.9,
  eventNight: day % 10 === 0 ? 1 : 0,
  earlyEntry: 0,
  extendedEvening: 0,
  opens: 9,
  closes: 21,
});

describe("the calendar model's share", () => {
  it('is none before a year of uninterrupted history and full from two', () => {
    const oneYear = history(300, () => 20);
    const threeYears = history(3 * 365, () => 20);
    expect(calendarShareAt([oneYear], START + 300)).toBe(0);
    expect(calendarShareAt([threeYears], START + 3 * 365)).toBeCloseTo(0.65);
  });

  it('counts again from a closure of two months', () => {
    const reopened = [...history(700, () => 20), ...history(200, () => 20, START + 800)];
    expect(calendarShareAt([reopened], START + 1000)).toBe(0);
  });

  it("of a ride back from its own refurbishment grows over the trees' level window", () => {
    const refurbished = [...history(700, () => 20), ...history(300, () => 20, START + 800)];
    const window = DEFAULT_CALENDAR_MODEL_OPTIONS.recentDays;
    expect(rideCalendarShare(refurbished, START + 801, 0.6)).toBeCloseTo(0.6 / window);
    expect(rideCalendarShare(refurbished, START + 800 + window / 2, 0.6)).toBeCloseTo(0.3);
    expect(rideCalendarShare(refurbished, START + 800 + window, 0.6)).toBeCloseTo(0.6);
    expect(rideCalendarShare(refurbished, START + 1000, 0.6)).toBeCloseTo(0.6);
    expect(rideCalendarShare(refurbished, START + 1000, 0)).toBe(0);
  });

  it('of a ride new to an established park is what its days since opening allow', () => {
    // Two years and a month: the park's share is full.
    const established = history(2 * 365 + 30, () => 20);
    const origin = START + 2 * 365 + 30;
    const opened = history(30, () => 40, origin - 30);
    const models = fitParkWaitModels([established, established, opened], origin, undefined, smallTrees);
    expect(models.rides[0]?.calendarShare).toBeCloseTo(0.65);
    expect(models.rides[2]?.calendarShare).toBeCloseTo(
      (0.65 * 30) / DEFAULT_CALENDAR_MODEL_OPTIONS.recentDays,
    );
  });
});

describe('the calendar trees', () => {
  it('learn that an event night runs at twice the usual waits, from the days that carried one', () => {
    const data = history(800, (day) => (day % 10 === 0 ? 40 : 20));
    const origin = START + 800;
    const typical = typicalWaits(data, origin);
    const trees = fitCalendarTrees([data], [typical], origin, eventEveryTenth);
    if (!trees) throw new Error('trees expected');
    const model = trees.at(origin, [data], [typical]);
    const eventDay = origin + (10 - (origin % 10));
    const quiet = model.predict(0, eventDay + 1, 14);
    const busy = model.predict(0, eventDay, 14);
    expect(quiet).toBeGreaterThan(17);
    expect(quiet).toBeLessThan(23);
    expect(busy / quiet).toBeGreaterThan(1.8);
    expect(busy / quiet).toBeLessThan(2.2);
  });
});

describe('the calendar trees of a large park', () => {
  it('learn from an even sample of its ride-days, and still see the event nights', () => {
    const data = history(800, (day) => (day % 10 === 0 ? 40 : 20));
    const origin = START + 800;
    const typical = typicalWaits(data, origin);
    const options = { ...DEFAULT_CALENDAR_MODEL_OPTIONS, maxRows: 3000 };
    const trees = fitCalendarTrees([data], [typical], origin, eventEveryTenth, options);
    if (!trees) throw new Error('trees expected');
    const model = trees.at(origin, [data], [typical]);
    const eventDay = origin + (10 - (origin % 10));
    expect(model.predict(0, eventDay, 14) / model.predict(0, eventDay + 1, 14)).toBeGreaterThan(1.7);
  });
});

describe('the wait models of a park', () => {
  const origin = START + 800;
  const rideA = history(800, (day, hour) => dayFactor(day) * (10 + ((day * 7 + hour * 3) % 13)));
  const rideB = history(800, (day, hour) => dayFactor(day) * (30 + ((day * 5 + hour) % 11)));
  let models: ParkWaitModels | undefined;
  /** One fit shared by the tests that only read it. */
  const fitted = () => (models ??= fitParkWaitModels([rideA, rideB], origin, eventEveryTenth, smallTrees));

  it('never reads a scored day, or metadata of days after the origin, in its fit', () => {
    // The calendar of later days may be read for their own forecasts (it is published in advance),
    // never to fit: predictions of the days before the origin stay the same when it changes.
    const laterChanged: ParkCalendar = (day) => {
      const facts = eventEveryTenth(day);
      return day >= origin ? { ...facts, eventNight: 1 - facts.eventNight } : facts;
    };
    const a = fitted();
    const b = fitParkWaitModels(
      [poisonFrom(rideA, origin), poisonFrom(rideB, origin)],
      origin,
      laterChanged,
      smallTrees,
    );
    for (let day = origin - 20; day < origin; day++) {
      for (let hour = 8; hour <= 21; hour++) {
        expect(b.rides[0]?.forecast(day, hour)).toEqual(a.rides[0]?.forecast(day, hour));
        expect(b.rides[1]?.forecast(day, hour)).toEqual(a.rides[1]?.forecast(day, hour));
      }
    }
    for (let day = origin; day <= origin + 30; day++) {
      for (let hour = 8; hour <= 21; hour++) {
        expect(b.rides[0]?.predict(day, hour)).not.toBeNaN();
      }
    }
  });

  it('fits in steps, a turn after each tree among them, to the same models as at once', async () => {
    // 800 days: the calendar trees are grown, twice (at the origin and for calibration).
    const { work, counter } = countingSteps(
      parkWaitModelsSteps([rideA, rideB], origin, eventEveryTenth, smallTrees),
    );
    const inTurns = await runStepsInTurns(work, { sliceMs: 0 });
    expect(counter.steps).toBeGreaterThan(2 * smallTrees.calendar.boosting.rounds);
    for (let hour = 8; hour <= 21; hour++)
      expect(inTurns.rides[1]?.forecast(origin + 5, hour)).toEqual(
        fitted().rides[1]?.forecast(origin + 5, hour),
      );
  });

  it('calibrates the bands from earlier errors: a noiseless park has a band of width zero', () => {
    const flat = fitParkWaitModels([history(400, () => 25)], START + 400);
    const bands = flat.rides[0]?.bands;
    expect(bands?.lower.every((value) => Math.abs(value - 1) < 1e-9)).toBe(true);
    expect(bands?.upper.every((value) => Math.abs(value - 1) < 1e-9)).toBe(true);
  });

  it('keeps the uncalibrated band while its errors come from under six earlier origins with a month behind them', () => {
    // Steady waits: every earlier origin's errors are zero. Origins are 31, 38, 45... days back; 93
    // days hold five with 28 days or more before them, 94 days six.
    const young = fitParkWaitModels([history(93, () => 25)], START + 93).rides[0];
    expectBands(young?.bands, STEADY_RIDE_BANDS);
    const older = fitParkWaitModels([history(94, () => 25)], START + 94).rides[0];
    expect(older?.bands.lower[0]).toBeCloseTo(1, 9);
    expect(older?.bands.upper[0]).toBeCloseTo(1, 9);
  });

  it("leaves a new ride's first weeks out of its bands once it has a month behind it", () => {
    // Opened 150 days before the origin at four times the waits it settles to three weeks later.
    const origin = START + 800;
    const opened = origin - 150;
    const established = history(800, (day) => 20 * dayFactor(day));
    const newRide = history(150, (day) => (day < opened + 21 ? 80 : 20 * dayFactor(day)), opened);
    const [old, young] = fitParkWaitModels([established, newRide], origin, undefined, smallTrees).rides;
    if (!old || !young) throw new Error('two rides expected');
    for (let band = 0; band < 3; band++) {
      // Its models fitted on the rush forecast four times what followed: a lower multiplier near 0.25.
      expect(young.bands.lower[band]).toBeGreaterThan(0.4);
      expect(young.bands.lower[band]).toBeCloseTo(old.bands.lower[band] ?? 0, 0);
    }
  });

  it('gives a new ride the uncalibrated band, narrower where its first weeks held steady and wider where they swing more', () => {
    // Three weeks recorded: no earlier origin has scored anything.
    const from = START + 400;
    const steady = history(21, () => 30, from);
    const swinging = history(21, (day) => 30 * (day % 2 === 0 ? 0.35 : 2.8), from);
    const [calm, wild] = fitParkWaitModels([steady, swinging], from + 21).rides;
    if (!calm || !wild) throw new Error('two rides expected');
    expectBands(calm.bands, STEADY_RIDE_BANDS);
    for (let band = 0; band < 3; band++) {
      expect(calm.bands.lower[band]).toBeGreaterThan(UNCALIBRATED_BANDS.lower[band] ?? 0);
      expect(wild.bands.lower[band]).toBeLessThan(UNCALIBRATED_BANDS.lower[band] ?? 0);
      expect(wild.bands.upper[band]).toBeGreaterThan(UNCALIBRATED_BANDS.upper[band] ?? 0);
    }
    // Further ahead is less known: the band widens with the horizon.
    expect(wild.bands.upper[2]).toBeGreaterThan(wild.bands.upper[0] ?? 0);
  });

  it('widens the bands with the spread of the errors and keeps the prediction inside', () => {
    const models = fitted();
    const forecast = models.rides[0]?.forecast(origin + 3, 14);
    if (!forecast) throw new Error('a forecast expected');
    expect(forecast.lower).toBeLessThan(forecast.predicted);
    expect(forecast.upper).toBeGreaterThan(forecast.predicted);
  });

  it('moves the rest of today toward this morning: a morning at twice the forecast lifts the afternoon', () => {
    const models = fitted();
    const day = origin + 1;
    const cutHour = 12;
    // The morning ran at twice the forecast on both rides, as a busy day's morning does.
    const morningOf = (ride: number) => {
      const builder = new HourlyHistoryBuilder();
      for (let hour = 8; hour < cutHour; hour++) {
        const forecast = models.rides[ride]?.predict(day, hour) ?? 0;
        builder.add(day, hour, 2 * forecast);
        builder.add(day, hour, 2 * forecast);
      }
      return builder.build()[0];
    };
    const nowcast = models.nowcast(day, { readings: [morningOf(0), morningOf(1)], cutHour });
    const unchanged = models.nowcast(day, { readings: [undefined, undefined], cutHour });
    for (const ride of [0, 1]) {
      for (const hour of [13, 16, 20]) {
        const forecast = models.rides[ride]?.predict(day, hour) ?? Number.NaN;
        const followed = nowcast[ride]?.(hour);
        if (!followed) throw new Error('a nowcast expected');
        // Every day here keeps one level all day: the history taught that a morning tells its afternoon.
        expect(followed.predicted / forecast).toBeGreaterThan(1.6);
        expect(followed.predicted / forecast).toBeLessThan(2.3);
        expect(followed.lower).toBeLessThanOrEqual(followed.predicted);
        expect(followed.upper).toBeGreaterThanOrEqual(followed.predicted);
        // Without a morning, the forecast stands.
        expect(unchanged[ride]?.(hour)?.predicted).toBeCloseTo(forecast, 6);
      }
      // Hours before the cut are the forecast's: the morning is already known.
      expect(nowcast[ride]?.(9)?.predicted).toBeCloseTo(models.rides[ride]?.predict(day, 9) ?? 0, 6);
    }
  });
});

describe('the days just ahead', () => {
  it('follow how far the last two days ran from the model, fading within days', () => {
    const origin = START + 300;
    const steady = (hour: number) => 20 + (hour % 5);
    // The two days before the origin ran at twice what every earlier day did.
    const busyEnd = history(300, (day, hour) => (day >= origin - 2 ? 2 : 1) * steady(hour));
    const calm = history(300, (_, hour) => steady(hour));
    const [busy] = fitParkWaitModels([busyEnd], origin).rides;
    const [usual] = fitParkWaitModels([calm], origin).rides;
    if (!busy || !usual) throw new Error('models expected');
    const ratioAt = (day: number) => busy.predict(day, 14) / usual.predict(day, 14);
    // Today and tomorrow take the prior's share of the miss (the steady history taught nothing).
    expect(ratioAt(origin)).toBeGreaterThan(1.3);
    expect(ratioAt(origin + 1)).toBeCloseTo(ratioAt(origin), 6);
    expect(ratioAt(origin + 2)).toBeLessThan(ratioAt(origin + 1));
    // A week on, the miss is all but gone (the level model's median heard of two days only).
    expect(ratioAt(origin + 10)).toBeLessThan(1.05);
    // The model says what the last days add to each day, as the crowd forecast's drivers show it.
    expect(busy.lastDays(origin + 1)).toBeGreaterThan(1.3);
    expect(busy.lastDays(origin - 1)).toBe(1);
    expect(usual.lastDays(origin + 1)).toBeCloseTo(1, 2);
  });
});
