import { beforeAll, describe, expect, it } from 'vitest';
import { HourlyHistoryBuilder, dayNumber, weekdayOf, type RideHistory } from '../models/hourly-history.js';
import { DEFAULT_COMBINED_OPTIONS } from '../models/wait-model.js';
import { pooled, runBacktest, type BacktestOptions, type BacktestResult } from './backtest.js';
import { HORIZON_DAYS, rollingOrigins, splitAt } from './origins.js';

const START = dayNumber('2019-01-01');

function history(days: number, wait: (day: number, hour: number) => number): RideHistory {
  const builder = new HourlyHistoryBuilder();
  for (let day = START; day < START + days; day++) {
    for (let hour = 8; hour <= 21; hour++) {
      builder.add(day, hour, wait(day, hour));
      builder.add(day, hour, wait(day, hour));
    }
  }
  return builder.build();
}

describe('the rolling-origin split', () => {
  it('spreads at least 12 origins over the last 365 days, each leaving 30 days to score', () => {
    const last = START + 1000;
    const origins = rollingOrigins(last);
    expect(origins.length).toBeGreaterThanOrEqual(12);
    expect(origins[0]).toBe(last - 365);
    expect(Math.max(...origins) + HORIZON_DAYS).toBeLessThanOrEqual(last);
  });

  it('never hands a scored day (nor the origin) to the fit', () => {
    const data = history(800, () => 10);
    for (const origin of rollingOrigins(START + 799)) {
      const { fit, scored } = splitAt(data, origin);
      const lastFitted = Math.max(...fit.map((entry) => entry.day));
      const firstScored = Math.min(...scored.map((entry) => entry.day));
      expect(lastFitted).toBeLessThan(origin);
      expect(firstScored).toBe(origin + 1);
      expect(scored.every((entry) => entry.day <= origin + HORIZON_DAYS)).toBe(true);
      expect(fit.length + scored.length).toBeLessThan(data.length + 1);
    }
  });
});

/** Two rides of one park (10 and 25 minutes at a level of 1, twice that at midday) at `level(day)`. */
function twoRides(days: number, level: (day: number) => number) {
  return [10, 25].map((base, i) => ({
    attraction: `ride${i}`,
    park: 'Park',
    history: history(days, (day, hour) => base * level(day) * (hour >= 11 && hour <= 16 ? 2 : 1)),
  }));
}

/**
 * The backtest's own logic, with the calendar trees kept small: their accuracy has tests of its own
 * (`calendar-model`, `wait-model`), and full-size trees at every origin would take minutes here.
 */
const quick: BacktestOptions = {
  model: {
    ...DEFAULT_COMBINED_OPTIONS,
    calendar: {
      ...DEFAULT_COMBINED_OPTIONS.calendar,
      maxRows: 4_000,
      boosting: { ...DEFAULT_COMBINED_OPTIONS.calendar.boosting, rounds: 8, learningRate: 0.3 },
    },
  },
};

/**
 * A crowd yardstick of `--crowd-bound`: scoring the models' days, and far closer to the actual levels
 * than the models on a park built for it.
 */
function expectCrowdYardstick(
  rides: ReturnType<typeof twoRides>,
  key: 'crowd_bounds' | 'crowd_level_bounds',
): void {
  const result = runBacktest(rides, { ...quick, crowdBound: true });
  const [bound] = result[key] ?? [];
  if (!bound) throw new Error('one bound expected');
  expect(bound.days_scored).toBe(result.parks[0]?.days_scored);
  expect(bound.crowd_within_1).toBeGreaterThan(0.9);
  expect(bound.crowd_within_1).toBeGreaterThan((result.parks[0]?.crowd_within_1 ?? 1) + 0.2);
}

