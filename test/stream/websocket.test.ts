/**
 * The WebSocket stream against the running server with the `ws` client: ready, subscribe (every
 * identifier form, and `*`), snapshots equal to /waits, then only changes as the simulator's clock
 * moves, removed entries, park open/close, unsubscribe, ping/pong, the server heartbeat, and the
 * answers to malformed client messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { SITE_URL } from '../support/server.js';
import { WsClient, type Of } from './support/clients.js';
import { NOON_NEW_YORK, advance, advanceUntil } from './support/drive.js';
import { StreamTestFeeds } from './support/feeds.js';
import { startStreamServer, type StreamServer } from './support/stream-server.js';

const clock = new ManualClock(NOON_NEW_YORK);
const feeds = new StreamTestFeeds();
const SITE_ROOT = { text: 'Live data from queuecast.test', url: `${SITE_URL}/`, required: true };
const parkAttribution = (key: string) => ({ ...SITE_ROOT, url: `${SITE_URL}/parks/${key}` });
const PING_MS = 300;
let server: StreamServer;
const clients: WsClient[] = [];

type Entry = Of<'snapshot'>['entries'][number];

async function connect(): Promise<WsClient> {
  const client = await WsClient.open(server.wsUrl);
  clients.push(client);
  await client.expect('ready');
  return client;
}

async function waits(park: string): Promise<{ entries: Entry[]; data_status: string }> {
  const response = await fetch(`${server.url}/v1/parks/${park}/waits`);
  return (await response.json()) as { entries: Entry[]; data_status: string };
}

const differs = (a: Entry, b: Entry) =>
  a.status !== b.status ||
  a.standby_wait_minutes !== b.standby_wait_minutes ||
  a.single_rider_wait_minutes !== b.single_rider_wait_minutes ||
  JSON.stringify(a.priority_lane) !== JSON.stringify(b.priority_lane);

beforeAll(async () => {
  server = await startStreamServer({
    clock,
    feeds: feeds.buildWithHiding,
    streams: { pingIntervalMs: PING_MS },
  });
});
afterAll(async () => {
  for (const client of clients) client.socket.terminate();
  await server.close();
});

describe('connecting', () => {
  it('sends ready with the site-root attribution, and exactly the fields the spec names', async () => {
    const client = await WsClient.open(server.wsUrl);
    clients.push(client);
    const ready = await client.expect('ready');
    expect(ready).toEqual({ type: 'ready', attribution: SITE_ROOT });
  });

  it('answers a plain HTTP GET with 426 in the error envelope, and is listed in the index', async () => {
    const response = await fetch(`${server.url}/v1/stream`);
    expect(response.status).toBe(426);
    expect(response.headers.get('upgrade')).toBe('websocket');
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('invalid_request');
    expect(body.error.message).toContain('wss://api.queuecast.test/v1/stream');
    const index = (await (await fetch(`${server.url}/v1`)).json()) as { endpoints: { path: string }[] };
    const paths = index.endpoints.map((endpoint) => endpoint.path);
    expect(paths).toContain('GET /v1/stream');
    expect(paths).toContain('GET /v1/parks/{park}/waits/stream');
  });

  it('is described at the OpenAPI document top level, not as an operation a generated client would call', async () => {
    const document = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as {
      info: { description: string };
      paths: Record<string, unknown>;
      'x-websocket': {
        url: string;
        asyncapi: string;
        guide: string;
        operation: { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
      };
    };
    expect(Object.keys(document.paths)).not.toContain('/v1/stream');
    expect(document.info.description).toContain('wss://api.queuecast.test/v1/stream');
    expect(document.info.description).toContain('https://api.queuecast.test/v1/asyncapi.json');
    expect(document['x-websocket']).toMatchObject({
      url: 'wss://api.queuecast.test/v1/stream',
      asyncapi: 'https://api.queuecast.test/v1/asyncapi.json',
      guide: 'https://queuecast.test/docs/streaming',
    });
    expect(document['x-websocket'].operation.responses['101']?.content?.['application/json']?.schema).toEqual(
      {
        $ref: '#/components/schemas/StreamMessage',
      },
    );
  });

  it('refuses an upgrade on another path', async () => {
    await expect(WsClient.open(server.wsUrl.replace('/v1/stream', '/v1/parks'))).rejects.toThrow(/404/);
  });
});

describe('subscribing', () => {
  it('resolves keys, IDs, names and aliases; answers subscribed, then one snapshot per park equal to /waits', async () => {
    const client = await connect();
    const { subscribed, snapshots } = await client.subscribe([
      'magic-kingdom',
      '47f90d2c-e191-4239-a466-5892ef59a88b',
      "Disney's Hollywood Studios",
      'DCA',
    ]);
    const keys = ['magic-kingdom', 'epcot', 'hollywood-studios', 'california-adventure'];
    expect(subscribed.parks.map((park) => park.key)).toEqual(keys);
    expect(subscribed.parks[0]).toEqual({
      id: '75ea578a-adc8-4116-a54d-dccb60765ef9',
      key: 'magic-kingdom',
      name: 'Magic Kingdom Park',
      time_zone: 'America/New_York',
      url: `${SITE_URL}/parks/magic-kingdom`,
    });
    expect(subscribed.attribution).toEqual(SITE_ROOT);
    expect(snapshots.map((snapshot) => snapshot.park_key)).toEqual(keys);
    for (const snapshot of snapshots) {
      const polled = await waits(snapshot.park_key);
      expect(snapshot.attribution).toEqual(parkAttribution(snapshot.park_key));
      expect(snapshot.data_status).toBe('live');
      expect(snapshot.unavailable_reason).toBeNull();
      expect(snapshot.entries).toEqual(polled.entries);
      expect(snapshot.entries.length).toBeGreaterThan(10);
    }
    expect(snapshots[0]).toMatchObject({ park_status: 'open', park_name: 'Magic Kingdom Park' });
  });

  it('subscribes to every park with "*"', async () => {
    const client = await connect();
    const { subscribed, snapshots } = await client.subscribe(['*']);
    expect(subscribed.parks).toHaveLength(10);
    expect(new Set(snapshots.map((snapshot) => snapshot.park_key)).size).toBe(10);
  });

  it('sends only the entries whose status, waits or priority lane changed, as /waits shows them', async () => {
    const client = await connect();
    const { snapshots } = await client.subscribe(['mk']);
    const before = new Map(snapshots[0]?.entries.map((entry) => [entry.ride_id, entry]));
    const changed = new Map<string, Entry>();
    const minutes = await advanceUntil(server, clock, () => client.pending.some((m) => m.type === 'changes'));
    const changes = await client.until('changes');
    expect(changes.park_key).toBe('magic-kingdom');
    expect(changes.attribution).toEqual(parkAttribution('magic-kingdom'));
    expect(changes.at).toBe(new Date(clock.now()).toISOString());
    expect(changes.changes.length).toBeGreaterThan(0);
    for (const entry of changes.changes) changed.set(entry.ride_id, entry);
    const now = await waits('magic-kingdom');
    for (const entry of now.entries) {
      const old = before.get(entry.ride_id);
      if (old && differs(old, entry)) expect(changed.get(entry.ride_id), entry.ride_id).toEqual(entry);
      if (old && !differs(old, entry)) expect(changed.has(entry.ride_id), entry.ride_id).toBe(false);
    }
    expect(minutes).toBeLessThan(60);
  });

  it('lists in removed a show the operator stopped reporting', async () => {
    const client = await connect();
    const { snapshots } = await client.subscribe(['magic-kingdom']);
    const show = snapshots[0]?.entries.find((entry) => entry.type !== 'ride');
    expect(show, 'a show, walk-through or meet reported at noon').toBeDefined();
    feeds.hidden.add(show?.ride_id ?? '');
    try {
      await advanceUntil(server, clock, () =>
        client.pending.some((m) => m.type === 'changes' && m.removed.length > 0),
      );
      const changes = await client.until('changes');
      const removed = changes.removed.length > 0 ? changes : await client.until('changes');
      expect(removed.removed).toContain(show?.ride_id);
    } finally {
      feeds.hidden.clear();
    }
  });

  it('unsubscribes: answers unsubscribed and stops that park', async () => {
    const client = await connect();
    await client.subscribe(['magic-kingdom', 'epcot']);
    client.send({ type: 'unsubscribe', parks: ['EPCOT'] });
    const unsubscribed = await client.expect('unsubscribed');
    expect(unsubscribed).toEqual({ type: 'unsubscribed', attribution: SITE_ROOT });
    await advanceUntil(server, clock, () =>
      client.pending.some((m) => m.type === 'changes' && m.park_key === 'magic-kingdom'),
    );
    await advance(server, clock, 3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const parkMessages = client.pending.filter((m) => 'park_key' in m);
    expect(parkMessages.some((m) => 'park_key' in m && m.park_key === 'epcot')).toBe(false);
  });
});

describe('heartbeats', () => {
  it('answers ping with pong', async () => {
    const client = await connect();
    client.send({ type: 'ping' });
    const pong = await client.expect('pong');
    expect(pong).toEqual({ type: 'pong', attribution: SITE_ROOT });
  });

  it('sends a server ping every interval', async () => {
    const client = await connect();
    const first = await client.expect('ping', PING_MS * 3);
    await client.expect('ping', PING_MS * 3);
    expect(first.attribution).toEqual(SITE_ROOT);
  });
});

describe('malformed client messages', () => {
  it.each([
    ['not JSON', 'subscribe me', 'invalid_request', /not valid JSON.*Accepted messages/],
    ['not an object', '[1,2]', 'invalid_request', /JSON object with a "type"/],
    ['no type', '{"parks":["mk"]}', 'invalid_request', /no "type".*\{"type":"ping"\}/],
    ['an unknown type', '{"type":"hello"}', 'invalid_request', /Unknown message type "hello"/],
    ['no parks', '{"type":"subscribe"}', 'invalid_request', /"parks" must be an array of 1 to 10/],
    [
      'eleven parks',
      JSON.stringify({ type: 'subscribe', parks: Array.from({ length: 11 }, () => 'mk') }),
      'invalid_request',
      /1 to 10 park keys/,
    ],
    ['"*" with others', '{"type":"subscribe","parks":["*","mk"]}', 'invalid_request', /"\*" stands alone/],
    [
      'an unknown park',
      '{"type":"subscribe","parks":["mk","atlantis"]}',
      'not_found',
      /Unknown park "atlantis".*magic-kingdom/,
    ],
  ])('answers %s with an error and keeps the connection open', async (_name, text, code, message) => {
    const client = await connect();
    client.send(text);
    const error = await client.expect('error');
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
    expect(error.docs_url).toBe(`${SITE_URL}/docs#errors`);
    expect(error.attribution).toEqual(SITE_ROOT);
    client.send({ type: 'ping' });
    await client.expect('pong');
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });

  it('answers a binary message with an error', async () => {
    const client = await connect();
    client.socket.send(Buffer.from('{"type":"ping"}'), { binary: true });
    expect((await client.expect('error')).message).toMatch(/Binary messages are not accepted/);
    client.send({ type: 'subscribe', parks: ['atlantis'] });
    expect((await client.expect('error')).code).toBe('not_found');
  });
});

describe('park opening and closing', () => {
  it('sends park closed when the park closes, and the snapshot says so', async () => {
    const client = await connect();
    await client.subscribe(['magic-kingdom']);
    clock.set('2026-11-22T05:30:00Z'); // 00:30 in New York
    await server.app.ingest.refreshAll();
    const park = await client.until('park');
    expect(park).toEqual({
      type: 'park',
      park_key: 'magic-kingdom',
      state: 'closed',
      at: '2026-11-22T05:30:00.000Z',
      attribution: parkAttribution('magic-kingdom'),
    });
    const later = await connect();
    const { snapshots } = await later.subscribe(['magic-kingdom']);
    expect(snapshots[0]?.park_status).toBe('closed');
  });
});
