/**
 * PARKS=all on FEED=queue-times against loopback fixtures of 66 parks (test/fixtures/feeds): every
 * park of `/parks.json` is listed with its time zone, a park east of UTC is served on its own
 * park-local date with its live waits, every endpoint of the served OpenAPI for a park outside the
 * ten answers 200 with data or the unavailable form, never a 5xx, its body valid against the served
 * OpenAPI (`support/every-endpoint.ts`), the `{resort}` paths resolve a discovered park group, and a
 * park that `/parks.json` stops listing keeps its key and its history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalId } from '../../src/catalog/merge.js';
import { ManualClock } from '../../src/lib/clock.js';
import { localDate } from '../../src/lib/time.js';
import { createKey } from '../support/keys.js';
import { receive } from '../support/expect-response.js';
import { endpointPaths, sweep } from '../support/every-endpoint.js';
import { OpenApiContract } from '../support/openapi.js';
import { queueTimesFixtures } from '../support/queue-times-all-parks.js';
import { startServer, type TestServer } from '../support/server.js';

// 23:30 UTC on the 27th is 08:30 on the 28th in Tokyo: the park-local date is not the UTC date.
const START = Date.parse('2026-11-27T23:30:00Z');
const clock = new ManualClock(START);
const { upstream, groups, described } = queueTimesFixtures();
const EUROPA_PARK = '400';

let server: TestServer;
let contract: OpenApiContract;
/** A partner key: a run this long would spend the keyless rate limit. */
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

/** Every GET path template of the served OpenAPI that names `placeholder`, streams aside. */
function templatesWith(placeholder: string): string[] {
  return Object.keys(contract.document.paths ?? {}).filter(
    (path) => path.includes(placeholder) && !path.includes('stream') && contract.document.paths?.[path]?.get,
  );
}

/**
 * Paths that answer other than 200 or with a body the OpenAPI does not describe, with what they
 * sent: a family without data for the park answers 200 in the spec's unavailable form.
 */
async function failing(paths: readonly string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const path of paths) {
    const received = await receive(await get(path));
    const bare = path.split('?')[0] ?? path;
    const problems = contract.validate(bare, received.status, received.body);
    if (received.status !== 200 || problems.length > 0) {
      failures.push(
        `${path}: ${received.status} ${problems.join('; ')} ${JSON.stringify(received.body).slice(0, 200)}`,
      );
    }
  }
  return failures;
}

