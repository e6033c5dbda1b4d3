/**
 * PARKS=all on the ThemeParks.wiki loopback fixtures: a park the feed discovered (Europa-Park) and
 * its resort answer every family endpoint with the feed's data, their own recorded history, or the
 * spec's unavailable form where no source provides the family (catalog/families.ts), never a 5xx
 * and never numbers simulated for another park; a discovered park the feed has no live or schedule
 * document for answers its crowds without a 5xx; and the spec's ten keep every family.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOVERED_FAMILIES_TEXT } from '../../src/catalog/families.js';
import { ManualClock } from '../../src/lib/clock.js';
import { receive } from '../support/expect-response.js';
import { createKey } from '../support/keys.js';
import { OpenApiContract } from '../support/openapi.js';
import { startServer, type TestServer } from '../support/server.js';
import { wikiFixtures } from '../support/wiki-all-parks.js';

// 23:30 UTC: morning in Tokyo, night in Europe and America.
const clock = new ManualClock(Date.parse('2026-11-27T23:30:00Z'));
const fixtures = wikiFixtures();
const EUROPA = 'f3ab4b9d-82a4-52c2-a2ed-0045074ad199';
const BLUE_FIRE = 'europa-park_blue-fire-megacoaster';
const NAMED_DAYS = ['holiday', 'school_break', 'event_night'];

let server: TestServer;
let contract: OpenApiContract;
let key: string;
/** A discovered park the fixtures describe but hold no live or schedule document for. */
let bare: { key: string; resort_key: string; rides: string[] };

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** The answer, which must be no 5xx and valid against the served OpenAPI document. */
async function get(path: string): Promise<Answer> {
  const received = await receive(await server.get(path, { headers: { authorization: `Bearer ${key}` } }));
  const shown = `${path}: ${received.status} ${JSON.stringify(received.body).slice(0, 300)}`;
  expect(received.status, shown).toBeLessThan(500);
  expect(contract.validate(path.split('?')[0] ?? path, received.status, received.body), shown).toEqual([]);
  return { status: received.status, body: received.body };
}

