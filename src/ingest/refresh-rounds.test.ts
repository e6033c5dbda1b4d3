/**
 * One park whose upstream hangs or fails does not hold the others: on a real feed read through a
 * loopback fake upstream, every other park stays live within the freshness window each round.
 */
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeUpstream, fixture } from '../../test/support/fake-upstream.js';
import { Catalog } from '../catalog/catalog.js';
import { UpstreamClient } from '../feeds/http/upstream-client.js';
import { QueueTimesFeed } from '../feeds/queue-times/index.js';
import { createSimulatedFeeds } from '../feeds/sim/index.js';
import { ManualClock } from '../lib/clock.js';
import { LiveState } from '../live/live-state.js';
import { LocalBus } from '../shared-state/bus.js';
import { openInMemorySqliteStore } from '../store/sqlite/open-sqlite-store.js';
import { Ingest, POLL_INTERVAL_MS } from './ingest.js';

const catalog = Catalog.load();
const [hanging, failing] = catalog.parks;
const upstream = new FakeUpstream();
const ROUND_WAIT_MS = 1_500;

beforeAll(async () => {
  for (const park of catalog.parks) {
    const path = `/parks/${park.queue_times_id}/queue_times.json`;
    if (park === hanging)
      upstream.serve(path, { body: fixture('queuetimes-queue_times.json'), delayMs: 8_000 });
    else if (park === failing) upstream.serve(path, { status: 500, body: 'down' });
    else upstream.serveFixture(path, 'queuetimes-queue_times.json');
  }
  await upstream.start();
});
afterAll(async () => {
  await upstream.stop();
});

describe('live rounds with one park failing', () => {
  it('keeps every other park live, and marks the failing ones unavailable alone', async () => {
    if (!hanging || !failing) throw new Error('the catalog has too few parks');
    const clock = new ManualClock(Date.parse('2026-10-03T15:03:00Z'));
    const client = new UpstreamClient({
      feed: 'queue-times',
      label: 'Queue-Times',
      baseUrl: upstream.url,
      userAgent: 'queuecast-test (ops@example.com)',
      clock,
      timeoutMs: 5_000,
      backoffMs: 20,
    });
    // Read every round, so each round is a real request per park.
    const feed = new QueueTimesFeed({ client, catalog, clock, intervalMs: 1 });
    const live = new LiveState(clock);
    const ingest = new Ingest({
      catalog,
      liveQueues: feed,
      schedule: createSimulatedFeeds(catalog).schedule,
      store: await openInMemorySqliteStore(),
      live,
      bus: new LocalBus(),
      clock,
      logger: pino({ level: 'silent' }),
      coverageStart: '2026-10-01',
      parkRoundWaitMs: ROUND_WAIT_MS,
    });
    await ingest.resume();
    const others = catalog.parks.filter((park) => park !== hanging && park !== failing);
    for (let round = 0; round < 4; round++) {
      const started = performance.now();
      await ingest.refreshAll();
      // Well under the hanging park's 5 s timeout: the round did not wait for it.
      expect(performance.now() - started).toBeLessThan(ROUND_WAIT_MS + 1_500);
      for (const park of others) expect(live.view(park.key).data_status, park.key).toBe('live');
      expect(live.view(failing.key).data_status).toBe('unavailable');
      clock.advance(POLL_INTERVAL_MS);
    }
    await ingest.stop();
    // The hanging read timed out on its own and marked its park unavailable, not the others.
    expect(live.view(hanging.key).data_status).toBe('unavailable');
    expect(live.view(hanging.key).reason).toMatch(/did not answer within 5000 ms/);
    for (const park of others) expect(live.view(park.key).data_status).toBe('live');
  }, 20_000);
});
