import { describe, expect, it } from 'vitest';
import { Catalog } from '../../catalog/catalog.js';
import { holidayOf } from '../../calendar/holidays.js';
import { crowdScale, observedIndex, predictedIndex, typicalMidday } from '../../models/crowd.js';
import { HourlyHistoryBuilder, dayNumber } from '../../models/hourly-history.js';
import { fitParkWaitModels } from '../../models/wait-model.js';
import { runStepsInTurns } from '../../lib/steps.js';
import { countingSteps } from '../../../test/support/counting-steps.js';
import { crowdForecast, crowdForecastSteps, type ForecastInput } from './crowd-forecast.js';

const park = Catalog.load().park('magic-kingdom');
if (!park) throw new Error('Magic Kingdom expected in the catalog');
const [first, second] = park.attractions.filter((attraction) => attraction.type === 'ride');
if (!first || !second) throw new Error('two rides expected at Magic Kingdom');
const magicKingdom = park;
const twoRides = [first, second];

const TODAY = dayNumber('2026-11-20');
const FROM = TODAY - 200;

/** 200 days of waits, holidays at twice the level of the other days. */
function history(minutes: number) {
  const builder = new HourlyHistoryBuilder();
  for (let day = FROM; day < TODAY; day++) {
    const wait = holidayOf(day) === null ? minutes : 2 * minutes;
    for (let hour = 9; hour <= 20; hour++) {
      builder.add(day, hour, wait);
      builder.add(day, hour, wait);
    }
  }
  return builder.build();
}

/** The forecast's input for the two rides, their wait models fitted on their recorded days. */
function forecastInput(): ForecastInput {
  const histories = [history(30), history(50)];
  const models = fitParkWaitModels(histories, TODAY);
  const rides = twoRides.map((ride, index) => {
    const model = models.rides[index];
    if (!model) throw new Error('a model per ride expected');
    return { ride, model, typicalMidday: typicalMidday(histories[index] ?? [], TODAY) };
  });
  const observed = observedIndex(
    histories,
    rides.map((ride) => ride.typicalMidday),
    FROM,
    TODAY - 1,
  );
  return {
    park: magicKingdom,
    rides,
    observed,
    finishedHours: new Map<number, number>(),
    scheduledHours: new Map<number, number>(),
    scale: crowdScale([...observed.values()]),
    todayDay: TODAY,
    today: undefined,
    range: undefined,
  };
}

describe('the crowd forecast', () => {
  it("is the wait models' index; the calendar drivers say how such days ran without scaling it again", () => {
    const input = forecastInput();
    const { rides } = input;
    const days = crowdForecast(input);
    const thanksgiving = days.find((day) => day.date === '2026-11-26');
    const holiday = thanksgiving?.drivers.find((driver) => driver.driver === 'holiday');
    // The park's recorded holidays ran at twice its other days: the driver says so (shrunk).
    expect(holiday?.effect).toBeGreaterThan(1.3);
    expect(holiday?.detail).toMatch(/^Thanksgiving \(\d+ recorded days like it/);
    // With under a year recorded, school sessions stand in for the season, and the driver says so.
    expect(thanksgiving?.drivers.find((driver) => driver.driver === 'season')?.detail).toMatch(
      /schools in session/,
    );
    // The forecast index is the wait models' alone.
    const predictors = rides.map(({ model, typicalMidday: midday }) => ({
      predict: model.predict,
      typicalMidday: midday,
    }));
    for (const day of days) expect(day.index).toBeCloseTo(predictedIndex(predictors, dayNumber(day.date)), 3);
  });

  it('is the same made in turns, a turn after each day, as made at once', async () => {
    const input = forecastInput();
    const { work, counter } = countingSteps(crowdForecastSteps(input));
    const inTurns = await runStepsInTurns(work, { sliceMs: 0 });
    const atOnce = crowdForecast(input);
    expect(atOnce.length).toBe(30);
    expect(counter.steps).toBe(atOnce.length);
    expect(inTurns).toEqual(atOnce);
  });

  it('names no holiday, school break or event night at a park the feed discovered', () => {
    const discovered = { ...park, discovered: { source: 'themeparks-wiki', feed_id: 'x', removed: false } };
    const days = crowdForecast({ ...forecastInput(), park: discovered });
    expect(days.length).toBeGreaterThan(0);
    for (const day of days) {
      const named = day.drivers.filter((d) => ['holiday', 'school_break', 'event_night'].includes(d.driver));
      expect(named, day.date).toEqual([]);
      expect(day.drivers.find((d) => d.driver === 'season')?.detail, day.date).not.toMatch(/school/);
    }
  });
});
