/**
 * The NWS adapter against a loopback fake of the API serving the recorded payloads
 * (../shared/fixtures/nws-*.json): nulls, units, the alert, the problem+json error, a timeout,
 * caching by the responses' headers, and the User-Agent.
 */
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Catalog } from '../../catalog/catalog.js';
import type { Park } from '../../catalog/types.js';
import { ManualClock } from '../../lib/clock.js';
import { LiveState } from '../../live/live-state.js';
import { ConditionsService } from '../../services/conditions.js';
import { FakeNws, fixture } from '../../../test/support/fake-nws.js';
import { UpstreamError } from '../types.js';
import { freshFor } from './http.js';
import { NwsWeatherFeed } from './index.js';

const catalog = Catalog.load();
const mk = catalog.park('magic-kingdom') as Park;
const USER_AGENT = 'queuecast-test (ops@queuecast.test)';
const OBSERVED_AT = Date.parse('2026-10-03T14:55:00Z');

let fake: FakeNws;
let clock: ManualClock;
let feed: NwsWeatherFeed;

beforeAll(async () => {
  fake = new FakeNws();
  await fake.start();
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.requests.length = 0;
  fake.answers.observation = {
    body: fixture('nws-observation.json'),
    headers: { 'cache-control': 'public, max-age=60' },
  };
  fake.answers.alerts = {
    body: fixture('nws-alerts.json'),
    headers: { 'cache-control': 'public, max-age=30' },
  };
  fake.missingStations.clear();
  clock = new ManualClock(OBSERVED_AT + 10 * 60_000);
  // Generous: a loaded machine must not turn a slow answer into a failure here (the timeout test sets its own).
  feed = new NwsWeatherFeed({ baseUrl: fake.url, userAgent: USER_AGENT, clock, timeoutMs: 5_000 });
});

