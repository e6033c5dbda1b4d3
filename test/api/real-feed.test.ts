/**
 * End to end with FEED=themeparks-wiki: the real server reads a loopback fake of ThemeParks.wiki
 * serving the recorded payloads (../shared/fixtures), and serves /waits, the streams, the priority
 * lane and history from them as it does from the simulator; a park whose upstream fails shows no
 * numbers and its stream subscribers get the spec's error and close. History starts at the first
 * start: nothing is backfilled from a real feed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriorityLaneResponse } from '../../src/api/routes/parks/get-priority-lane.js';
import { ManualClock } from '../../src/lib/clock.js';
import { expectSuccess, receive } from '../support/expect-response.js';
import { FakeUpstream, fixture } from '../support/fake-upstream.js';
import { OpenApiContract } from '../support/openapi.js';
import { SITE_URL, startServer, type TestServer } from '../support/server.js';
import { RawResponse, WsClient, sseBlocks } from '../stream/support/clients.js';

const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
const USF = 'eb3f4560-2383-4a36-9152-6b3e5ed6bc57';
const START = Date.parse('2026-10-03T15:03:00Z'); // 11:03 in Orlando
const USER_AGENT = 'queuecast-e2e (ops@queuecast.test)';
const clock = new ManualClock(START);
const upstream = new FakeUpstream()
  .serveFixture(`/v1/entity/${MK}/live`, 'themeparkswiki-live.json')
  .serveFixture(`/v1/entity/${MK}/schedule`, 'themeparkswiki-schedule.json')
  .serveFixture(`/v1/entity/${USF}/live`, 'themeparkswiki-live-universal.json')
  .serveFixture(`/v1/entity/${USF}/schedule`, 'themeparkswiki-schedule-universal.json');
let server: TestServer;
let contract: OpenApiContract;

interface WaitsBody {
  data_status: string;
  refreshed_at: string | null;
  entries: {
    ride_id: string;
    status: string;
    standby_wait_minutes: number | null;
    priority_lane: { type: string; return_start: string | null; price: number | null } | null;
  }[];
}

async function get<T extends object>(path: string, page = 'parks/magic-kingdom', maxAge = 5) {
  const received = await receive<T>(await server.get(path));
  expectSuccess(received, contract, path, { maxAge, attributionUrl: `${SITE_URL}/${page}` });
  return received.body;
}

/** Past the adapter's shared live interval, then one ingest round. */
async function refresh(ms = 31_000): Promise<void> {
  clock.advance(ms);
  await server.app.ingest.refreshAll();
}

beforeAll(async () => {
  await upstream.start();
  server = await startServer({
    clock,
    env: {
      FEED: 'themeparks-wiki',
      THEMEPARKS_WIKI_URL: upstream.url,
      UPSTREAM_USER_AGENT: USER_AGENT,
      // Hours of polling pass in seconds here; the read pace spaces reads in real time.
      UPSTREAM_READ_BUDGET: '10000',
      // Coverage began long before: a simulator would backfill it, a real feed must not.
      COVERAGE_START: '2026-09-28',
    },
  });
  contract = await OpenApiContract.fetch(server.url);
});
afterAll(async () => {
  await server.close();
  await upstream.stop();
});

