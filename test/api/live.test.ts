import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Catalog } from '../../src/catalog/catalog.js';
import type { Park } from '../../src/catalog/types.js';
import { ManualClock } from '../../src/lib/clock.js';
import { LIVE_FRESH_FOR_MS } from '../../src/live/live-state.js';
import type { ParkOutagesTodayResponse } from '../../src/api/routes/parks/list-outages-today.js';
import type { ParkWaitsResponse } from '../../src/api/routes/parks/get-waits.js';
import type { RideDetailResponse } from '../../src/api/resources/ride-detail.js';
import type { RideHistoryResponse } from '../../src/api/routes/rides/get-history.js';
import type { RideOutagesResponse } from '../../src/api/routes/rides/list-outages.js';
import { expectError, expectSuccess, receive } from '../support/expect-response.js';
import { ControllableFeeds } from '../support/feeds.js';
import { OpenApiContract } from '../support/openapi.js';
import { SITE_URL, startServer, type TestServer } from '../support/server.js';

const NOON_NEW_YORK = Date.parse('2026-11-21T17:00:00Z');
const MINUTE = 60_000;
const MK_PAGE = `${SITE_URL}/parks/magic-kingdom`;

let server: TestServer;
let contract: OpenApiContract;
const clock = new ManualClock(NOON_NEW_YORK);
const feeds = new ControllableFeeds();

async function waits(park = 'magic-kingdom') {
  const path = `/v1/parks/${park}/waits`;
  const received = await receive<ParkWaitsResponse>(await server.get(path));
  expectSuccess(received, contract, path, { maxAge: 5, attributionUrl: `${SITE_URL}/parks/${park}` });
  return received.body;
}

async function advance(minutes: number): Promise<void> {
  for (let i = 0; i < minutes; i++) {
    clock.advance(MINUTE);
    await server.app.ingest.refreshAll();
  }
}

function magicKingdom(): Park {
  const park = Catalog.load().park('magic-kingdom');
  if (!park) throw new Error('catalog lacks magic-kingdom');
  return park;
}

beforeAll(async () => {
  server = await startServer({ clock, feeds: feeds.build });
  contract = await OpenApiContract.fetch(server.url);
});
afterAll(() => server.close());

describe('GET /v1/parks/{park}/waits', () => {
  it('lists every queued ride from the live snapshot while the park is open', async () => {
    const body = await waits();
    expect(body.data_status).toBe('live');
    expect(body.park_status).toBe('open');
    const rides = magicKingdom().attractions.filter((a) => a.type === 'ride');
    const listed = new Set(body.entries.map((e) => e.ride_id));
    for (const ride of rides) expect(listed, ride.id).toContain(ride.id);
    const operating = body.entries.filter((e) => e.status === 'OPERATING' && e.type === 'ride');
    expect(operating.length).toBeGreaterThan(rides.length / 2);
    for (const entry of operating) expect((entry.standby_wait_minutes ?? 1) % 5, entry.ride_id).toBe(0);
  });

  it('carries an estimated actual wait below most posted waits, null where none is posted', async () => {
    const body = await waits();
    const posted = body.entries.filter((e) => e.standby_wait_minutes !== null);
    expect(posted.length).toBeGreaterThan(0);
    for (const entry of posted) {
      const { estimated_actual_wait_minutes: minutes, estimated_actual_low_minutes: low } = entry;
      const high = entry.estimated_actual_high_minutes;
      expect([minutes, low, high].every(Number.isInteger), entry.ride_id).toBe(true);
      expect((low ?? 0) <= (minutes ?? 0) && (minutes ?? 0) <= (high ?? 0), entry.ride_id).toBe(true);
    }
    const busy = posted.filter((e) => (e.standby_wait_minutes ?? 0) >= 30);
    const below = busy.filter((e) => (e.estimated_actual_wait_minutes ?? 0) < (e.standby_wait_minutes ?? 0));
    expect(below.length).toBe(busy.length);
    for (const entry of body.entries.filter((e) => e.standby_wait_minutes === null)) {
      expect(entry.estimated_actual_wait_minutes, entry.ride_id).toBeNull();
      expect(entry.estimated_actual_low_minutes, entry.ride_id).toBeNull();
      expect(entry.estimated_actual_high_minutes, entry.ride_id).toBeNull();
    }
  });

  it('changes over time as the operator posts new waits', async () => {
    const before = await waits();
    await advance(20);
    const after = await waits();
    const changed = after.entries.filter((entry) => {
      const old = before.entries.find((e) => e.ride_id === entry.ride_id);
      return old && old.standby_wait_minutes !== entry.standby_wait_minutes;
    });
    expect(changed.length).toBeGreaterThan(0);
    for (const entry of changed) expect(Date.parse(entry.changed_at)).toBeGreaterThan(NOON_NEW_YORK);
  });

  it('answers unavailable with no numbers when the upstream fails, and recovers', async () => {
    feeds.failing.add('magic-kingdom');
    await advance(1);
    const down = await waits();
    expect(down.data_status).toBe('unavailable');
    expect(down.park_status).toBeNull();
    expect(down.note).toMatch(/injected failure/);
    expect(down.entries.length).toBeGreaterThan(10);
    for (const entry of down.entries) {
      expect(entry).toMatchObject({
        status: 'unavailable',
        standby_wait_minutes: null,
        single_rider_wait_minutes: null,
        priority_lane: null,
      });
    }
    expect((await waits('epcot')).data_status).toBe('live');
    feeds.failing.delete('magic-kingdom');
    await advance(1);
    expect((await waits()).data_status).toBe('live');
  });

  it('never serves a prepared ride detail or priority-lane body with live numbers past an upstream failure', async () => {
    const ridePath = '/v1/rides/magic-kingdom_space-mountain';
    const lanePath = '/v1/parks/magic-kingdom/priority-lane';
    const json = async (path: string) => (await (await server.get(path)).json()) as Record<string, unknown>;
    // Prepared while live (the second request is answered from the prepared body).
    await json(ridePath);
    expect((await json(ridePath)).live).toMatchObject({ data_status: 'live' });
    await json(lanePath);
    expect((await json(lanePath)).live_data_status).toBe('live');

    // A failed refresh a second later, well inside both bodies' 5-second max-age.
    feeds.failing.add('magic-kingdom');
    clock.advance(1_000);
    await server.app.ingest.refreshAll();
    expect((await json(ridePath)).live).toMatchObject({
      data_status: 'unavailable',
      standby_wait_minutes: null,
      priority_lane: null,
    });
    expect(await json(lanePath)).toMatchObject({ live_data_status: 'unavailable', rides: [] });
    feeds.failing.delete('magic-kingdom');
    await advance(1);
    expect((await json(ridePath)).live).toMatchObject({ data_status: 'live' });
  });

  it('turns unavailable once the last refresh is older than the freshness window', async () => {
    clock.advance(LIVE_FRESH_FOR_MS - 1);
    expect((await waits()).data_status).toBe('live');
    clock.advance(1);
    const stale = await waits();
    expect(stale.data_status).toBe('unavailable');
    expect(stale.entries.every((entry) => entry.standby_wait_minutes === null)).toBe(true);
    await server.app.ingest.refreshAll();
    expect((await waits()).data_status).toBe('live');
  });
});

