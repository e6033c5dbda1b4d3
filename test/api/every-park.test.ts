/**
 * PARKS=all on FEED=themeparks-wiki against loopback fixtures of 73 parks (test/fixtures/feeds):
 * every park the feed describes is listed with its time zone, every endpoint of the served OpenAPI
 * for a park outside the ten (one east of UTC on a park-local date that is not the UTC date) answers
 * 200 with data or the spec's unavailable form, never a 5xx, its body valid against the served
 * OpenAPI (`support/every-endpoint.ts`), and a park the feed stops listing keeps its key and its
 * history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { localDate } from '../../src/lib/time.js';
import { endpointPaths, sweep } from '../support/every-endpoint.js';
import { receive } from '../support/expect-response.js';
import { createKey } from '../support/keys.js';
import { OpenApiContract } from '../support/openapi.js';
import { startServer, type TestServer } from '../support/server.js';
import { wikiFixtures } from '../support/wiki-all-parks.js';

const EUROPA = 'f3ab4b9d-82a4-52c2-a2ed-0045074ad199';
const TOKYO = 'f50a47fa-d3fc-5faf-99e2-d1b8105f219b';
// 23:30 UTC on the 27th is 08:30 on the 28th in Tokyo, open: the park-local date is not the UTC date.
const START = Date.parse('2026-11-27T23:30:00Z');
const clock = new ManualClock(START);
const { upstream, destinations, described: describedParks } = wikiFixtures();
const described = describedParks.length;

let server: TestServer;
let contract: OpenApiContract;
/** A partner key: the keyless limit would answer these many requests 429, hiding their bodies. */
let authorization = '';

function get(path: string): Promise<Response> {
  return server.get(path, { headers: { authorization } });
}

interface ParkBody {
  id: string;
  key: string;
  name: string;
  resort_key: string;
  time_zone: string;
}

async function getValid(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const received = await receive(await get(path));
  expect(received.status, `${path}: ${JSON.stringify(received.body).slice(0, 300)}`).toBeLessThan(500);
  expect(contract.validate(path, received.status, received.body), path).toEqual([]);
  return { status: received.status, body: received.body };
}

beforeAll(async () => {
  await upstream.start();
  server = await startServer({
    clock,
    env: {
      FEED: 'themeparks-wiki',
      THEMEPARKS_WIKI_URL: upstream.url,
      PARKS: 'all',
      // Hours of polling pass in seconds here; the read pace spaces reads in real time.
      UPSTREAM_READ_BUDGET: '10000',
      COVERAGE_START: '2026-11-20',
    },
  });
  contract = await OpenApiContract.fetch(server.url);
  authorization = `Bearer ${await createKey(server.dataDir, 'partner')}`;
  await server.app.ingest.refreshAll();
}, 120_000);
afterAll(async () => {
  await server.close();
  await upstream.stop();
}, 120_000);

