import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import type { ParkRidesResponse } from '../../src/api/routes/parks/list-rides.js';
import type { ParkReliabilityResponse } from '../../src/api/routes/parks/get-reliability.js';
import type { ParkWaitsResponse } from '../../src/api/routes/parks/get-waits.js';
import type { PriorityLaneResponse } from '../../src/api/routes/parks/get-priority-lane.js';
import type { RideDetailResponse } from '../../src/api/resources/ride-detail.js';
import { expectError, expectSuccess, receive } from '../support/expect-response.js';
import { ControllableFeeds } from '../support/feeds.js';
import { OpenApiContract } from '../support/openapi.js';
import { SITE_URL, startServer, type TestServer } from '../support/server.js';

// 14:00 in New York on a Saturday: the park is busy and return windows are spread out.
const clock = new ManualClock(Date.parse('2026-11-21T19:00:00Z'));
const feeds = new ControllableFeeds();
let server: TestServer;
let contract: OpenApiContract;

beforeAll(async () => {
  server = await startServer({ clock, feeds: feeds.build, env: { COVERAGE_START: '2026-11-14' } });
  contract = await OpenApiContract.fetch(server.url);
});
afterAll(() => server.close());

describe('GET /v1/parks/{park}/priority-lane', () => {
  it("gives today's prices and each ride's return window, soonest first", async () => {
    const path = '/v1/parks/magic-kingdom/priority-lane';
    const received = await receive<PriorityLaneResponse>(await server.get(path));
    expectSuccess(received, contract, path, { maxAge: 5, attributionUrl: `${SITE_URL}/parks/magic-kingdom` });
    const body = received.body;
    expect(body).toMatchObject({ date: '2026-11-21', live_data_status: 'live', feed: 'sim' });
    expect(body.prices.map((p) => p.product)).toEqual(
      expect.arrayContaining(['multi_pass', 'single_pass', 'premier_pass']),
    );
    for (const price of body.prices)
      expect(price).toMatchObject({ currency: 'USD', price: expect.any(Number) as number });
    expect(body.rides.length).toBeGreaterThan(5);
    const times = body.rides.map((r) => r.next_return_time ?? '\uffff');
    expect(times).toEqual([...times].sort());
    for (const ride of body.rides) {
      expect(ride.next_return_time).toBe(ride.priority_lane.return_start);
      if (ride.priority_lane.type === 'multi_pass') expect(ride.priority_lane.price).toBeNull();
      if (ride.priority_lane.type === 'single_pass') expect(ride.priority_lane.price).toBeGreaterThan(0);
    }
  });

  it('gives the express product at Universal', async () => {
    const received = await receive<PriorityLaneResponse>(await server.get('/v1/parks/usf/priority-lane'));
    expect(received.body.prices.map((p) => p.product)).toContain('express');
  });

  it('gives prices without live windows for a later date', async () => {
    const path = '/v1/parks/mk/priority-lane?date=2026-12-20';
    const received = await receive(await server.get(path));
    expectSuccess(received, contract, path, { maxAge: 5, attributionUrl: `${SITE_URL}/parks/magic-kingdom` });
    expect(received.body).toMatchObject({ date: '2026-12-20', rides: [] });
    expect((received.body.prices as unknown[]).length).toBeGreaterThan(0);
  });

  it.each(['2026-12-21', '2026-11-20', '2026-11-31', 'tomorrow'])(
    'rejects date=%s with the accepted window',
    async (date) => {
      const path = `/v1/parks/mk/priority-lane?date=${date}`;
      expectError(await receive(await server.get(path)), contract, path, {
        status: 400,
        code: 'invalid_request',
        message:
          /date must be a date YYYY-MM-DD from 2026-11-21 \(today in America\/New_York\) to 2026-12-20 \(29 days ahead\)|Invalid query parameter "date"/,
      });
    },
  );

  it('withholds return windows while live data is unavailable', async () => {
    feeds.failing.add('magic-kingdom');
    await server.app.ingest.refreshAll();
    const received = await receive(await server.get('/v1/parks/mk/priority-lane'));
    expect(received.body).toMatchObject({ live_data_status: 'unavailable', rides: [] });
    feeds.failing.delete('magic-kingdom');
    await server.app.ingest.refreshAll();
  });
});

describe('GET /v1/parks/{park}/reliability', () => {
  it('ranks queued rides least reliable first over the window since the coverage start', async () => {
    const path = '/v1/parks/epcot/reliability';
    const received = await receive<ParkReliabilityResponse>(await server.get(path));
    expectSuccess(received, contract, path, { maxAge: 300, attributionUrl: `${SITE_URL}/parks/epcot` });
    const body = received.body;
    // Coverage began 2026-11-14, so the 30-day window starts there (midnight in New York).
    expect(body).toMatchObject({
      window_days: 30,
      window_start: '2026-11-14T05:00:00.000Z',
      truncated: true,
      data_status: 'available',
    });
    const uptimes = body.rides.map((r) => r.uptime_pct);
    expect(uptimes).toEqual([...uptimes].sort((a, b) => a - b));
    for (const row of body.rides) {
      expect(row.days_observed).toBeGreaterThanOrEqual(7);
      expect(row.uptime_pct).toBeCloseTo(100 * (1 - row.down_minutes / row.operating_minutes), 1);
    }
    expect(body.rides.some((r) => r.outages > 0)).toBe(true);
  });
});

describe('ride detail with live and reliability', () => {
  it('carries the live wait and the 30-day summary of a queued ride', async () => {
    const path = '/v1/rides/magic-kingdom_seven-dwarfs-mine-train';
    const received = await receive<RideDetailResponse>(await server.get(path));
    expectSuccess(received, contract, path, {
      maxAge: 5,
      attributionUrl: `${SITE_URL}/parks/magic-kingdom/rides/seven-dwarfs-mine-train`,
    });
    const waits = (await (await server.get('/v1/parks/magic-kingdom/waits')).json()) as ParkWaitsResponse;
    const entry = waits.entries.find((e) => e.ride_id === 'magic-kingdom_seven-dwarfs-mine-train');
    expect(received.body.live).toMatchObject({
      data_status: 'live',
      status: entry?.status,
      standby_wait_minutes: entry?.standby_wait_minutes,
    });
    expect(received.body.reliability).toMatchObject({
      window_days: 30,
      days_observed: expect.any(Number) as number,
    });
  });

  it('gives shows no reliability summary', async () => {
    const rides = (await (await server.get('/v1/parks/magic-kingdom/rides')).json()) as ParkRidesResponse;
    const show = rides.rides.find((r) => r.type === 'show');
    const path = `/v1/parks/magic-kingdom/rides/${show?.id ?? ''}`;
    const received = await receive<RideDetailResponse>(await server.get(path));
    expect(received.status).toBe(200);
    expect(received.body.reliability).toBeNull();
    expect(contract.validate(path, 200, received.body)).toEqual([]);
  });
});

describe('model recomputation', () => {
  it('computes from a read made after the call, even while an earlier computation runs', async () => {
    const park = server.app.context.catalog.park('magic-kingdom');
    if (!park) throw new Error('Magic Kingdom expected in the catalog');
    const models = server.app.context.services.models;
    const before = clock.now();
    const running = models.recompute(park);
    clock.set(before + 60_000);
    try {
      // Recorded after the running computation read the store: only a new computation sees it.
      const asked = await models.recompute(park);
      expect(asked.computed_at).toBe(before + 60_000);
      await running;
    } finally {
      clock.set(before);
    }
  });
});
