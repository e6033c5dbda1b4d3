import { describe, expect, it } from 'vitest';
import { runSteps } from '../../lib/steps.js';
import { HourlyHistoryBuilder, weekdayOf, type HourlyDay } from '../../models/hourly-history.js';
import { parkWaitModelsSteps, DEFAULT_COMBINED_OPTIONS } from '../../models/wait-model.js';
import { AccuracyMeter } from './accuracy.js';

const TODAY = 20_000;

/** A ride whose every day repeats its weekday's waits: the level models predict it exactly. */
function ride(days: number, base: number): HourlyDay[] {
  const builder = new HourlyHistoryBuilder();
  for (let day = TODAY - days; day < TODAY; day++) {
    for (let hour = 8; hour <= 21; hour++) {
      const wait = base * (1 + weekdayOf(day) / 10) * (hour >= 11 && hour <= 16 ? 2 : 1);
      builder.add(day, hour, wait);
      builder.add(day, hour, wait);
    }
  }
  return builder.build();
}

function measure(histories: HourlyDay[][]) {
  const meter = new AccuracyMeter(histories);
  runSteps(parkWaitModelsSteps(histories, TODAY, () => undefined, DEFAULT_COMBINED_OPTIONS, meter));
  return meter.result();
}

describe('the served accuracy', () => {
  it("scores the calibration's models at the 8 latest origins, 30 days each, a repeating park exactly", () => {
    const { accuracy, indexRatios } = measure([ride(200, 10), ride(200, 30)]);
    expect(accuracy).toMatchObject({ origins: 8, days_scored: 240, mae_levels: 0, within_1: 1, within_2: 1 });
    expect(accuracy.wait_mae_minutes).toBeCloseTo(0, 1);
    expect(accuracy.typical_mae_minutes).toBeCloseTo(0, 1);
    expect(indexRatios).toHaveLength(240);
    for (const ratio of indexRatios) expect(ratio).toBeCloseTo(1, 2);
  });

  it('leaves out the origins before which no ride had 14 days, and says so when none is left', () => {
    // Origins lie 31, 38, ... 80 days back: 100 days give all 8 at least 20 days before them, 60
    // days the three latest (29, 22, 15), 40 days none (9).
    expect(measure([ride(100, 10)]).accuracy.origins).toBe(8);
    expect(measure([ride(60, 10)]).accuracy.origins).toBe(3);
    expect(measure([ride(40, 10)]).accuracy).toMatchObject({
      origins: 0,
      days_scored: 0,
      mae_levels: null,
      wait_mae_minutes: null,
    });
  });
});