describe('PARKS=all on ThemeParks.wiki', () => {
  it('lists the ten and every park the feed describes, each with its time zone', async () => {
    const { body } = await getValid('/v1/parks');
    const parks = body.parks as ParkBody[];
    const listed = destinations.destinations.flatMap((d) => d.parks).length;
    expect(listed).toBeGreaterThanOrEqual(50);
    expect(parks.length).toBeGreaterThanOrEqual(described);
    expect(parks.length).toBeGreaterThanOrEqual(50);
    expect(parks.find((p) => p.key === 'magic-kingdom')?.id).toBe('75ea578a-adc8-4116-a54d-dccb60765ef9');
    expect(parks.find((p) => p.id === TOKYO)).toMatchObject({
      key: 'tokyo-disneyland',
      time_zone: 'Asia/Tokyo',
    });
    expect(parks.find((p) => p.id === EUROPA)).toMatchObject({
      key: 'europa-park',
      time_zone: 'Europe/Berlin',
    });
    for (const park of parks) expect(park.time_zone).toMatch(/^[A-Za-z]+\/[A-Za-z_]+/);
  });

  it('serves a park east of UTC on its own date: its rides and its waits in the spec form', async () => {
    expect(localDate(clock.now(), 'Asia/Tokyo')).not.toBe(new Date(clock.now()).toISOString().slice(0, 10));
    const park = await getValid('/v1/parks/tokyo-disneyland/rides');
    expect(park.status).toBe(200);
    const waits = await getValid('/v1/parks/tokyo-disneyland/waits');
    expect(waits.status).toBe(200);
    expect(waits.body).toMatchObject({ park_key: 'tokyo-disneyland', time_zone: 'Asia/Tokyo' });
    const rides = (waits.body.entries as { ride_id: string }[]).map((entry) => entry.ride_id);
    expect(rides).toContain('tokyo-disneyland_big-thunder-mountain');
    expect(waits.body.data_status).toBe('live');
  });

  it('answers every endpoint for parks outside the ten with data or the unavailable form', async () => {
    const parks = (await getValid('/v1/parks')).body.parks as ParkBody[];
    // Tokyo is on the 28th while UTC is on the 27th, open; so is Europa-Park, just after midnight.
    for (const id of [TOKYO, EUROPA]) {
      const park = parks.find((listed) => listed.id === id);
      if (!park) throw new Error(`${id} expected in /v1/parks`);
      expect(localDate(clock.now(), park.time_zone)).toBe('2026-11-28');
      const rides = (await getValid(`/v1/parks/${park.key}/rides`)).body.rides as { id: string }[];
      const [first, second] = rides.map((ride) => ride.id);
      if (!first || !second) throw new Error(`${park.key}: two rides expected`);
      const paths = endpointPaths(contract, {
        park: park.key,
        name: park.name,
        resort: park.resort_key,
        rides: [first, second],
      });
      expect(paths.length).toBeGreaterThanOrEqual(27);
      const { failures, unavailable, answered } = await sweep(
        (path, signal) => server.get(path, { headers: { authorization }, signal }),
        contract,
        paths,
      );
      expect(failures, park.key).toEqual([]);
      expect(answered, park.key).toBeGreaterThan(15);
      // ThemeParks.wiki publishes these parks' hours: a plan runs within them.
      expect(
        unavailable.filter((entry) => entry.includes('/plan?')),
        park.key,
      ).toEqual([]);
      // Every date the park's answers carry is its own park-local date, not the UTC date.
      const dated = {
        hours: (await getValid(`/v1/parks/${park.key}/hours`)).body.days as { date: string }[],
        showtimes: (await getValid(`/v1/parks/${park.key}/showtimes`)).body.date,
        bestTimes: (await getValid(`/v1/rides/${first}/best-times`)).body.date,
        plan: (await getValid(`/v1/parks/${park.key}/plan?rides=${first},${second}`)).body.date,
      };
      expect(dated.hours[0]?.date, park.key).toBe('2026-11-28');
      expect([dated.showtimes, dated.bestTimes, dated.plan], park.key).toEqual([
        '2026-11-28',
        '2026-11-28',
        '2026-11-28',
      ]);
      // Nothing recorded yet: reliability says why it has no figures.
      expect(
        unavailable.find((entry) => entry.includes('/reliability:')),
        park.key,
      ).toMatch(/no ride observed in an open park yet/i);
      // No source provides tickets, reservations, hotels or event nights for a discovered park.
      for (const family of ['tickets', 'park-availability', 'hotel-availability', 'events']) {
        expect(
          unavailable.find((entry) => entry.includes(`/${family}:`)),
          `${park.key} ${family}`,
        ).toMatch(/no source/i);
      }
    }
  }, 240_000);

  it('keeps a park the feed stops listing: its key, its page and its history', async () => {
    const without = {
      destinations: destinations.destinations.map((d) => ({
        ...d,
        parks: d.parks.filter((p) => p.id !== EUROPA),
      })),
    };
    upstream.serve('/v1/destinations', { body: without });
    await server.app.catalogRefresh?.refresh();
    const { body } = await getValid('/v1/parks');
    expect((body.parks as ParkBody[]).find((p) => p.id === EUROPA)?.key).toBe('europa-park');
    expect((await getValid('/v1/parks/europa-park/rides')).status).toBe(200);
    expect((await getValid('/v1/rides/europa-park_blue-fire-megacoaster/history')).status).toBeLessThan(300);
  });
});