async function ok(path: string): Promise<Record<string, unknown>> {
  const { status, body } = await get(path);
  expect(status, `${path}: ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
  return body;
}

beforeAll(async () => {
  await fixtures.upstream.start();
  server = await startServer({
    clock,
    env: {
      FEED: 'themeparks-wiki',
      THEMEPARKS_WIKI_URL: fixtures.upstream.url,
      PARKS: 'all',
      UPSTREAM_READ_BUDGET: '10000',
      COVERAGE_START: '2026-11-20',
    },
  });
  key = await createKey(server.dataDir, 'partner');
  contract = await OpenApiContract.fetch(server.url);
  await server.app.ingest.refreshAll();
  const specIds = new Set(
    server.app.context.catalog.parks.filter((park) => park.discovered === undefined).map((park) => park.id),
  );
  const parks = (await ok('/v1/parks')).parks as { id: string; key: string; resort_key: string }[];
  const found = parks.find(
    (park) =>
      !specIds.has(park.id) &&
      fixtures.described.includes(park.id) &&
      !fixtures.withLiveData.includes(park.id),
  );
  if (!found) throw new Error('a described park without live data expected in the fixtures');
  const rides = (await ok(`/v1/parks/${found.key}/rides`)).rides as { id: string }[];
  bare = { key: found.key, resort_key: found.resort_key, rides: rides.map((ride) => ride.id) };
}, 120_000);

afterAll(async () => {
  await server.close();
  await fixtures.upstream.stop();
}, 120_000);

describe('a discovered park: what its feed lists', () => {
  it('serves its waits, hours and showtimes from the feed', async () => {
    const waits = await ok('/v1/parks/europa-park/waits');
    expect(waits).toMatchObject({ park_id: EUROPA, data_status: 'live' });
    expect((waits.entries as { ride_id: string }[]).map((entry) => entry.ride_id)).toContain(BLUE_FIRE);
    const hours = await ok('/v1/parks/europa-park/hours');
    expect((hours.days as unknown[]).length).toBeGreaterThan(0);
    await ok('/v1/parks/europa-park/showtimes');
    await ok('/v1/parks/europa-park/priority-lane');
  });
});

describe('a discovered park: what the service derives from its recorded history', () => {
  it('answers crowds and crowd actuals with no named day from the spec parks’ calendar', async () => {
    const crowds = await ok('/v1/parks/europa-park/crowds?days=30');
    expect(['available', 'insufficient_history']).toContain(crowds.data_status);
    for (const day of crowds.forecasts as { drivers: { driver: string }[] }[]) {
      expect(day.drivers.filter((driver) => NAMED_DAYS.includes(driver.driver))).toEqual([]);
    }
    await ok('/v1/parks/europa-park/crowds/actuals');
  });

  it('answers reliability, outages, history and best times', async () => {
    await ok('/v1/parks/europa-park/reliability');
    await ok('/v1/parks/europa-park/outages/today');
    await ok(`/v1/rides/${BLUE_FIRE}/history`);
    await ok(`/v1/rides/${BLUE_FIRE}/outages`);
    await ok(`/v1/rides/${BLUE_FIRE}/best-times`);
  });
});

describe('a discovered park: what no source provides answers the unavailable form', () => {
  it('its resort’s tickets, reservations, hotels and event nights: unavailable, empty, saying why', async () => {
    const paths = ['tickets', 'park-availability', 'hotel-availability', 'events'];
    for (const path of paths) {
      const body = await ok(`/v1/resorts/europa-park-resort/${path}`);
      expect(body.data_status, path).toBe('unavailable');
      expect(body.checked_at, path).toBeNull();
      expect(body.note, path).toMatch(/^No source provides .* for Europa-Park Resort/);
      for (const list of ['tickets', 'park_products', 'segments', 'dates', 'hotels', 'nights', 'events']) {
        if (list in body) expect(body[list], `${path} ${list}`).toEqual([]);
      }
    }
  });

  it('its resort has no buses (the spec’s 404) and no invented priority-lane brand', async () => {
    for (const path of ['buses/stops', 'buses?stop=europa-park']) {
      const { status, body } = await get(`/v1/resorts/europa-park-resort/${path}`);
      expect(status, path).toBe(404);
      expect(body.error).toMatchObject({ code: 'not_found' });
    }
    const resort = await ok('/v1/resorts/europa-park-resort');
    expect(resort.priority_lane_brand).toBeNull();
  });

  it('its weather is not simulated: unavailable with the reason, the ride counts still live', async () => {
    const conditions = await ok('/v1/parks/europa-park/conditions');
    expect(conditions).toMatchObject({ data_status: 'unavailable', observation: null, lightning_risk: null });
    expect(conditions.note).toMatch(/No source provides simulated weather/);
    expect(conditions.ride_counts).toMatchObject({ live_data_status: 'live' });
  });

  it('its ride omits the facts no source states', async () => {
    const ride = await ok(`/v1/rides/${BLUE_FIRE}`);
    expect(ride).toMatchObject({ id: BLUE_FIRE, type: 'ride' });
    for (const fact of [
      'single_rider',
      'priority_lane_types',
      'height_requirement_inches',
      'duration_minutes',
    ]) {
      expect(ride, fact).not.toHaveProperty(fact);
    }
    const listed = (await ok('/v1/parks/europa-park/rides')).rides as Record<string, unknown>[];
    for (const entry of listed) expect(entry).not.toHaveProperty('single_rider');
  });

  it('its pages show a plain priority-lane label and no single-rider answer', async () => {
    const park = await server.get('/parks/europa-park');
    expect(park.status).toBe(200);
    expect(await park.text()).toContain('Priority lane');
    const ride = await server.get('/parks/europa-park/rides/blue-fire-megacoaster');
    expect(ride.status).toBe(200);
    expect(await ride.text()).not.toContain('Single rider line');
  });
});

describe('the API docs', () => {
  it('say which families a discovered park has, from the one rule', async () => {
    const info = contract.document.info.description ?? '';
    expect(info).toContain(`**Parks beyond the ten**: ${DISCOVERED_FAMILIES_TEXT}`);
    const docs = await server.get('/docs.md');
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('ticket prices; park reservations; hotel availability; event nights');
  });
});

describe('every endpoint of a discovered park, its ride and its resort', () => {
  it('answers without a 5xx, valid against the served OpenAPI', async () => {
    const templates = Object.keys(contract.document.paths ?? {}).filter(
      (path) =>
        !path.includes('stream') &&
        contract.document.paths?.[path]?.get !== undefined &&
        /\{(park|ride|resort)\}/.test(path),
    );
    expect(templates.length).toBeGreaterThan(20);
    for (const template of templates) {
      const path = template
        .replace('{park}', 'europa-park')
        .replace('{ride}', BLUE_FIRE)
        .replace('{resort}', 'europa-park-resort');
      const query = path.endsWith('/plan') ? `?rides=${BLUE_FIRE}` : path.endsWith('/buses') ? '?stop=x' : '';
      await get(`${path}${query}`);
    }
  }, 240_000);

  it('a discovered park without a live or schedule document answers crowds and conditions, not a 500', async () => {
    const crowds = await ok(`/v1/parks/${bare.key}/crowds?days=7`);
    expect(crowds.data_status).toBe('insufficient_history');
    await ok(`/v1/parks/${bare.key}/crowds/actuals`);
    const conditions = await ok(`/v1/parks/${bare.key}/conditions`);
    expect(conditions.data_status).toBe('unavailable');
    const waits = await ok(`/v1/parks/${bare.key}/waits`);
    expect(waits.data_status).toBe('unavailable');
    expect((await ok(`/v1/resorts/${bare.resort_key}/tickets`)).data_status).toBe('unavailable');
    for (const ride of bare.rides.slice(0, 3)) await ok(`/v1/rides/${ride}`);
  });
});

describe('the spec’s ten keep every family', () => {
  it('resort data from the daily check, buses, the brand', async () => {
    for (const path of ['tickets', 'park-availability', 'hotel-availability', 'events']) {
      const body = await ok(`/v1/resorts/walt-disney-world/${path}`);
      expect(body.data_status, path).toBe('available');
      expect(body.note, path).not.toMatch(/No source provides/);
    }
    expect(((await ok('/v1/resorts/walt-disney-world/tickets')).tickets as unknown[]).length).toBeGreaterThan(
      0,
    );
    expect((await ok('/v1/resorts/walt-disney-world/buses/stops')).data_status).toBe('available');
    expect((await ok('/v1/resorts/walt-disney-world')).priority_lane_brand).toBe('Lightning Lane');
  });

  it('simulated weather, ride facts and crowds', async () => {
    expect((await ok('/v1/parks/magic-kingdom/conditions')).data_status).toBe('available');
    const ride = await ok('/v1/rides/magic-kingdom_seven-dwarfs-mine-train');
    expect(ride).toMatchObject({ land: 'Fantasyland', single_rider: false });
    expect(ride.priority_lane_types).toEqual(['single_pass']);
    await ok('/v1/parks/magic-kingdom/crowds');
    await ok('/v1/parks/magic-kingdom/crowds/actuals');
  });
});
