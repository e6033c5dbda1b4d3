/**
 * `/v1/parks/{park}/crowds`, `/v1/rides/{ride}/best-times` and `/v1/parks/{park}/crowds/actuals`
 * against the real server on two weeks of recorded simulated history: every parameter bound, the
 * basis switch after 7 days, park_closed hours and the operator forecast.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParkCrowdActualsResponse } from '../../src/api/routes/parks/get-crowd-actuals.js';
import type { ParkCrowdsResponse } from '../../src/api/routes/parks/get-crowds.js';
import type { RideBestTimesResponse } from '../../src/api/routes/rides/get-best-times.js';
import { ManualClock } from '../../src/lib/clock.js';
import { expectError, expectSuccess, receive } from '../support/expect-response.js';
import { OpenApiContract } from '../support/openapi.js';
import { createKey } from '../support/keys.js';
import { SITE_URL, startServer, type TestServer } from '../support/server.js';

// 14:00 in New York on a Saturday, two weeks of history recorded.
const clock = new ManualClock(Date.parse('2026-11-21T19:00:00Z'));
let server: TestServer;
let contract: OpenApiContract;
let partnerKey: string;

beforeAll(async () => {
  server = await startServer({ clock, env: { COVERAGE_START: '2026-11-07' } });
  contract = await OpenApiContract.fetch(server.url);
  partnerKey = await createKey(server.dataDir, 'partner');
}, 180_000);
afterAll(() => server.close());

/**
 * With a partner key: these tests make more requests than the keyless limit allows a minute. The
 * tests that check the whole response (public caching included) ask keyless.
 */
const get = (path: string) => server.get(path, { headers: { Authorization: `Bearer ${partnerKey}` } });

const SDMT = '/v1/rides/magic-kingdom_seven-dwarfs-mine-train/best-times';

describe('GET /v1/parks/{park}/crowds', () => {
  it("forecasts today by default, following today's observed waits", async () => {
    const path = '/v1/parks/magic-kingdom/crowds';
    const received = await receive<ParkCrowdsResponse>(await server.get(path));
    expectSuccess(received, contract, path, {
      maxAge: 300,
      attributionUrl: `${SITE_URL}/parks/magic-kingdom`,
    });
    const body = received.body;
    expect(body).toMatchObject({ date: '2026-11-21', days: 1, data_status: 'available' });
    expect(body.forecasts).toHaveLength(1);
    const [today] = body.forecasts;
    expect(today).toMatchObject({ date: '2026-11-21', day_of_week: 'Saturday', basis: 'observed' });
    expect(today?.crowd_level).toBeGreaterThanOrEqual(today?.crowd_level_low ?? 0);
    expect(today?.crowd_level).toBeLessThanOrEqual(today?.crowd_level_high ?? 11);
    expect(today?.drivers.map((d) => d.driver)).toEqual(
      expect.arrayContaining(['weekday', 'season', 'recent_trend', 'hours_length']),
    );
  });

  it('gives 30 days with ranges, and names holidays and event nights as drivers', async () => {
    const path = '/v1/parks/magic-kingdom/crowds?days=30';
    const received = await receive<ParkCrowdsResponse>(await server.get(path));
    expectSuccess(received, contract, path, {
      maxAge: 300,
      attributionUrl: `${SITE_URL}/parks/magic-kingdom`,
    });
    const forecasts = received.body.forecasts;
    expect(forecasts.map((f) => f.date)).toEqual(
      Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 10, 21 + i)).toISOString().slice(0, 10)),
    );
    for (const day of forecasts.slice(1)) {
      expect(day.basis).toBe('forecast');
      expect(day.crowd_level_low).toBeLessThanOrEqual(day.crowd_level);
      expect(day.crowd_level_high).toBeGreaterThanOrEqual(day.crowd_level);
    }
    const thanksgiving = forecasts.find((f) => f.date === '2026-11-26');
    expect(thanksgiving?.drivers.map((d) => d.driver)).toEqual(
      expect.arrayContaining(['holiday', 'school_break']),
    );
    // Mickey's Very Merry Christmas Party runs on some December nights at Magic Kingdom.
    expect(forecasts.some((f) => f.drivers.some((d) => d.driver === 'event_night'))).toBe(true);
  });

  it('accepts the last day of the window and leaves out days past the horizon', async () => {
    const received = await receive<ParkCrowdsResponse>(
      await get('/v1/parks/epcot/crowds?date=2026-12-20&days=30'),
    );
    expect(received.status).toBe(200);
    expect(received.body.forecasts.map((f) => f.date)).toEqual(['2026-12-20']);
  });

  it.each(['days=0', 'days=31', 'days=1.5', 'days=x'])(
    'rejects %s with the accepted range',
    async (query) => {
      const path = `/v1/parks/epcot/crowds?${query}`;
      expectError(await receive(await get(path)), contract, path, {
        status: 400,
        code: 'invalid_request',
        message: /an integer from 1 to 30/,
      });
    },
  );

  it.each(['2026-12-21', '2026-11-20', '2026-02-30', 'today'])(
    'rejects date=%s with the accepted window',
    async (date) => {
      const path = `/v1/parks/epcot/crowds?date=${date}`;
      expectError(await receive(await get(path)), contract, path, {
        status: 400,
        code: 'invalid_request',
        message:
          /2026-11-21 \(today in America\/New_York\) to 2026-12-20 \(29 days ahead\)|not a date YYYY-MM-DD/,
      });
    },
  );

  it('answers 404 for an unknown park, saying where IDs are listed', async () => {
    const path = '/v1/parks/atlantis/crowds';
    expectError(await receive(await get(path)), contract, path, {
      status: 404,
      code: 'not_found',
      message: /\/v1\/parks/,
    });
  });
});

