/**
 * A discovered park whose feed publishes no schedule has unknown hours: on Queue-Times (which
 * publishes none) and on ThemeParks.wiki when the park's schedule document is missing (404), every
 * park endpoint answers 200 valid against the served OpenAPI, `/hours` gives no hours, `/waits`
 * `park_status` follows the live rides, and a plan without a start and end runs within the hours
 * the park's rides were recorded operating on that weekday (the previous Saturday, 10:00-18:00,
 * recorded through the same feed), or answers the unavailable form where none are recorded.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParkPlanAnswer } from '../../src/api/routes/parks/get-plan.js';
import { ManualClock } from '../../src/lib/clock.js';
import { isoTimestamp } from '../../src/lib/time.js';
import { createKey } from '../support/keys.js';
import { receive } from '../support/expect-response.js';
import type { FakeUpstream } from '../support/fake-upstream.js';
import { OpenApiContract } from '../support/openapi.js';
import { queueTimesFixtures } from '../support/queue-times-all-parks.js';
import { startServer, type TestServer } from '../support/server.js';
import { wikiFixtures } from '../support/wiki-all-parks.js';

// Mid-morning of a Saturday in central Europe, when Europa-Park's fixture rides report operating.
const START = Date.parse('2026-11-28T10:30:00Z');
// The Saturday before, recorded: closed at 09:00, operating from 10:00 to 18:00 (Berlin, UTC+1).
const RECORDED = [
  { at: '2026-11-21T08:00:00Z', open: false },
  { at: '2026-11-21T09:00:00Z', open: true },
  { at: '2026-11-21T17:00:00Z', open: false },
] as const;
const WIKI_EUROPA_PARK = 'f3ab4b9d-82a4-52c2-a2ed-0045074ad199';
const FIXTURES = new URL('../fixtures/feeds/', import.meta.url);

/** A feed's live document for Europa-Park: where it is served, and its fixture as of a moment. */
interface LiveDocument {
  readonly path: string;
  at(open: boolean, moment: number): unknown;
}

function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as Record<string, unknown>;
}

const queueTimesLive: LiveDocument = {
  path: '/parks/400/queue_times.json',
  at(open, moment) {
    type Ride = { wait_time: number };
    type Land = { rides: Ride[] };
    const body = fixture('queue-times/queue_times/400.json') as { lands: Land[]; rides: Ride[] };
    const ride = (entry: Ride) => ({
      ...entry,
      is_open: open,
      wait_time: open ? entry.wait_time : 0,
      last_updated: isoTimestamp(moment),
    });
    return {
      lands: body.lands.map((land) => ({ ...land, rides: land.rides.map(ride) })),
      rides: body.rides.map(ride),
    };
  },
};

const wikiLive: LiveDocument = {
  path: `/v1/entity/${WIKI_EUROPA_PARK}/live`,
  at(open, moment) {
    const body = fixture(`themeparks-wiki/entity/${WIKI_EUROPA_PARK}.live.json`) as {
      liveData: Record<string, unknown>[];
    };
    return {
      ...body,
      liveData: body.liveData.map((entry) => ({
        ...entry,
        status: open ? 'OPERATING' : 'CLOSED',
        lastUpdated: isoTimestamp(moment),
      })),
    };
  },
};

interface Run {
  /** GETs `path`, expecting 200 valid against the served OpenAPI. */
  readonly get: (path: string) => Promise<{ status: number; body: Record<string, unknown> }>;
  readonly raw: (path: string) => Promise<Response>;
}