describe('FEED=themeparks-wiki against a fake upstream', () => {
  it('names its sources on /v1 and reads politely: our User-Agent, one read per park per interval', async () => {
    const index = (await (await server.get('/v1')).json()) as { attribution_rule: string };
    expect(index.attribution_rule).toMatch(/live queues.*from ThemeParks\.wiki/);
    expect(index.attribution_rule).toMatch(/everything else.*simulated/);
    expect(upstream.requests.every((r) => r.userAgent === USER_AGENT)).toBe(true);
    const before = upstream.count(`/v1/entity/${MK}/live`);
    await Promise.all([1, 2, 3].map(() => server.get('/v1/parks/magic-kingdom/showtimes')));
    await server.app.ingest.refreshAll();
    expect(upstream.count(`/v1/entity/${MK}/live`)).toBe(before);
  });

  it('serves /waits from the fixture', async () => {
    const body = await get<WaitsBody>('/v1/parks/magic-kingdom/waits');
    expect(body.data_status).toBe('live');
    const byId = new Map(body.entries.map((e) => [e.ride_id, e]));
    expect(byId.get('magic-kingdom_seven-dwarfs-mine-train')).toMatchObject({
      status: 'OPERATING',
      standby_wait_minutes: 70,
    });
    expect(byId.get('magic-kingdom_space-mountain')?.standby_wait_minutes).toBe(45);
    // Upstream stamps with park-local offsets come out as UTC with milliseconds and Z.
    expect(byId.get('magic-kingdom_space-mountain')?.priority_lane).toMatchObject({
      type: 'multi_pass',
      return_start: '2026-10-03T17:20:00.000Z',
    });
    expect(byId.get('magic-kingdom_seven-dwarfs-mine-train')?.priority_lane).toMatchObject({
      type: 'single_pass',
      return_start: '2026-10-03T18:35:00.000Z',
      price: 13,
    });
    // Fresh as of our read, not the PARK row's stale 2024 lastUpdated.
    expect(body.refreshed_at).toBe(new Date(START).toISOString());
    expect(byId.get('magic-kingdom_haunted-mansion')).toMatchObject({
      status: 'DOWN',
      standby_wait_minutes: null,
    });
    expect(byId.get('magic-kingdom_big-thunder-mountain-railroad')?.status).toBe('REFURBISHMENT');
    // A queued ride the upstream does not report is listed without numbers.
    expect(byId.get('magic-kingdom_jungle-cruise')).toMatchObject({
      status: 'unavailable',
      standby_wait_minutes: null,
    });
  });

  it("serves best times' operator_forecast from the live payload's hourly forecast, with no read of its own on the leader", async () => {
    type BestTimes = {
      date: string;
      operator_forecast: { hour: number; local_time: string; forecast_wait_minutes: number }[];
    };
    const reads = upstream.count(`/v1/entity/${MK}/live`);
    const sdmt = await get<BestTimes>(
      '/v1/rides/magic-kingdom_seven-dwarfs-mine-train/best-times?date=2026-10-03',
      'parks/magic-kingdom/rides/seven-dwarfs-mine-train',
      300,
    );
    // The fixture's hours, stamped with park-local offsets, land on Orlando's 09:00 to 11:00.
    expect(sdmt.operator_forecast).toEqual([
      { hour: 9, local_time: '09:00', forecast_wait_minutes: 45 },
      { hour: 10, local_time: '10:00', forecast_wait_minutes: 60 },
      { hour: 11, local_time: '11:00', forecast_wait_minutes: 75 },
    ]);
    // A ride without a forecast upstream, and another day: none.
    const space = await get<BestTimes>(
      '/v1/rides/magic-kingdom_space-mountain/best-times?date=2026-10-03',
      'parks/magic-kingdom/rides/space-mountain',
      300,
    );
    expect(space.operator_forecast).toEqual([]);
    const tomorrow = await get<BestTimes>(
      '/v1/rides/magic-kingdom_seven-dwarfs-mine-train/best-times?date=2026-10-04',
      'parks/magic-kingdom/rides/seven-dwarfs-mine-train',
      300,
    );
    expect(tomorrow.operator_forecast).toEqual([]);
    expect(upstream.count(`/v1/entity/${MK}/live`)).toBe(reads);
    // A date past the published schedule: the hours are unknown, said as a 503, not a crash.
    const later = await server.get(
      '/v1/rides/magic-kingdom_seven-dwarfs-mine-train/best-times?date=2026-10-20',
    );
    expect(later.status).toBe(503);
    expect(((await later.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'upstream_unavailable',
      message: expect.stringMatching(/schedule from 2026-10-03 to 2026-10-05/) as unknown,
    });
  });

  it("the docs name each family's source and the Universal fold", async () => {
    for (const path of ['/docs', '/docs.md']) {
      const text = await (await server.get(path)).text();
      expect(text, path).toMatch(/live queues \(waits, statuses, return windows\): from ThemeParks\.wiki/);
      expect(text, path).toMatch(/reports the Universal parks.{1,8} brief and weather delays as DOWN/);
      expect(text, path).toMatch(/crowds, predictions.*\): simulated/);
    }
  });

  it('pages and docs carry no Queue-Times credit when Queue-Times is not the source', async () => {
    for (const path of [
      '/',
      '/parks/magic-kingdom',
      '/parks/magic-kingdom/rides/seven-dwarfs-mine-train',
      '/docs',
      '/docs.md',
    ]) {
      const response = await server.get(path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).not.toMatch(/Queue-Times/);
    }
  });

  it("serves today's showtimes from the live payload, and another date's as unavailable", async () => {
    type Showtimes = { data_status: string; showtimes: { show_id: string; start_at: string }[] };
    const today = (await (
      await server.get('/v1/parks/universal-studios-florida/showtimes')
    ).json()) as Showtimes;
    expect(today.data_status).toBe('published');
    expect(today.showtimes).toEqual([
      expect.objectContaining({
        show_id: 'universal-studios-florida_the-bourne-stuntacular',
        start_at: '2026-10-03T16:00:00.000Z',
      }),
    ]);
    const later = (await (
      await server.get('/v1/parks/universal-studios-florida/showtimes?date=2026-10-04')
    ).json()) as Showtimes;
    expect(later).toMatchObject({ data_status: 'unavailable', showtimes: [] });
  });

  it('serves the priority lane from the schedule purchases, its feed naming the Universal fold', async () => {
    const mk = await get<PriorityLaneResponse>('/v1/parks/magic-kingdom/priority-lane');
    expect(mk.feed).toBe('themeparks-wiki');
    expect(mk.prices.find((p) => p.product === 'multi_pass')?.price).toBe(37);
    const usf = await get<PriorityLaneResponse>(
      '/v1/parks/universal-studios-florida/priority-lane',
      'parks/universal-studios-florida',
    );
    expect(usf.feed).toMatch(/delays reported as DOWN/);
  });

  it('records history from the first start on, and the next change', async () => {
    const payload = fixture('themeparkswiki-live.json') as {
      liveData: { name: string; queue?: { STANDBY?: { waitTime: number } } }[];
    };
    const sdmt = payload.liveData.find((row) => row.name === 'Seven Dwarfs Mine Train');
    if (sdmt?.queue?.STANDBY) sdmt.queue.STANDBY.waitTime = 85;
    upstream.serve(`/v1/entity/${MK}/live`, { body: payload });
    await refresh();
    const history = await get<{ changes: { at: string; standby_wait_minutes: number | null }[] }>(
      '/v1/rides/magic-kingdom_seven-dwarfs-mine-train/history?days=1',
      'parks/magic-kingdom/rides/seven-dwarfs-mine-train',
      60,
    );
    expect(history.changes.map((c) => c.standby_wait_minutes)).toEqual([70, 85]);
    expect(Date.parse(history.changes[0]?.at ?? '')).toBe(START);
  });

  it("answers 503 upstream_limit with the upstream's Retry-After when it asks us to slow down", async () => {
    upstream.serve(`/v1/entity/${USF}/schedule`, {
      status: 429,
      body: 'slow down',
      headers: { 'retry-after': '90' },
    });
    // Past the shared schedule interval, so the next hours request needs a fresh read.
    clock.advance(11 * 60_000);
    const first = await server.get('/v1/parks/universal-studios-florida/hours');
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('90');
    const body = (await first.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('upstream_limit');
    expect(body.error.message).toMatch(/slow down/);
    const reads = upstream.count(`/v1/entity/${USF}/schedule`);
    clock.advance(30_000);
    const second = await server.get('/v1/parks/universal-studios-florida/priority-lane');
    expect(second.status).toBe(503);
    expect(second.headers.get('retry-after')).toBe('60');
    // Nothing was sent while the upstream's Retry-After held.
    expect(upstream.count(`/v1/entity/${USF}/schedule`)).toBe(reads);
    upstream.serveFixture(`/v1/entity/${USF}/schedule`, 'themeparkswiki-schedule-universal.json');
    clock.advance(61_000);
    await server.app.ingest.refreshAll();
  });

  it('a park whose upstream fails: no numbers, WebSocket error then 1013, SSE error then the end', async () => {
    const ws = await WsClient.open(`${server.url.replace(/^http/, 'ws')}/v1/stream`);
    await ws.expect('ready');
    await ws.subscribe(['magic-kingdom']);
    const sse = await RawResponse.get(`${server.url}/v1/parks/magic-kingdom/waits/stream`);
    await sse.until((text) => text.includes('"snapshot"'));

    const bestTimes = async () =>
      (
        await get<{ operator_forecast: unknown[] }>(
          '/v1/rides/magic-kingdom_seven-dwarfs-mine-train/best-times?date=2026-10-03',
          'parks/magic-kingdom/rides/seven-dwarfs-mine-train',
          300,
        )
      ).operator_forecast;
    expect(await bestTimes()).toHaveLength(3);

    upstream.serve(`/v1/entity/${MK}/live`, { status: 502, body: 'bad gateway' });
    await refresh();

    const error = await ws.until('error');
    expect(error).toMatchObject({ code: 'upstream_unavailable', park_key: 'magic-kingdom' });
    expect(await ws.closed).toEqual({ code: 1013, reason: 'upstream_unavailable' });
    await sse.until((text) => text.includes('upstream_unavailable'));
    await sse.ended;
    expect(sseBlocks(sse.text).some((block) => block.includes('"type":"error"'))).toBe(true);

    const waits = await get<WaitsBody>('/v1/parks/magic-kingdom/waits');
    expect(waits.data_status).toBe('unavailable');
    for (const entry of waits.entries) expect(entry.standby_wait_minutes).toBeNull();
    // Universal, read from its own upstream path, carries on.
    expect(
      (await get<WaitsBody>('/v1/parks/universal-studios-florida/waits', 'parks/universal-studios-florida'))
        .data_status,
    ).toBe('live');
    expect(server.logs.some((line) => line.includes('upstream refresh failed'))).toBe(true);
    // The operator forecast kept from the last good read is gone too, within the body's max-age.
    expect(await bestTimes()).toEqual([]);
  });

  it('predicts best times from the first recorded day on: a fresh deployment waits no weeks', async () => {
    upstream.serveFixture(`/v1/entity/${MK}/live`, 'themeparkswiki-live.json');
    // Polling through the rest of the first day and into the next morning (every 30 minutes).
    const nextMorning = Date.parse('2026-10-04T15:00:00Z'); // 11:00 in Orlando
    while (clock.now() < nextMorning) await refresh(30 * 60_000);
    const park = server.app.context.catalog.park('magic-kingdom');
    if (!park) throw new Error('Magic Kingdom expected in the catalog');
    await server.app.context.services.models.recompute(park);
    const body = await get<{
      date: string;
      data_status: string;
      predicted_hours: { park_closed: boolean; predicted_wait_minutes: number; upper_bound: number }[];
    }>(
      '/v1/rides/magic-kingdom_seven-dwarfs-mine-train/best-times',
      'parks/magic-kingdom/rides/seven-dwarfs-mine-train',
      300,
    );
    expect(body).toMatchObject({ date: '2026-10-04', data_status: 'predicted' });
    const open = body.predicted_hours.filter((hour) => !hour.park_closed);
    expect(open.length).toBeGreaterThan(6);
    for (const hour of open) {
      expect(hour.predicted_wait_minutes).toBeGreaterThan(0);
      expect(hour.upper_bound).toBeGreaterThan(hour.predicted_wait_minutes);
    }
  });
});
