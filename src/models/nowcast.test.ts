import { describe, expect, it } from 'vitest';
import { HourlyHistoryBuilder, dayNumber, type HourlyDay } from './hourly-history.js';
import { NOWCAST_OFFSET, NowcastFit, nowcastDay, type NowcastRide } from './nowcast.js';
import type { TypicalWaits } from './typical-waits.js';

const DAY = dayNumber('2019-05-15');
const FORECAST = 20;

/** A typical wait of `minutes` at every hour of every weekday. */
function flatTypical(minutes: number): TypicalWaits {
  return { means: new Float64Array(7 * 24).fill(minutes), daysObserved: new Uint16Array(7 * 24).fill(10) };
}

/** A ride forecast at `FORECAST` minutes every hour, with a fixed band. */
const ride: NowcastRide = {
  typical: flatTypical(FORECAST),
  predict: () => FORECAST,
  forecast: () => ({ predicted: FORECAST, lower: FORECAST / 2, upper: FORECAST * 2 }),
};

/** A day posting `wait(hour)` at hours 8-21 before `until`, two readings an hour. */
function dayOf(day: number, wait: (hour: number) => number, until = 22): HourlyDay {
  const builder = new HourlyHistoryBuilder();
  for (let hour = 8; hour < until; hour++) {
    builder.add(day, hour, wait(hour));
    builder.add(day, hour, wait(hour));
  }
  const [entry] = builder.build();
  if (!entry) throw new Error('no readings');
  return entry;
}

describe('nowcastDay', () => {
  it('answers with the prior before any history: the square root of the morning’s ratio', () => {
    const coefficients = new NowcastFit().solve(500);
    const [today] = nowcastDay([ride], coefficients, DAY, {
      readings: [dayOf(DAY, () => 80, 11)],
      cutHour: 11,
    });
    // Three morning hours at 80 against a forecast of 20 each (the offset taken once, on the sums).
    const ratio = (3 * 80 + NOWCAST_OFFSET) / (3 * FORECAST + NOWCAST_OFFSET);
    expect(today?.(14)?.predicted).toBeCloseTo(
      (FORECAST + NOWCAST_OFFSET) * Math.sqrt(ratio) - NOWCAST_OFFSET,
      9,
    );
    // Hours before the cut keep their forecast.
    expect(today?.(10)).toEqual(ride.forecast(DAY, 10));
    // The band says how far the afternoon strays from the prior's answer.
    const later = today?.(15);
    expect(later?.lower).toBeLessThan(later?.predicted ?? 0);
    expect(later?.upper).toBeGreaterThan(later?.predicted ?? 0);
  });

  it("widens the prior's band when the forecasts were learned from few days, by the root of 1 + 1/days", () => {
    const morning = { readings: [dayOf(DAY, () => 80, 11)], cutHour: 11 };
    const logWidth = (days: number) => {
      const hour = nowcastDay([ride], new NowcastFit().solve(500, days), DAY, morning)[0]?.(15);
      return Math.log(((hour?.upper ?? 0) + NOWCAST_OFFSET) / ((hour?.lower ?? 0) + NOWCAST_OFFSET));
    };
    expect(logWidth(1) / logWidth(Number.POSITIVE_INFINITY)).toBeCloseTo(Math.SQRT2, 9);
    expect(logWidth(4) / logWidth(Number.POSITIVE_INFINITY)).toBeCloseTo(Math.sqrt(1.25), 9);
  });

  it('keeps the forecast while the park has no morning', () => {
    const coefficients = new NowcastFit().solve(500);
    const [today] = nowcastDay([ride], coefficients, DAY, { readings: [undefined], cutHour: 11 });
    expect(today?.(14)).toEqual(ride.forecast(DAY, 14));
  });

  it('leaves out a morning hour with a single reading', () => {
    const coefficients = new NowcastFit().solve(500);
    const builder = new HourlyHistoryBuilder();
    // 9:00 and 10:00 at 40 with two readings each; one reading of 200 at 8:59 (a ride's first sign).
    builder.add(DAY, 8, 200);
    for (const hour of [9, 10]) {
      builder.add(DAY, hour, 40);
      builder.add(DAY, hour, 40);
    }
    const [morning] = builder.build();
    const [today] = nowcastDay([ride], coefficients, DAY, { readings: [morning], cutHour: 11 });
    const ratio = (2 * 40 + NOWCAST_OFFSET) / (2 * FORECAST + NOWCAST_OFFSET);
    expect(today?.(14)?.predicted).toBeCloseTo(
      (FORECAST + NOWCAST_OFFSET) * Math.sqrt(ratio) - NOWCAST_OFFSET,
      9,
    );
  });

  it('learns from earlier days how far an afternoon follows its morning', () => {
    // Each earlier day runs at one level all day: the afternoon follows the whole morning.
    const fit = new NowcastFit();
    for (let k = 0; k < 300; k++) {
      const level = 0.5 + (k % 7) * 0.25;
      const day = DAY - 400 + k;
      const entry = dayOf(day, () => (FORECAST + NOWCAST_OFFSET) * level - NOWCAST_OFFSET);
      fit.teach(day, [entry], [() => FORECAST], [ride.typical]);
    }
    const coefficients = fit.solve(1);
    const morning = (FORECAST + NOWCAST_OFFSET) * 1.5 - NOWCAST_OFFSET;
    const [today] = nowcastDay([ride], coefficients, DAY, {
      readings: [dayOf(DAY, () => morning, 12)],
      cutHour: 12,
    });
    // Far closer to the morning's 1.5× than the prior's square root (1.22×) would be.
    expect(today?.(16)?.predicted).toBeCloseTo(morning, 0);
    // Days that ran exactly as their mornings leave almost no spread.
    expect((today?.(16)?.upper ?? 0) / (today?.(16)?.predicted ?? 1)).toBeLessThan(1.05);
  });

  it("gives each ride the spread of its own afternoons around the park's regression", () => {
    // Two rides of one park: the first's afternoons follow its morning exactly, the second's swing
    // ±30% about it from day to day.
    const fit = new NowcastFit();
    for (let k = 0; k < 300; k++) {
      const day = DAY - 400 + k;
      const level = 0.5 + (k % 7) * 0.25;
      const swing = k % 2 === 0 ? 1.3 : 1 / 1.3;
      const steady = dayOf(day, () => (FORECAST + NOWCAST_OFFSET) * level - NOWCAST_OFFSET);
      const swinging = dayOf(day, (hour) =>
        hour < 14
          ? (FORECAST + NOWCAST_OFFSET) * level - NOWCAST_OFFSET
          : (FORECAST + NOWCAST_OFFSET) * level * swing - NOWCAST_OFFSET,
      );
      fit.teach(day, [steady, swinging], [() => FORECAST, () => FORECAST], [ride.typical, ride.typical]);
    }
    const { spread, rideSpread } = fit.solve(1);
    const last = spread.length - 1;
    expect(rideSpread[0]?.[last]).toBeLessThan(spread[last] ?? 0);
    expect(rideSpread[1]?.[last]).toBeGreaterThan(spread[last] ?? 0);
    expect(rideSpread[1]?.[last]).toBeGreaterThan(0.2);
  });
});