beforeAll(async () => {
  await upstream.start();
  server = await startServer({
    clock,
    env: {
      FEED: 'queue-times',
      QUEUE_TIMES_URL: upstream.url,
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

describe('PARKS=all on Queue-Times', () => {
  it('lists the ten and every park of /parks.json, each with its own time zone', async () => {
    const { body } = await getValid('/v1/parks');
    const parks = body.parks as ParkBody[];
    const listed = groups.flatMap((group) => group.parks);
    expect(listed.length).toBeGreaterThanOrEqual(50);
    expect(parks.length).toBe(10 + described.length);
    expect(parks.find((park) => park.key === 'magic-kingdom')?.id).toBe(
      '75ea578a-adc8-4116-a54d-dccb60765ef9',
    );
    for (const park of listed.filter((listedPark) => described.includes(String(listedPark.id)))) {
      const id = canonicalId('queue-times', 'park', String(park.id));
      expect(parks.find((served) => served.id === id)?.time_zone, park.name).toBe(park.timezone);
    }
    expect(parks.find((park) => park.name === 'Tokyo Disneyland')).toMatchObject({
      key: 'tokyo-disneyland',
      time_zone: 'Asia/Tokyo',
    });
    expect(parks.find((park) => park.name === 'Dreamworld')?.time_zone).toBe('Australia/Brisbane');
  });

  it('serves a park east of UTC on its own date, with its live waits', async () => {
    const utcDate = new Date(clock.now()).toISOString().slice(0, 10);
    const tokyoDate = localDate(clock.now(), 'Asia/Tokyo');
    expect(tokyoDate).not.toBe(utcDate);
    const waits = await getValid('/v1/parks/tokyo-disneyland/waits');
    expect(waits.status).toBe(200);
    expect(waits.body).toMatchObject({
      park_key: 'tokyo-disneyland',
      time_zone: 'Asia/Tokyo',
      data_status: 'live',
    });
    const entries = waits.body.entries as {
      ride_id: string;
      status: string;
      standby_wait_minutes: number | null;
    }[];
    expect(entries.find((entry) => entry.ride_id === 'tokyo-disneyland_big-thunder-mountain')).toMatchObject({
      status: 'OPERATING',
    });
    expect(
      entries.find((entry) => entry.ride_id === 'tokyo-disneyland_big-thunder-mountain')
        ?.standby_wait_minutes,
    ).toEqual(expect.any(Number));
    const history = await getValid('/v1/rides/tokyo-disneyland_big-thunder-mountain/history?days=1');
    expect(history.body).toMatchObject({ from_date: tokyoDate, to_date: tokyoDate });
    expect((history.body.changes as { at: string }[]).map((change) => change.at)).toEqual([
      new Date(START).toISOString(),
    ]);
  });

  it('answers every endpoint for parks outside the ten with data or the unavailable form', async () => {
    // Tokyo is on the 28th while UTC is on the 27th; so is Europa-Park, just after midnight.
    const parks = (await getValid('/v1/parks')).body.parks as ParkBody[];
    for (const key of ['tokyo-disneyland', 'europa-park']) {
      const park = parks.find((listed) => listed.key === key);
      const rides = (await getValid(`/v1/parks/${key}/rides`)).body.rides as { id: string }[];
      const [first, second] = rides.map((ride) => ride.id);
      if (!park || !first || !second) throw new Error(`${key}: the park and two rides expected`);
      const paths = endpointPaths(contract, {
        park: key,
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
      expect(failures, key).toEqual([]);
      expect(answered, key).toBeGreaterThan(15);
      // Queue-Times publishes no hours and nothing is recorded yet: a plan has none to run within.
      expect(
        unavailable.find((entry) => entry.includes('/plan?')),
        key,
      ).toMatch(/publishes no hours/);
      // With only an end, a park whose rides operate now plans from now.
      if (key === 'tokyo-disneyland') {
        const { body } = await getValid(`/v1/parks/${key}/plan?rides=${first},${second}&end=18:00`);
        expect(body).toMatchObject({
          date: '2026-11-28',
          data_status: 'available',
          start_at: new Date(START).toISOString(),
          end_at: '2026-11-28T09:00:00.000Z',
        });
        expect(body.note).toMatch(/the plan runs from now \(its rides operate now\) to the end given\./);
      }
      // No source provides tickets, reservations, hotels or event nights for a discovered park.
      for (const family of ['tickets', 'park-availability', 'hotel-availability', 'events']) {
        expect(
          unavailable.find((entry) => entry.includes(`/${family}:`)),
          `${key} ${family}`,
        ).toMatch(/no source/i);
      }
    }
  }, 240_000);

  it('lists a discovered park group as a resort and resolves every {resort} path for it', async () => {
    const { body } = await getValid('/v1/resorts');
    const resorts = body.resorts as { key: string; aliases: string[]; name: string; parks: ParkBody[] }[];
    const tokyo = resorts.find((resort) => resort.name === 'Tokyo Disney Resort');
    expect(tokyo?.parks.map((park) => park.key).sort()).toEqual(['tokyo-disneyland', 'tokyo-disneysea']);
    const identifiers = [tokyo?.key ?? '', ...(tokyo?.aliases ?? []), 'Tokyo Disney Resort'];
    for (const identifier of identifiers) {
      const resort = await getValid(`/v1/resorts/${encodeURIComponent(identifier)}`);
      expect(resort.status, identifier).toBe(200);
      expect(resort.body.key).toBe(tokyo?.key);
    }
    const paths = templatesWith('{resort}').map((template) => template.replace('{resort}', tokyo?.key ?? ''));
    const [buses, others] = [
      paths.filter((p) => p.includes('/buses')),
      paths.filter((p) => !p.includes('/buses')),
    ];
    expect(others.length).toBeGreaterThan(3);
    expect(await failing(others)).toEqual([]);
    // The spec answers 404 for the bus paths of every resort without a bus network.
    expect(buses.length).toBe(2);
    for (const path of buses) {
      const query = path.endsWith('/buses') ? '?stop=Tokyo%20Disneyland' : '';
      const received = await getValid(`${path}${query}`);
      expect(received.status, path).toBe(404);
      expect((received.body.error as { message: string }).message).toMatch(/no bus network/);
    }
  }, 120_000);

  it('keeps a park /parks.json stops listing: its key, its page and its history', async () => {
    const before = await getValid('/v1/rides/europa-park_silver-star/history');
    const changes = before.body.changes as unknown[];
    expect(changes.length).toBeGreaterThan(0);
    upstream.serve('/parks.json', {
      body: groups.map((group) => ({
        ...group,
        parks: group.parks.filter((park) => String(park.id) !== EUROPA_PARK),
      })),
    });
    await server.app.catalogRefresh?.refresh();
    const { body } = await getValid('/v1/parks');
    expect((body.parks as ParkBody[]).find((park) => park.name === 'Europa-Park')?.key).toBe('europa-park');
    expect((await getValid('/v1/parks/europa-park/rides')).status).toBe(200);
    const after = await getValid('/v1/rides/europa-park_silver-star/history');
    expect(after.status).toBe(200);
    expect(after.body.changes).toEqual(changes);
    expect((await get('/parks/europa-park')).status).toBe(200);
  });

  it('serves a park the feed starts listing at the next catalog read, not after the cached max-age', async () => {
    const listed = await getValid('/v1/parks');
    const resorts = await getValid('/v1/resorts');
    const futuroscope = { id: 460, name: 'Futuroscope', country: 'France', continent: 'Europe' };
    upstream.serve('/parks.json', {
      body: [
        ...groups,
        {
          id: 130,
          name: 'Futuroscope Destination',
          parks: [{ ...futuroscope, latitude: '46.6690', longitude: '0.3680', timezone: 'Europe/Paris' }],
        },
      ],
    });
    upstream.serve('/parks/460/queue_times.json', {
      body: {
        lands: [
          {
            id: 3200,
            name: 'Futuroscope',
            rides: [
              {
                id: 20900,
                name: 'Objectif Mars',
                is_open: false,
                wait_time: 0,
                last_updated: '2026-11-27T17:00:00.000Z',
              },
            ],
          },
        ],
        rides: [],
      },
    });
    await server.app.catalogRefresh?.refresh();
    // The same moment on the clock: only a new catalog version can make these bodies change.
    const parks = (await getValid('/v1/parks')).body.parks as ParkBody[];
    expect(parks.length).toBe((listed.body.parks as ParkBody[]).length + 1);
    expect(parks.find((park) => park.name === 'Futuroscope')).toMatchObject({
      key: 'futuroscope',
      time_zone: 'Europe/Paris',
    });
    const after = (await getValid('/v1/resorts')).body.resorts as { name: string; key: string }[];
    expect(after.length).toBe((resorts.body.resorts as unknown[]).length + 1);
    const destination = after.find((resort) => resort.name === 'Futuroscope Destination');
    expect((await getValid(`/v1/resorts/${destination?.key ?? ''}`)).body.parks).toEqual([
      expect.objectContaining({ key: 'futuroscope' }),
    ]);
  });
});
