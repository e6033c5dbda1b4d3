/**
 * A discovered park whose feed publishes no schedule has unknown hours: on Queue-Times (which
 * publishes none) and on ThemeParks.wiki when the park's schedule document is missing (404), every
 * park endpoint answers 200 valid against the served OpenAPI, `/hours` gives no hours, and `/waits`
 * `park_status` follows the live rides.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { createKey } from '../support/keys.js';
import { receive } from '../support/expect-response.js';
import type { FakeUpstream } from '../support/fake-upstream.js';
import { OpenApiContract } from '../support/openapi.js';
import { queueTimesFixtures } from '../support/queue-times-all-parks.js';
import { startServer, type TestServer } from '../support/server.js';
import { wikiFixtures } from '../support/wiki-all-parks.js';

// Mid-morning in central Europe, when Europa-Park's fixture rides report operating.
const START = Date.parse('2026-11-28T10:30:00Z');
const WIKI_EUROPA_PARK = 'f3ab4b9d-82a4-52c2-a2ed-0045074ad199';

interface Run {
  /** GETs `path`, expecting 200 valid against the served OpenAPI. */
  readonly get: (path: string) => Promise<{ status: number; body: Record<string, unknown> }>;
  readonly raw: (path: string) => Promise<Response>;
}

function feedRun(
  feed: 'queue-times' | 'themeparks-wiki',
  upstream: FakeUpstream,
): { run: Run; start: () => Promise<void>; stop: () => Promise<void> } {
  let server: TestServer;
  let contract: OpenApiContract;
  let authorization = '';
  const run: Run = {
    raw: (path) => server.get(path, { headers: { authorization } }),
    get: async (path) => {
      const received = await receive(await server.get(path, { headers: { authorization } }));
      const text = `${path}: ${JSON.stringify(received.body).slice(0, 300)}`;
      expect(received.status, text).toBe(200);
      expect(contract.validate(path.split('?')[0] ?? path, received.status, received.body), text).toEqual([]);
      return { status: received.status, body: received.body };
    },
  };
  return {
    run,
    start: async () => {
      await upstream.start();
      server = await startServer({
        clock: new ManualClock(START),
        env: {
          FEED: feed,
          ...(feed === 'queue-times'
            ? { QUEUE_TIMES_URL: upstream.url }
            : { THEMEPARKS_WIKI_URL: upstream.url }),
          PARKS: 'Europa-Park',
          UPSTREAM_READ_BUDGET: '10000',
          COVERAGE_START: '2026-11-20',
        },
      });
      contract = await OpenApiContract.fetch(server.url);
      authorization = `Bearer ${await createKey(server.dataDir, 'partner')}`;
      await server.app.ingest.refreshAll();
    },
    stop: async () => {
      await server.close();
      await upstream.stop();
    },
  };
}

function unknownHoursSuite(
  name: string,
  feed: 'queue-times' | 'themeparks-wiki',
  upstream: FakeUpstream,
): void {
  const { run, start, stop } = feedRun(feed, upstream);
  beforeAll(start, 120_000);
  afterAll(stop, 120_000);

  describe(name, () => {
    it('gives no hours where none are published', async () => {
      const { body } = await run.get('/v1/parks/europa-park/hours?days=3');
      const days = body.days as {
        status: string;
        opens_at: unknown;
        closes_at: unknown;
        windows: unknown[];
      }[];
      expect(days).toHaveLength(3);
      for (const day of days) {
        expect(day).toMatchObject({ status: 'unknown', opens_at: null, closes_at: null, windows: [] });
      }
      expect(body.note).toMatch(/publishes no schedule/);
    });

    it('shows the park page without hours, not as closed', async () => {
      const page = await run.raw('/parks/europa-park');
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('Hours unavailable');
      expect(html).not.toContain('Closed today');
    });

    it('opens the park by its live rides', async () => {
      const { body } = await run.get('/v1/parks/europa-park/waits');
      const entries = body.entries as { status: string }[];
      expect(entries.length).toBeGreaterThan(0);
      const operating = entries.some((entry) => entry.status === 'OPERATING');
      expect(body.park_status).toBe(operating ? 'open' : 'closed');
      expect(operating).toBe(true);
    });

    it('answers priority lane, best times, crowds and a plan with a start and end', async () => {
      await run.get('/v1/parks/europa-park/priority-lane');
      await run.get('/v1/parks/europa-park/crowds');
      const { body } = await run.get('/v1/parks/europa-park/waits');
      const rides = (body.entries as { ride_id: string }[]).slice(0, 3).map((entry) => entry.ride_id);
      const best = await run.get(`/v1/rides/${rides[0]}/best-times`);
      // Unknown hours are not a closed day.
      expect(best.body.data_status).not.toBe('park_closed');
      await run.get(
        `/v1/parks/europa-park/plan?rides=${rides.join(',')}&start=11:00&end=17:00&date=2026-11-29`,
      );
      const withoutTimes = await receive(
        await run.raw(`/v1/parks/europa-park/plan?rides=${rides.join(',')}&date=2026-11-29`),
      );
      expect(withoutTimes.status).toBe(400);
      expect(JSON.stringify(withoutTimes.body)).toMatch(/publishes no hours: give start and end/);
    });
  });
}

unknownHoursSuite(
  'a Queue-Times park (no schedules published)',
  'queue-times',
  queueTimesFixtures().upstream,
);

const wiki = wikiFixtures().upstream.serve(`/v1/entity/${WIKI_EUROPA_PARK}/schedule`, {
  status: 404,
  body: { message: 'not found' },
});
unknownHoursSuite('a ThemeParks.wiki park without a schedule document', 'themeparks-wiki', wiki);
