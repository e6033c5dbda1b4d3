/**
 * `/v1/parks/{park}/conditions` on simulated weather: a Florida afternoon thunderstorm
 * shows in conditions (observation, alert and lightning risk) at the same moment as the Weather
 * Delay outages it causes in `/outages/today`, and the ride counts are those of `/waits`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParkConditionsResponse } from '../../src/api/routes/parks/get-conditions.js';
import type { ParkWaitsResponse } from '../../src/api/routes/parks/get-waits.js';
import type { ParkOutagesTodayResponse } from '../../src/api/routes/parks/list-outages-today.js';
import { Catalog } from '../../src/catalog/catalog.js';
import { createSimulatedFeeds } from '../../src/feeds/sim/index.js';
import { addDays } from '../../src/lib/time.js';
import { ManualClock } from '../../src/lib/clock.js';
import { expectSuccess, receive } from '../support/expect-response.js';
import { OpenApiContract } from '../support/openapi.js';
import { SITE_URL, startServer, type TestServer } from '../support/server.js';

const MINUTE = 60_000;
const catalog = Catalog.load();

/** The first summer storm at Magic Kingdom that lasts half an hour, well inside the park's hours. */
function firstSummerStorm(): { start: number; end: number } {
  const { simulator } = createSimulatedFeeds(catalog);
  const park = catalog.park('magic-kingdom');
  if (!park) throw new Error('no magic-kingdom');
  for (let date = '2026-07-01'; date < '2026-09-01'; date = addDays(date, 1)) {
    const day = simulator.simulateParkDay(park, date);
    const operating = day.schedule.windows[0];
    const storm = day.storms.find(
      (s) =>
        s.end - s.start >= 30 * MINUTE &&
        operating &&
        s.start > operating.opens_at + 60 * MINUTE &&
        s.end < operating.closes_at,
    );
    if (storm) return storm;
  }
  throw new Error('no storm in the summer of 2026');
}

let server: TestServer;
let contract: OpenApiContract;
let storm: { start: number; end: number };
let clock: ManualClock;

beforeAll(async () => {
  storm = firstSummerStorm();
  clock = new ManualClock(storm.start + 15 * MINUTE);
  server = await startServer({ clock });
  contract = await OpenApiContract.fetch(server.url);
  await server.app.context.services.conditions.refreshAll();
});
afterAll(() => server.close());

const get = async <T extends object>(path: string) => receive<T>(await server.get(path));

describe('GET /v1/parks/{park}/conditions during a simulated thunderstorm', () => {
  it('reports the thunderstorm, its alert and a high lightning risk', async () => {
    const path = '/v1/parks/mk/conditions';
    const received = await get<ParkConditionsResponse>(path);
    expectSuccess(received, contract, path, {
      maxAge: 60,
      attributionUrl: `${SITE_URL}/parks/magic-kingdom`,
    });
    const body = received.body;
    expect(body).toMatchObject({
      data_status: 'available',
      weather_source: 'sim',
      observation_status: 'current',
    });
    expect(body.observation?.thunderstorm).toBe(true);
    expect(body.observation?.description).toBe('Thunderstorms and Rain');
    expect(body.alerts?.some((a) => /thunder/i.test(`${a.event} ${a.headline ?? ''}`))).toBe(true);
    expect(body.lightning_risk?.level).toBe('high');
    expect(body.lightning_risk?.reasons.slice(0, 2)).toEqual(['thunderstorm_observed', 'thunderstorm_alert']);
  });

  it('at the same moment lists Weather Delay outages of outdoor rides that are down now', async () => {
    const outages = await get<ParkOutagesTodayResponse>('/v1/parks/mk/outages/today');
    const weather = outages.body.outages.filter((o) => o.status === 'WEATHER_DELAY' && o.down_now);
    expect(weather.length).toBeGreaterThan(0);
    for (const outage of weather) expect(Date.parse(outage.started_at)).toBeGreaterThanOrEqual(storm.start);
  });

  it('counts queued rides exactly as /waits shows them', async () => {
    const [conditions, waits] = await Promise.all([
      get<ParkConditionsResponse>('/v1/parks/mk/conditions'),
      get<ParkWaitsResponse>('/v1/parks/mk/waits'),
    ]);
    const rides = waits.body.entries.filter((e) => e.type === 'ride');
    const count = (test: (status: string) => boolean) => rides.filter((r) => test(r.status)).length;
    expect(conditions.body.ride_counts).toEqual({
      live_data_status: 'live',
      park_status: waits.body.park_status,
      operating: count((s) => s === 'OPERATING'),
      down: count((s) => ['DOWN', 'BRIEF_DELAY', 'WEATHER_DELAY'].includes(s)),
      closed: count((s) => ['CLOSED', 'REFURBISHMENT'].includes(s)),
      unavailable: count((s) => s === 'unavailable'),
    });
    expect(conditions.body.ride_counts.down).toBeGreaterThan(0);
  });

  it('clears once the storm and its alert have passed', async () => {
    clock.set(storm.end + 60 * MINUTE);
    await server.app.ingest.refreshAll();
    await server.app.context.services.conditions.refreshAll();
    const { body } = await get<ParkConditionsResponse>('/v1/parks/mk/conditions');
    expect(body.observation?.thunderstorm).toBe(false);
    expect(body.alerts).toEqual([]);
    expect(body.lightning_risk?.reasons).not.toContain('thunderstorm_alert');
  });

  it('serves no weather once the last read is older than 15 minutes, rather than old values', async () => {
    clock.advance(16 * MINUTE);
    await server.app.ingest.refreshAll();
    const { body } = await get<ParkConditionsResponse>('/v1/parks/mk/conditions');
    expect(body).toMatchObject({
      data_status: 'unavailable',
      observation: null,
      alerts: null,
      lightning_risk: null,
    });
    expect(body.note).toMatch(/more than 15 minutes old/);
    expect(body.ride_counts.live_data_status).toBe('live');
  });
});