describe('history and outages', () => {
  it('records one history row per change of wait or status, oldest first', async () => {
    const start = clock.now();
    const rideId = 'magic-kingdom_seven-dwarfs-mine-train';
    const seen: { status: string; wait: number | null }[] = [];
    for (let i = 0; i < 30; i++) {
      await advance(1);
      const entry = (await waits()).entries.find((e) => e.ride_id === rideId);
      const last = seen.at(-1);
      if (entry && (!last || last.status !== entry.status || last.wait !== entry.standby_wait_minutes)) {
        seen.push({ status: entry.status, wait: entry.standby_wait_minutes });
      }
    }
    const path = `/v1/rides/${rideId}/history?days=1`;
    const received = await receive<RideHistoryResponse>(await server.get(path));
    expectSuccess(received, contract, path, {
      maxAge: 60,
      attributionUrl: `${MK_PAGE}/rides/seven-dwarfs-mine-train`,
    });
    const changes = received.body.changes;
    const times = changes.map((c) => Date.parse(c.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (let i = 1; i < changes.length; i++) {
      const [a, b] = [changes[i - 1], changes[i]];
      expect(a?.status !== b?.status || a?.standby_wait_minutes !== b?.standby_wait_minutes, `row ${i}`).toBe(
        true,
      );
    }
    const recent = changes
      .filter((c) => Date.parse(c.at) > start)
      .map((c) => ({ status: c.status, wait: c.standby_wait_minutes }));
    // The first observed value may continue the last row before the window.
    expect(recent).toEqual(seen.slice(seen.length - recent.length));
    expect(recent.length).toBeGreaterThan(0);
  });

  it('opens an outage on DOWN, lists it today with down_now, and ends it on the next other status', async () => {
    const rideId = 'magic-kingdom_space-mountain';
    feeds.forced.set(rideId, 'DOWN');
    await advance(1);
    const downAt = clock.now();
    const path = '/v1/parks/magic-kingdom/outages/today';
    let received = await receive<ParkOutagesTodayResponse>(await server.get(path));
    expectSuccess(received, contract, path, { maxAge: 60, attributionUrl: MK_PAGE });
    expect(received.body).not.toHaveProperty('down_now');
    const open = received.body.outages.find((o) => o.ride_id === rideId && o.ongoing);
    expect(open).toMatchObject({
      status: 'DOWN',
      down_now: true,
      ended_at: null,
      started_at: new Date(downAt).toISOString(),
    });
    // Once the model is fitted, the open outage and the ride's live say when it is expected back.
    await server.app.context.services.reopening.refitIfStale();
    received = await receive<ParkOutagesTodayResponse>(await server.get(path));
    const estimated = received.body.outages.find((o) => o.ride_id === rideId && o.ongoing);
    const reopening = {
      expected_reopen_at: estimated?.expected_reopen_at,
      reopen_earliest: estimated?.reopen_earliest,
      reopen_latest: estimated?.reopen_latest,
    };
    expect(Object.values(reopening).every((at) => typeof at === 'string' && Date.parse(at) > downAt)).toBe(
      true,
    );
    const ride = await receive<RideDetailResponse>(await server.get(`/v1/rides/${rideId}`));
    expect(ride.body.live).toMatchObject({ status: 'DOWN', ...reopening });

    feeds.forced.set(rideId, 'BRIEF_DELAY');
    await advance(5);
    feeds.forced.delete(rideId);
    await advance(1);
    const endedAt = clock.now();
    const ridePath = `/v1/rides/${rideId}/outages?days=1`;
    const rideOutages = await receive<RideOutagesResponse>(await server.get(ridePath));
    expectSuccess(rideOutages, contract, ridePath, {
      maxAge: 60,
      attributionUrl: `${MK_PAGE}/rides/space-mountain`,
    });
    const [latest] = rideOutages.body.outages;
    expect(latest).toMatchObject({
      status: 'DOWN',
      ongoing: false,
      started_at: new Date(downAt).toISOString(),
      ended_at: new Date(endedAt).toISOString(),
      duration_minutes: 6,
      expected_reopen_at: null,
      reopen_earliest: null,
      reopen_latest: null,
    });
    received = await receive<ParkOutagesTodayResponse>(await server.get(path));
    const ended = received.body.outages.filter((o) => o.ride_id === rideId);
    expect(ended.length).toBeGreaterThan(0);
    expect(ended.every((o) => !o.down_now && !o.ongoing)).toBe(true);
  });

  it('lists today an outage still open from yesterday', async () => {
    const rideId = 'magic-kingdom_big-thunder-mountain-railroad';
    clock.set('2026-11-22T04:50:00Z'); // 23:50 in New York, park closed
    feeds.forced.set(rideId, 'DOWN');
    await server.app.ingest.refreshAll();
    clock.set('2026-11-22T14:00:00Z'); // 09:00 next morning, still down
    await server.app.ingest.refreshAll();
    const received = await receive<ParkOutagesTodayResponse>(await server.get('/v1/parks/mk/outages/today'));
    expect(received.body.date).toBe('2026-11-22');
    const outage = received.body.outages.find((o) => o.ride_id === rideId);
    expect(outage).toMatchObject({ started_at: '2026-11-22T04:50:00.000Z', ongoing: true, down_now: true });
    feeds.forced.delete(rideId);
    await server.app.ingest.refreshAll();
  });

  it.each([
    ['/v1/rides/magic-kingdom_space-mountain/history?days=0', /"days".*from 1 to 7/],
    ['/v1/rides/magic-kingdom_space-mountain/history?days=8', /"days".*from 1 to 7/],
    ['/v1/rides/magic-kingdom_space-mountain/outages?days=31', /"days".*from 1 to 30/],
    ['/v1/rides/magic-kingdom_space-mountain/outages?days=many', /"days".*integer from 1 to 30/],
  ])('rejects %s with the accepted range', async (path, message) => {
    expectError(await receive(await server.get(path)), contract, path, {
      status: 400,
      code: 'invalid_request',
      message,
    });
  });
});

describe('prepared /waits bodies', () => {
  it('answers If-None-Match with 304 until the snapshot changes', async () => {
    const first = await server.get('/v1/parks/epcot/waits');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('vary')).toBe('Accept-Encoding, Authorization, X-Service-Key');
    const again = await server.get('/v1/parks/epcot/waits', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('public, max-age=5');
    expect(await again.text()).toBe('');
    await advance(30);
    const changed = await server.get('/v1/parks/epcot/waits', { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it.each(['br', 'gzip'])('sends the same body %s-encoded to clients that accept it', async (encoding) => {
    const plain = await (
      await server.get('/v1/parks/epcot/waits', { headers: { 'accept-encoding': 'identity' } })
    ).text();
    const { request } = await import('undici');
    const response = await request(`${server.url}/v1/parks/epcot/waits`, {
      headers: { 'accept-encoding': encoding },
    });
    expect(response.headers['content-encoding']).toBe(encoding);
    const raw = Buffer.from(await response.body.arrayBuffer());
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const decoded = (encoding === 'br' ? brotliDecompressSync(raw) : gunzipSync(raw)).toString('utf8');
    expect(decoded).toBe(plain);
    expect(raw.length).toBeLessThan(plain.length / 3);
  });
});