describe('GET /v1/parks/{park}/crowds/actuals', () => {
  it('gives the last 14 days by default, oldest first, with an index from the coverage start', async () => {
    const path = '/v1/parks/magic-kingdom/crowds/actuals';
    const received = await receive<ParkCrowdActualsResponse>(await server.get(path));
    expectSuccess(received, contract, path, {
      maxAge: 300,
      attributionUrl: `${SITE_URL}/parks/magic-kingdom`,
    });
    const body = received.body;
    expect(body).toMatchObject({
      days: 14,
      from_date: '2026-11-08',
      to_date: '2026-11-21',
      data_status: 'available',
    });
    expect(body.actuals).toHaveLength(14);
    expect(body.actuals.at(-1)).toMatchObject({ date: '2026-11-21', partial: true });
    // Today has hours of waits by 14:00, so its index is there.
    expect(body.actuals.at(-1)?.crowd_index).toBeGreaterThan(0);
    const indexes = body.actuals.slice(0, -1).map((a) => a.crowd_index);
    expect(indexes.every((value) => value !== null && value > 0.3 && value < 3)).toBe(true);
    // 1.0 is the park's typical day: the recorded days average near it.
    const mean = indexes.reduce<number>((sum, value) => sum + (value ?? 0), 0) / indexes.length;
    expect(mean).toBeGreaterThan(0.8);
    expect(mean).toBeLessThan(1.2);
  });

  it('gives 60 days, null before coverage began', async () => {
    const received = await receive<ParkCrowdActualsResponse>(
      await get('/v1/parks/magic-kingdom/crowds/actuals?days=60'),
    );
    expect(received.body.actuals).toHaveLength(60);
    expect(received.body.actuals[0]).toMatchObject({
      date: '2026-09-23',
      crowd_index: null,
      crowd_level: null,
    });
  });

  it.each(['days=0', 'days=61', 'days=-1', 'days=014'])(
    'rejects %s with the accepted range',
    async (query) => {
      const path = `/v1/parks/magic-kingdom/crowds/actuals?${query}`;
      expectError(await receive(await get(path)), contract, path, {
        status: 400,
        code: 'invalid_request',
        message: /an integer from 1 to 60/,
      });
    },
  );
});

