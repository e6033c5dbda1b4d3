/**
 * `/v1/parks/{park}/conditions` with WEATHER=nws, the server reading a loopback fake of the
 * National Weather Service (NWS_URL) that serves the recorded payloads: the observation and alert
 * as a client sees them, an observation older than 3 hours not reported as current, and an
 * upstream failure giving no weather values at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParkConditionsResponse } from '../../src/api/routes/parks/get-conditions.js';
import { ManualClock } from '../../src/lib/clock.js';
import { expectSuccess, receive } from '../support/expect-response.js';
import { FakeNws } from '../support/fake-nws.js';
import { OpenApiContract } from '../support/openapi.js';
import { SITE_URL, startServer, type TestServer } from '../support/server.js';

const OBSERVED_AT = Date.parse('2026-10-03T14:55:00Z');
const USER_AGENT = 'queuecast-test (ops@queuecast.test)';
const clock = new ManualClock(OBSERVED_AT + 10 * 60_000);
const fake = new FakeNws();
let server: TestServer;
let contract: OpenApiContract;

beforeAll(async () => {
  await fake.start();
  server = await startServer({
    clock,
    env: { WEATHER: 'nws', NWS_URL: fake.url, NWS_USER_AGENT: USER_AGENT },
  });
  contract = await OpenApiContract.fetch(server.url);
});
afterAll(async () => {
  await server.close();
  await fake.stop();
});

async function conditions() {
  await server.app.ingest.refreshAll();
  await server.app.context.services.conditions.refreshAll();
  const path = '/v1/parks/magic-kingdom/conditions';
  const received = await receive<ParkConditionsResponse>(await server.get(path));
  expectSuccess(received, contract, path, { maxAge: 60, attributionUrl: `${SITE_URL}/parks/magic-kingdom` });
  return received.body;
}

describe('GET /v1/parks/{park}/conditions with WEATHER=nws', () => {
  it("serves the station's observation and the alert, named in its units, nulls kept", async () => {
    const body = await conditions();
    expect(body).toMatchObject({
      data_status: 'available',
      weather_source: 'nws',
      observation_status: 'current',
    });
    expect(body.observation).toMatchObject({
      station_id: 'KISM',
      observed_at: '2026-10-03T14:55:00.000Z',
      temperature_c: 29,
      wind_speed_kmh: 14.8,
      wind_gust_kmh: null,
      precipitation_last_hour_mm: null,
      visibility_km: 16.1,
      thunderstorm: true,
    });
    expect(body.alerts?.map((a) => [a.event, a.ends_at])).toEqual([
      ['Severe Thunderstorm Warning', '2026-10-03T15:30:00.000Z'],
    ]);
    expect(body.lightning_risk?.level).toBe('high');
    expect(fake.requests.every((r) => r.userAgent === USER_AGENT)).toBe(true);
  });

  it('does not report an observation older than 3 hours as current', async () => {
    clock.set(OBSERVED_AT + 3 * 3_600_000 + 60_000);
    const body = await conditions();
    expect(body).toMatchObject({
      data_status: 'available',
      observation_status: 'outdated',
      observation: null,
    });
    expect(body.alerts).toEqual([]); // the warning ended at 15:30
    expect(body.note).toMatch(/more than 3 hours old/);
  });

  it('gives no weather values when the agency fails, not the previous ones', async () => {
    fake.answers.alerts = { status: 503, body: { title: 'Service Unavailable', status: 503 } };
    clock.advance(5 * 60_000);
    const body = await conditions();
    expect(body).toMatchObject({
      data_status: 'unavailable',
      observation_status: null,
      observation: null,
      alerts: null,
      lightning_risk: null,
    });
    expect(body.note).toMatch(/answered 503: Service Unavailable/);
    expect(body.ride_counts.live_data_status).toBe('live');
  });
});
