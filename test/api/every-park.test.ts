/**
 * PARKS=all on FEED=themeparks-wiki against loopback fixtures of 73 parks (test/fixtures/feeds):
 * every park the feed describes is listed with its time zone, a park outside the ten answers its
 * endpoints with data or the spec's unavailable form and never a 5xx, bodies valid against the
 * served OpenAPI, and a park the feed stops listing keeps its key and its history.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { localDate } from '../../src/lib/time.js';
import { receive } from '../support/expect-response.js';
import { createKey } from '../support/keys.js';
import { FakeUpstream } from '../support/fake-upstream.js';
import { OpenApiContract } from '../support/openapi.js';
import { startServer, type TestServer } from '../support/server.js';

const FIXTURES = new URL('../fixtures/feeds/themeparks-wiki/', import.meta.url);
const read = (name: string): unknown => JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8'));
const EUROPA = 'f3ab4b9d-82a4-52c2-a2ed-0045074ad199';
const TOKYO = 'f50a47fa-d3fc-5faf-99e2-d1b8105f219b';
// 23:30 UTC on the 27th is 08:30 on the 28th in Tokyo, open: the park-local date is not the UTC date.
const START = Date.parse('2026-11-27T23:30:00Z');
const clock = new ManualClock(START);

interface Destinations {
  destinations: { id: string; name: string; parks: { id: string; name: string }[] }[];
}
const destinations = read('destinations.json') as Destinations;
const upstream = new FakeUpstream().serve('/v1/destinations', { body: destinations });
for (const file of readdirSync(new URL('entity/', FIXTURES))) {
  const [id, part] = file.replace(/\.json$/, '').split('.');
  upstream.serve(`/v1/entity/${id}${part ? `/${part}` : ''}`, { body: read(`entity/${file}`) });
}
const described = readdirSync(new URL('entity/', FIXTURES)).filter((f) =>
  /^[0-9a-f-]+\.json$/.test(f),
).length;

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

  it('answers every park and ride endpoint for a park outside the ten: 200, valid', async () => {
    const rides = await getValid('/v1/parks/europa-park/rides');
    const ride = (rides.body.rides as { id: string }[])[0]?.id ?? '';
    expect(ride).toBe('europa-park_blue-fire-megacoaster');
    const templates = Object.keys(contract.document.paths ?? {}).filter(
      (path) => !path.includes('stream') && contract.document.paths?.[path]?.get,
    );
    const failures: string[] = [];
    for (const template of templates) {
      if (!template.includes('{park}') && !template.includes('{ride}')) continue;
      if (template.includes('{resort}')) continue;
      const path = template.replace('{park}', 'europa-park').replace('{ride}', ride);
      const query = path.endsWith('/plan') ? `?rides=${ride}` : '';
      const received = await receive(await get(`${path}${query}`));
      const problems = contract.validate(path, received.status, received.body);
      if (received.status !== 200 || problems.length > 0) {
        failures.push(
          `${path}: ${received.status} ${problems.join('; ')} ${JSON.stringify(received.body).slice(0, 200)}`,
        );
      }
    }
    expect(failures).toEqual([]);
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
