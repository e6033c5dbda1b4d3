/**
 * Today's predictions follow today's waits: a park whose morning runs at twice its usual waits has
 * the rest of its day, and its crowd level, predicted well above the day-ahead forecast, by the real
 * server, on history recorded through the same feed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParkCrowdActualsResponse } from '../../src/api/routes/parks/get-crowd-actuals.js';
import type { ParkCrowdsResponse } from '../../src/api/routes/parks/get-crowds.js';
import type { RideBestTimesResponse } from '../../src/api/routes/rides/get-best-times.js';
import { ManualClock } from '../../src/lib/clock.js';
import { startOfLocalDay } from '../../src/lib/time.js';
import { predictedIndex } from '../../src/models/crowd.js';
import { dayNumber } from '../../src/models/hourly-history.js';
import { expectSuccess, receive } from '../support/expect-response.js';
import { ControllableFeeds } from '../support/feeds.js';
import { OpenApiContract } from '../support/openapi.js';
import { SITE_URL, startServer, type TestServer } from '../support/server.js';

// 13:00 in New York on a Saturday, a week of history recorded; today has run at twice since midnight.
const TODAY = '2026-11-21';
const clock = new ManualClock(Date.parse('2026-11-21T18:00:00Z'));
const feeds = new ControllableFeeds();
const RIDE = 'magic-kingdom_seven-dwarfs-mine-train';
let server: TestServer;
let contract: OpenApiContract;

beforeAll(async () => {
  feeds.surges.set('magic-kingdom', { from: startOfLocalDay(TODAY, 'America/New_York'), factor: 2 });
  server = await startServer({ clock, feeds: feeds.build, env: { COVERAGE_START: '2026-11-14' } });
  contract = await OpenApiContract.fetch(server.url);
}, 120_000);
afterAll(() => server.close());

describe("today's predictions", () => {
  it('move the rest of the day toward a morning running well above the forecast', async () => {
    const park = server.app.context.catalog.park('magic-kingdom');
    if (!park) throw new Error('Magic Kingdom expected in the catalog');
    const models = await server.app.context.services.models.recompute(park);
    const model = models.rides.get(RIDE)?.model;
    if (!model) throw new Error('a model of Seven Dwarfs Mine Train expected');

    const path = `/v1/rides/${RIDE}/best-times`;
    const received = await receive<RideBestTimesResponse>(await server.get(path));
    expectSuccess(received, contract, path, {
      maxAge: 300,
      attributionUrl: `${SITE_URL}/parks/magic-kingdom/rides/seven-dwarfs-mine-train`,
    });
    expect(received.body).toMatchObject({ date: TODAY, data_status: 'predicted' });
    const afternoon = received.body.predicted_hours.filter((hour) => hour.hour >= 14 && !hour.park_closed);
    expect(afternoon.length).toBeGreaterThan(3);
    let followed = 0;
    let dayAhead = 0;
    for (const hour of afternoon) {
      const forecast = model.forecast(dayNumber(TODAY), hour.hour);
      if (!forecast) throw new Error(`a day-ahead forecast of ${hour.local_time} expected`);
      followed += hour.predicted_wait_minutes;
      dayAhead += forecast.predicted;
      expect(hour.lower_bound).toBeLessThanOrEqual(hour.predicted_wait_minutes);
      expect(hour.upper_bound).toBeGreaterThanOrEqual(hour.predicted_wait_minutes);
    }
    // The morning ran at twice: the afternoon is predicted well above the forecast, short of twice.
    expect(followed / dayAhead).toBeGreaterThan(1.25);
    expect(followed / dayAhead).toBeLessThan(2.1);
  });

  it("moves today's crowd level toward the morning, short of carrying its ratio to the whole day", async () => {
    const park = server.app.context.catalog.park('magic-kingdom');
    if (!park) throw new Error('Magic Kingdom expected in the catalog');
    const models = await server.app.context.services.models.recompute(park);
    const path = '/v1/parks/magic-kingdom/crowds';
    const received = await receive<ParkCrowdsResponse>(await server.get(path));
    expectSuccess(received, contract, path, {
      maxAge: 300,
      attributionUrl: `${SITE_URL}/parks/magic-kingdom`,
    });
    const [today] = received.body.forecasts;
    expect(today).toMatchObject({ date: TODAY, basis: 'observed' });
    const dayAhead = predictedIndex(
      [...models.rides.values()].map(({ model, typicalMidday }) => ({
        predict: model.predict,
        typicalMidday,
      })),
      dayNumber(TODAY),
    );
    // The morning so far, carried to the whole day (the day's observed index so far).
    const actuals = await receive<ParkCrowdActualsResponse>(
      await server.get('/v1/parks/magic-kingdom/crowds/actuals?days=1'),
    );
    const morning = actuals.body.actuals.at(-1)?.crowd_index ?? Number.NaN;
    const index = today?.crowd_index ?? Number.NaN;
    expect(index / dayAhead).toBeGreaterThan(1.25);
    expect(index).toBeLessThan(morning);
  });
});