describe('GET /v1/rides/{ride}/best-times', () => {
  it('predicts today hour by hour with bounds, marks closed hours and carries the operator forecast', async () => {
    const received = await receive<RideBestTimesResponse>(await server.get(SDMT));
    expectSuccess(received, contract, SDMT, {
      maxAge: 300,
      attributionUrl: `${SITE_URL}/parks/magic-kingdom/rides/seven-dwarfs-mine-train`,
    });
    const body = received.body;
    expect(body).toMatchObject({ date: '2026-11-21', day_of_week: 'Saturday', data_status: 'predicted' });
    expect(body.summary.basis).toBe('predicted');
    const open = body.predicted_hours.filter((h) => !h.park_closed);
    expect(open.length).toBeGreaterThan(6);
    for (const hour of open) {
      expect(hour.lower_bound).toBeLessThanOrEqual(hour.predicted_wait_minutes);
      expect(hour.upper_bound).toBeGreaterThanOrEqual(hour.predicted_wait_minutes);
      expect(hour.local_time).toBe(`${String(hour.hour).padStart(2, '0')}:00`);
    }
    expect(body.typical_hours.length).toBeGreaterThan(6);
    expect(body.typical_hours.every((h) => h.days_observed >= 1)).toBe(true);
    expect(body.summary.best_windows.length).toBeGreaterThanOrEqual(1);
    expect(body.summary.best_windows.length).toBeLessThanOrEqual(2);
    const best = body.summary.best_windows[0];
    expect(best?.end_hour).toBe((best?.start_hour ?? 0) + 2);
    expect(body.summary.worst_window?.average_wait_minutes).toBeGreaterThan(
      best?.average_wait_minutes ?? Infinity,
    );
    expect(body.operator_forecast.length).toBeGreaterThan(5);
    expect(body.operator_forecast.every((f) => f.forecast_wait_minutes % 5 === 0)).toBe(true);
  });

  it('marks hours outside the park hours as park_closed', async () => {
    // Typical hours come from every recorded day; a day with shorter hours has closed hours in its list.
    const bodies = await Promise.all(
      ['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'].map(
        async (date) => (await receive<RideBestTimesResponse>(await get(`${SDMT}?date=${date}`))).body,
      ),
    );
    for (const body of bodies) {
      for (const hour of body.predicted_hours.filter((h) => h.park_closed)) {
        expect(hour).toMatchObject({ predicted_wait_minutes: 0, lower_bound: 0, upper_bound: 0 });
      }
    }
    expect(bodies.some((body) => body.predicted_hours.some((h) => h.park_closed))).toBe(true);
  });

  it('switches to typical waits 7 days ahead, without the operator forecast', async () => {
    const sixDays = await receive<RideBestTimesResponse>(await get(`${SDMT}?date=2026-11-27`));
    expect(sixDays.body.summary.basis).toBe('predicted');
    expect(sixDays.body.operator_forecast).toEqual([]);
    const sevenDays = await receive<RideBestTimesResponse>(await get(`${SDMT}?date=2026-11-28`));
    expect(sevenDays.body).toMatchObject({
      data_status: 'typical',
      predicted_hours: [],
      operator_forecast: [],
    });
    expect(sevenDays.body.summary.basis).toBe('typical');
    expect(sevenDays.body.summary.best_windows.length).toBeGreaterThanOrEqual(1);
    const last = await receive<RideBestTimesResponse>(await get(`${SDMT}?date=2026-12-20`));
    expect(last.body.summary.basis).toBe('typical');
  });

  it('has no operator forecast at Universal', async () => {
    const rides = (await (await get('/v1/parks/usf/rides')).json()) as {
      rides: { id: string; type: string }[];
    };
    const ride = rides.rides.find((r) => r.type === 'ride');
    const received = await receive<RideBestTimesResponse>(
      await get(`/v1/rides/${ride?.id ?? ''}/best-times`),
    );
    expect(received.status).toBe(200);
    expect(received.body.operator_forecast).toEqual([]);
  });

  it.each(['2026-12-21', '2026-11-20', '2026-13-01', '20261121'])(
    'rejects date=%s with the accepted window',
    async (date) => {
      const path = `${SDMT}?date=${date}`;
      expectError(await receive(await get(path)), contract, path, {
        status: 400,
        code: 'invalid_request',
        message:
          /2026-11-21 \(today in America\/New_York\) to 2026-12-20 \(29 days ahead\)|not a date YYYY-MM-DD/,
      });
    },
  );

  it('answers 404 for an unknown ride, saying where IDs are listed', async () => {
    const path = '/v1/rides/magic-kingdom_nope/best-times';
    expectError(await receive(await get(path)), contract, path, { status: 404, code: 'not_found' });
  });
});