describe('the backtest', () => {
  // One run of a park without yardsticks, read by the tests that follow: the backtests are the slow
  // part of this file.
  let plain: BacktestResult;
  beforeAll(() => {
    const stable = history(600, (day, hour) => (weekdayOf(day) === 6 ? 30 : 15) + hour);
    // The second ride doubles for the last 300 days: the typical baseline lags, the model follows.
    const shifted = history(600, (day, hour) => (day >= START + 300 ? 2 : 1) * (10 + hour));
    plain = runBacktest(
      [
        { attraction: 'stable', park: 'Park', history: stable },
        { attraction: 'shifted', park: 'Park', history: shifted },
      ],
      quick,
    );
  });

  it('scores a stable park near zero error and a park with a level shift better than typical', () => {
    const [a, b] = plain.attractions;
    if (!a || !b) throw new Error('two attractions expected');
    expect(a.mae_minutes).toBeLessThan(0.5);
    expect(a.hours_scored).toBe(12 * 30 * 14);
    expect(b.mae_minutes).toBeLessThan(b.baseline_mae_minutes * 0.2);
    expect(Object.keys(b.by_horizon)).toEqual(['1-7', '8-14', '15-30']);
    // Each origin scores days 1-7, 8-14 and 15-30 after it, 14 hours each.
    expect(Object.values(b.by_horizon).map((band) => band.hours_scored)).toEqual([
      12 * 7 * 14,
      12 * 7 * 14,
      12 * 16 * 14,
    ]);
    expect(plain.parks).toHaveLength(1);
    expect(plain.parks[0]?.days_scored).toBe(12 * 30);
  });

  it('scores no yardstick unless asked', () => {
    expect(plain.crowd_bounds).toBeUndefined();
    expect(plain.crowd_level_bounds).toBeUndefined();
    for (const score of plain.attractions) {
      expect(score.wait_bounds).toBeUndefined();
      expect(score.nowcast_bounds).toBeUndefined();
    }
  });

  it('pools the files with hours in the window only: a ride that opened after it is listed with none', () => {
    const running = history(560, (day, hour) => (day >= START + 300 ? 2 : 1) * (10 + hour));
    const builder = new HourlyHistoryBuilder();
    for (let day = START + 480; day < START + 560; day++) builder.add(day, 12, 40);
    const result = runBacktest(
      [
        { attraction: 'running', park: 'Park', history: running },
        { attraction: 'opened_later', park: 'Park', history: builder.build() },
      ],
      { ...quick, until: START + 450 },
    );
    expect(result.attractions.map((score) => [score.attraction, score.hours_scored])).toEqual([
      ['running', 12 * 30 * 14],
      ['opened_later', 0],
    ]);
    const all = pooled(result);
    expect(all.mae).toBeCloseTo(result.attractions[0]?.mae_minutes ?? Number.NaN, 5);
    expect(Number.isFinite(all.gain)).toBe(true);
  });

  it('scores every ride at the origins of the window ending at --until, one closed before it too', () => {
    const running = history(560, (_day, hour) => 10 + hour);
    const closedEarly = running.filter((entry) => entry.day <= START + 440);
    const result = runBacktest(
      [
        { attraction: 'running', park: 'Park', history: running },
        { attraction: 'closed_early', park: 'Park', history: closedEarly },
      ],
      { ...quick, until: START + 450 },
    );
    // The last origin (day 420) scores days 421-450: the ride closed after day 440 has 20 of them.
    expect(result.attractions.map((score) => [score.attraction, score.hours_scored])).toEqual([
      ['running', 12 * 30 * 14],
      ['closed_early', (11 * 30 + 20) * 14],
    ]);
    expect(result.parks[0]?.days_scored).toBe(12 * 30);
  });

  it('pools every scored hour alike, by horizon as overall', () => {
    const score = (hours: number, mae: number, baseline: number) => ({
      hours_scored: hours,
      mae_minutes: mae,
      baseline_mae_minutes: baseline,
    });
    const attraction = (name: string, hours: number, mae: number, baseline: number) => ({
      attraction: name,
      park: 'Park',
      ...score(hours, mae, baseline),
      coverage_80: 0.8,
      band_width_80_minutes: 10,
      by_horizon: { '1-7': score(hours, mae, baseline) },
      nowcast: { '11:00': { ...nowcast }, '13:00': { ...nowcast } },
    });
    const nowcast = {
      hours_scored: 0,
      mae_minutes: Number.NaN,
      forecast_mae_minutes: Number.NaN,
      coverage_80: 0,
    };
    const all = pooled({
      origins: 12,
      horizon_days: 30,
      // 300 hours at 5 against 10 minutes and 100 at 9 against 10: (1500 + 900) / (3000 + 1000).
      attractions: [attraction('long', 300, 5, 10), attraction('short', 100, 9, 10)],
      parks: [],
      actual_waits: [],
    });
    expect(all.gain).toBeCloseTo(1 - 2400 / 4000, 9);
    expect(all.byHorizon['1-7']).toBeCloseTo(1 - 2400 / 4000, 9);
  });

  it('forecasts the crowd level of a park whose seasons repeat every year', () => {
    const season = (day: number) => 1 + 0.6 * Math.sin((2 * Math.PI * (day - START)) / 364);
    const rides = twoRides(364 * 2, season);
    const [park] = runBacktest(rides, quick).parks;
    if (!park) throw new Error('one park expected');
    expect(park.days_scored).toBe(12 * 30);
    expect(park.crowd_within_1).toBeGreaterThan(0.9);
    expect(park.crowd_within_2).toBeGreaterThan(0.97);
    // The served range holds the level reached, a level or two wide at most.
    expect(park.crowd_range_coverage).toBeGreaterThan(0.9);
    expect(park.crowd_range_width_levels).toBeLessThan(2.5);
  });

  it("scores today's level from the day's morning: its own days run at levels no forecast knows", () => {
    // Whole days at levels spread over 0.6-1.7× in an order no calendar or recent level tells: the
    // morning tells the day.
    const level = (day: number) => Math.exp(0.5 * Math.sin(day * 12.9898 + (day % 7)));
    const rides = twoRides(400, level);
    const [park] = runBacktest(rides, quick).parks;
    const today = park?.today;
    if (!today) throw new Error("today's level expected for the park");
    for (const cut of ['11:00', '13:00'] as const) {
      expect(today[cut].days_scored).toBe(12 * 30);
      // The morning tells the day: served and carried alike land within ±1 far more often.
      expect(today[cut].within_1).toBeGreaterThan(0.9);
      expect(today[cut].forecast_within_1).toBeLessThan(0.5);
      expect(today[cut].morning_within_1).toBeGreaterThan(today[cut].forecast_within_1 + 0.2);
    }
  });

  it('scores the neighbour oracle when asked, from the actual days around each scored day', () => {
    // Crowds swing on a 60-day cycle that no calendar explains: the ride models, which follow the
    // recent level and the season, cannot know it; the oracle, told the days either side, can.
    const level = (day: number) => Math.exp(0.5 * Math.sin((2 * Math.PI * (day - START)) / 60));
    const rides = twoRides(500, level);
    expectCrowdYardstick(rides, 'crowd_bounds');
  });

  it("scores the forecast told the month's level when asked, from the scored days after each origin", () => {
    // Each scored month runs at a level of its own, held from just after its origin to 30 days on:
    // the models, which follow the month before, cannot know it; told it in hindsight, they can.
    const days = 500;
    const origins = rollingOrigins(START + days - 1);
    const level = (day: number) => {
      const month = origins.findIndex((origin) => day > origin && day <= origin + HORIZON_DAYS);
      return month < 0 ? 1 : Math.exp(0.6 * Math.sin(2.3 * month));
    };
    const rides = twoRides(days, level);
    expectCrowdYardstick(rides, 'crowd_level_bounds');
  });

  describe('with the wait and nowcast yardsticks asked for', () => {
    // Each scored month runs at a level of its own, and each day swings on a 9-day cycle around it,
    // one level from morning to night. One run asks for both yardsticks: each reads its own.
    let hindsight: BacktestResult;
    beforeAll(() => {
      const days = 500;
      const origins = rollingOrigins(START + days - 1);
      const level = (day: number) => {
        const month = origins.findIndex((origin) => day > origin && day <= origin + HORIZON_DAYS);
        const swing = Math.exp(0.3 * Math.sin((2 * Math.PI * (day - START)) / 9));
        return swing * (month < 0 ? 1 : Math.exp(0.6 * Math.sin(2.3 * month)));
      };
      hindsight = runBacktest(twoRides(days, level), { ...quick, waitBound: true, nowcastBound: true });
    });

    it("scores the wait forecast told the month's and the day's level, on the same hours", () => {
      // Told the month's level the forecast comes closer, told each day's closer still.
      for (const score of hindsight.attractions) {
        const bound = score.wait_bounds;
        if (!bound) throw new Error('a wait bound expected');
        expect(bound.hours_scored).toBe(score.hours_scored);
        expect(bound.typical_month_level_mae_minutes).toBeLessThan(0.7 * score.baseline_mae_minutes);
        expect(bound.month_level_mae_minutes).toBeLessThan(0.7 * score.mae_minutes);
        expect(bound.day_level_mae_minutes).toBeLessThan(0.5 * bound.month_level_mae_minutes);
      }
    });

    it("scores the nowcast's yardsticks, the hindsight scaling never behind the square root", () => {
      // The morning tells the day's level, and so does the oracle told the rest of the day's level;
      // the forecast, not knowing the day, does not.
      for (const score of hindsight.attractions) {
        for (const cut of ['11:00', '13:00'] as const) {
          const bound = score.nowcast_bounds?.[cut];
          if (!bound) throw new Error(`a bound at ${cut} expected`);
          expect(bound.hours_scored).toBe(score.nowcast[cut].hours_scored);
          expect(bound.forecast_mae_minutes).toBeCloseTo(score.nowcast[cut].forecast_mae_minutes, 2);
          expect(bound.day_level_mae_minutes).toBeLessThan(0.2 * bound.forecast_mae_minutes);
          expect(bound.best_scaling_mae_minutes).toBeLessThanOrEqual(bound.square_root_mae_minutes);
          expect(bound.best_scaling_mae_minutes).toBeLessThan(0.3 * bound.forecast_mae_minutes);
        }
      }
    });
  });
});