function feedRun(
  feed: 'queue-times' | 'themeparks-wiki',
  upstream: FakeUpstream,
  live: LiveDocument,
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
      const clock = new ManualClock(Date.parse(RECORDED[0].at));
      upstream.serve(live.path, { body: live.at(false, clock.now()) });
      await upstream.start();
      server = await startServer({
        clock,
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
      for (const { at, open } of RECORDED) {
        clock.set(at);
        upstream.serve(live.path, { body: live.at(open, clock.now()) });
        await server.app.ingest.refreshAll();
      }
      clock.set(START);
      upstream.serve(live.path, { body: live.at(true, START) });
      await server.app.ingest.refreshAll();
      const park = server.app.context.catalog.park('europa-park');
      if (!park) throw new Error('Europa-Park expected in the catalog');
      await server.app.context.services.models.recompute(park);
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
  live: LiveDocument,
): void {
  const { run, start, stop } = feedRun(feed, upstream, live);
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

    it('shows the park page saying no hours are published, not unavailable and not closed', async () => {
      const page = await run.raw('/parks/europa-park');
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('No hours published: open while its rides operate');
      expect(html).toContain(
        'No hours are published for this park: it counts as open while its rides operate.',
      );
      expect(html).not.toContain('Hours unavailable');
      expect(html).not.toContain('Closed today');
      const home = await (await run.raw('/')).text();
      expect(home).toContain('No hours published: open while its rides operate');
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
      const rides = await planRides();
      const best = await run.get(`/v1/rides/${rides[0]}/best-times`);
      // Unknown hours are not a closed day.
      expect(best.body.data_status).not.toBe('park_closed');
      const given = await plan(`rides=${rides.join(',')}&start=11:00&end=17:00&date=2026-11-29`);
      expect(given).toMatchObject({
        data_status: 'available',
        start_at: '2026-11-29T10:00:00.000Z',
        end_at: '2026-11-29T16:00:00.000Z',
      });
      expect(given.note).toMatch(/publishes no hours: the plan runs from the start given to the end given/);
    });

    it('plans within the hours recorded on that weekday where no start or end is given', async () => {
      const rides = (await planRides()).join(',');
      // Today after the recorded opening: from now to the recorded closing.
      const today = await plan(`rides=${rides}`);
      expect(today).toMatchObject({
        date: '2026-11-28',
        data_status: 'available',
        start_at: isoTimestamp(START),
        end_at: '2026-11-28T17:00:00.000Z',
      });
      expect(today.note).toMatch(
        /from 10:00 \(when its rides are recorded opening on Saturdays\) to 18:00 \(when its rides are recorded closing on Saturdays\)\./,
      );
      expect([...today.steps, ...today.not_planned].length).toBe(2);
      const later = await plan(`rides=${rides}&date=2026-12-05`);
      expect(later).toMatchObject({
        data_status: 'available',
        start_at: '2026-12-05T09:00:00.000Z',
        end_at: '2026-12-05T17:00:00.000Z',
      });
      // A party's own end still applies, with the recorded opening.
      const early = await plan(`rides=${rides}&date=2026-12-05&end=13:00`);
      expect(early).toMatchObject({
        start_at: '2026-12-05T09:00:00.000Z',
        end_at: '2026-12-05T12:00:00.000Z',
      });
    });

    it('answers the unavailable form where no hours are recorded for the weekday', async () => {
      const rides = (await planRides()).join(',');
      const sunday = await plan(`rides=${rides}&date=2026-11-29`);
      expect(sunday).toMatchObject({
        date: '2026-11-29',
        data_status: 'unavailable',
        start_at: null,
        end_at: null,
        steps: [],
        not_planned: [],
        totals: null,
        method: null,
      });
      expect(sunday.note).toMatch(
        /publishes no hours, and none are recorded yet for a Sunday: give start and end/,
      );
      const page = await (await run.raw(`/parks/europa-park/plan?rides=${rides}&date=2026-11-29`)).text();
      expect(page).toContain('none are recorded yet for a Sunday');
      const planned = await (await run.raw(`/parks/europa-park/plan?rides=${rides}`)).text();
      expect(planned).toContain('id="plan-hours"');
    });
  });

  async function planRides(): Promise<string[]> {
    const { body } = await run.get('/v1/parks/europa-park/waits');
    return (body.entries as { ride_id: string }[]).slice(0, 2).map((entry) => entry.ride_id);
  }

  async function plan(query: string): Promise<ParkPlanAnswer> {
    return (await run.get(`/v1/parks/europa-park/plan?${query}`)).body as unknown as ParkPlanAnswer;
  }
}

unknownHoursSuite(
  'a Queue-Times park (no schedules published)',
  'queue-times',
  queueTimesFixtures().upstream,
  queueTimesLive,
);

const wiki = wikiFixtures().upstream.serve(`/v1/entity/${WIKI_EUROPA_PARK}/schedule`, {
  status: 404,
  body: { message: 'not found' },
});
unknownHoursSuite('a ThemeParks.wiki park without a schedule document', 'themeparks-wiki', wiki, wikiLive);
