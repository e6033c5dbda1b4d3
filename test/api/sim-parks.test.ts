/**
 * FEED=sim with SIM_PARKS=30 and PARKS=all: the simulator's generated parks come in through the
 * same discovery, merge and key path the real feeds use. /v1/parks lists the ten and twenty
 * generated parks with their time zones, and a generated park's /waits answers live data in the
 * served OpenAPI's form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Catalog } from '../../src/catalog/catalog.js';
import { ManualClock } from '../../src/lib/clock.js';
import { receive } from '../support/expect-response.js';
import { OpenApiContract } from '../support/openapi.js';
import { startServer, type TestServer } from '../support/server.js';

// Early afternoon in Europe, where the first generated resorts stand: their parks are open.
const clock = new ManualClock(Date.parse('2026-11-27T12:00:00Z'));
const spec = Catalog.load();

let server: TestServer;
let contract: OpenApiContract;

interface ParkBody {
  id: string;
  key: string;
  time_zone: string;
}

async function getValid(path: string): Promise<Record<string, unknown>> {
  const received = await receive(await server.get(path));
  expect(received.status, `${path}: ${JSON.stringify(received.body).slice(0, 300)}`).toBe(200);
  expect(contract.validate(path, received.status, received.body), path).toEqual([]);
  return received.body;
}

beforeAll(async () => {
  server = await startServer({
    clock,
    env: { FEED: 'sim', SIM_PARKS: '30', PARKS: 'all', COVERAGE_START: '2026-11-26' },
  });
  contract = await OpenApiContract.fetch(server.url);
}, 120_000);
afterAll(async () => {
  await server.close();
}, 60_000);

describe('FEED=sim SIM_PARKS=30 PARKS=all', () => {
  it('lists the spec ten by their IDs and twenty generated parks, each with its time zone', async () => {
    const parks = (await getValid('/v1/parks')).parks as ParkBody[];
    expect(parks).toHaveLength(30);
    for (const park of spec.parks) {
      expect(parks.find((listed) => listed.key === park.key)?.id).toBe(park.id);
    }
    for (const park of parks) expect(park.time_zone).toMatch(/^[A-Za-z]+\/[A-Za-z_]+/);
    expect(new Set(parks.map((park) => park.time_zone)).size).toBeGreaterThan(5);
  });

  it("answers a generated park's /waits with live posted waits", async () => {
    const parks = (await getValid('/v1/parks')).parks as ParkBody[];
    const generated = parks.filter((park) => !spec.parks.some((known) => known.id === park.id));
    const waits = await Promise.all(
      generated.map(async (park) => ({ park, body: await getValid(`/v1/parks/${park.key}/waits`) })),
    );
    const open = waits.find(({ body }) => body.park_status === 'open');
    if (!open) throw new Error('no generated park is open at noon UTC');
    expect(open.body).toMatchObject({ park_key: open.park.key, data_status: 'live' });
    const entries = open.body.entries as { ride_id: string; standby_wait_minutes: number | null }[];
    expect(entries.length).toBeGreaterThanOrEqual(10);
    for (const entry of entries) expect(entry.ride_id.startsWith(`${open.park.key}_`)).toBe(true);
    expect(entries.some((entry) => (entry.standby_wait_minutes ?? 0) > 0)).toBe(true);
  });
});