describe('NWS weather feed', () => {
  it('reads the nearest station: units converted and named, nulls kept null, thunderstorm seen', async () => {
    const { observation } = await feed.readWeather(mk, clock.now());
    expect(observation).toEqual({
      station_id: 'KISM',
      station_name: 'Kissimmee Gateway Airport',
      observed_at: OBSERVED_AT,
      description: 'Light Thunderstorms and Rain',
      temperature_c: 29,
      dew_point_c: 23,
      relative_humidity_pct: expect.any(Number) as number,
      wind_speed_kmh: 14.8,
      wind_gust_kmh: null,
      wind_direction_deg: 90,
      precipitation_last_hour_mm: null,
      visibility_km: 16.1,
      thunderstorm: true,
    });
  });

  it('converts other units the API may send, and keeps an unknown unit null rather than guessing', async () => {
    const document = fixture('nws-observation.json') as { properties: Record<string, unknown> };
    document.properties.temperature = { unitCode: 'wmoUnit:degF', value: 86 };
    document.properties.windSpeed = { unitCode: 'wmoUnit:m_s-1', value: 5 };
    document.properties.windGust = { unitCode: 'wmoUnit:furlong_fortnight-1', value: 9 };
    document.properties.relativeHumidity = { unitCode: 'wmoUnit:percent', value: null };
    fake.answers.observation = { body: document };
    const { observation } = await feed.readWeather(mk, clock.now());
    expect(observation).toMatchObject({
      temperature_c: 30,
      wind_speed_kmh: 18,
      wind_gust_kmh: null,
      relative_humidity_pct: null,
    });
  });

  it('reads the alert in effect at the park, and none when there are none', async () => {
    const { alerts } = await feed.readWeather(mk, clock.now());
    expect(alerts).toEqual([
      {
        id: 'urn:oid:2.49.0.1.840.0.0f3c1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f.001.1',
        event: 'Severe Thunderstorm Warning',
        headline: expect.stringMatching(/^Severe Thunderstorm Warning issued October 3/) as string,
        severity: 'Severe',
        urgency: 'Immediate',
        certainty: 'Observed',
        onset_at: Date.parse('2026-10-03T14:52:00Z'),
        ends_at: Date.parse('2026-10-03T15:30:00Z'),
        expires_at: Date.parse('2026-10-03T15:30:00Z'),
        sender_name: 'NWS Melbourne FL',
      },
    ]);
    fake.answers.alerts = { body: fixture('nws-alerts-empty.json') };
    clock.advance(31_000);
    expect((await feed.readWeather(mk, clock.now())).alerts).toEqual([]);
    expect(fake.requests.find((r) => r.path.startsWith('/alerts'))?.path).toBe(
      '/alerts/active?point=28.4177,-81.5812',
    );
  });

  it('names itself with NWS_USER_AGENT, reads the point once per park and caches by Cache-Control', async () => {
    await feed.readWeather(mk, clock.now());
    clock.advance(45_000);
    await feed.readWeather(mk, clock.now());
    expect(fake.count(/^\/points\//)).toBe(1);
    expect(fake.count(/\/stations$/)).toBe(1);
    expect(fake.count(/observations\/latest$/)).toBe(1); // max-age=60 still holds
    expect(fake.count(/^\/alerts\//)).toBe(2); // max-age=30 has passed
    clock.advance(20_000);
    await feed.readWeather(mk, clock.now());
    expect(fake.count(/observations\/latest$/)).toBe(2);
    expect(fake.count(/^\/points\//)).toBe(1);
    expect(new Set(fake.requests.map((r) => r.userAgent))).toEqual(new Set([USER_AGENT]));
  });

  it('honours Expires when there is no max-age, and never caches no-store', () => {
    const date = 'Sat, 03 Oct 2026 15:00:00 GMT';
    expect(freshFor(new Headers({ expires: 'Sat, 03 Oct 2026 15:02:00 GMT', date }), 0)).toBe(120_000);
    expect(
      freshFor(
        new Headers({ 'cache-control': 'no-store', expires: 'Sat, 03 Oct 2026 15:02:00 GMT', date }),
        0,
      ),
    ).toBe(0);
    expect(freshFor(new Headers({ 'cache-control': 'public, max-age=300, s-maxage=600' }), 0)).toBe(300_000);
    expect(freshFor(new Headers(), 0)).toBe(0);
  });

  it('turns the problem+json error document into an UpstreamError that quotes it', async () => {
    fake.answers.alerts = { status: 400, body: fixture('nws-error.json') };
    const read = feed.readWeather(mk, clock.now());
    await expect(read).rejects.toBeInstanceOf(UpstreamError);
    await expect(read).rejects.toThrow(/answered 400: Invalid Parameter: Parameter "point" is invalid/);
  });

  it('gives up on a request that does not answer within the timeout', async () => {
    fake.answers.observation = { body: fixture('nws-observation.json'), delayMs: 5_000 };
    const impatient = new NwsWeatherFeed({ baseUrl: fake.url, userAgent: USER_AGENT, clock, timeoutMs: 300 });
    const started = performance.now();
    await expect(impatient.readWeather(mk, clock.now())).rejects.toThrow(/did not answer within 300 ms/);
    expect(performance.now() - started).toBeLessThan(4_000);
  });

  it('falls back to the next station when the nearest has no latest observation', async () => {
    fake.missingStations.add('KISM');
    await feed.readWeather(mk, clock.now());
    expect(fake.count(/\/stations\/KMCO\/observations\/latest$/)).toBe(1);
  });
});

describe('NWS coverage', () => {
  /** A park outside the United States, as discovery would add one (Disneyland Paris's point). */
  const paris: Park = { ...mk, key: 'paris-park', name: 'Paris Park', latitude: 48.8674, longitude: 2.7836 };
  const listing = { source: 'sim', feed_id: 'x', removed: false };
  const listedInJapan: Park = {
    ...mk,
    key: 'osaka-park',
    name: 'Osaka Park',
    discovered: { ...listing, country: 'Japan' },
  };

  it('covers every spec park and no park outside the United States', () => {
    for (const park of catalog.parks) expect(feed.outsideCoverage(park), park.key).toBeUndefined();
    expect(feed.outsideCoverage(paris)).toBe(
      'The US National Weather Service covers only the United States, and Paris Park is outside it.',
    );
    expect(feed.outsideCoverage(listedInJapan)).toMatch(/covers only the United States/);
    expect(
      feed.outsideCoverage({ ...listedInJapan, discovered: { ...listing, country: 'United States' } }),
    ).toBeUndefined();
  });

  it("answers a foreign park's conditions unavailable and never asks the agency about it", async () => {
    const withForeign = Object.create(catalog, { parks: { value: [mk, paris] } }) as Catalog;
    const service = new ConditionsService(
      feed,
      new LiveState(clock),
      withForeign,
      clock,
      pino({ level: 'silent' }),
    );
    await service.refreshAll();
    expect(fake.requests.some((r) => r.path.includes('48.8674'))).toBe(false);
    expect(service.forPark(paris).weather).toEqual({
      data_status: 'unavailable',
      checked_at: null,
      reason: 'The US National Weather Service covers only the United States, and Paris Park is outside it.',
    });
    expect(service.forPark(mk).weather.data_status).toBe('available');
  });
});
