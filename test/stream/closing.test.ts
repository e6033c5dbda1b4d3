/**
 * Every way a stream ends (SPEC "Stream connection" and close codes), against the running server
 * with the timers and the buffer limit shortened: idle (1000 `idle`), a slow client over the limit
 * (dropped), upstream failure (`error`, then 1013), rejection by the access gate (`error`, then
 * 1008 or 1013; SSE: the HTTP error), key expiry (`reauthentication_required`, 1013), and server
 * shutdown (1001; SSE ends).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import type { StreamGate, StreamRejectionCode, StreamRequest, StreamVerdict } from '../../src/stream/gate.js';
import { RawResponse, WsClient, checkedMessage, sseBlocks } from './support/clients.js';
import { NOON_NEW_YORK, advance, advanceUntil } from './support/drive.js';
import { StreamTestFeeds } from './support/feeds.js';
import { RawWebSocket } from './support/raw-websocket.js';
import { startStreamServer, type StreamServer } from './support/stream-server.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(check: () => boolean, ms = 3_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

/**
 * A gate scripted by the `key` query parameter: `reject-<code>` rejects with that code,
 * `expiring` admits until 200 ms from now on the clock; anything else admits. Counts releases.
 */
class ScriptedGate implements StreamGate {
  admitted = 0;
  released = 0;

  constructor(private readonly clock: ManualClock) {}

  async admit(request: StreamRequest): Promise<StreamVerdict> {
    const key = request.queryKey ?? '';
    if (key.startsWith('reject-')) {
      const code = key.slice('reject-'.length) as StreamRejectionCode;
      return {
        ok: false,
        code,
        message: `Rejected by the test gate (${code}).`,
        headers: code === 'rate_limited' ? { 'Retry-After': 7 } : {},
      };
    }
    this.admitted += 1;
    return {
      ok: true,
      ...(key === 'expiring' ? { expiresAt: this.clock.now() + 200 } : {}),
      headers: { 'X-RateLimit-Limit': 30 },
      release: () => {
        this.released += 1;
      },
    };
  }
}

const clock = new ManualClock(NOON_NEW_YORK);
const feeds = new StreamTestFeeds();
const gate = new ScriptedGate(clock);
const BUFFER_LIMIT = 64 * 1024;
const IDLE_MS = 500;
let server: StreamServer;
const opened: (() => void)[] = [];

async function connect(query = ''): Promise<WsClient> {
  const client = await WsClient.open(`${server.wsUrl}${query}`);
  opened.push(() => {
    client.socket.terminate();
  });
  return client;
}

beforeAll(async () => {
  server = await startStreamServer({
    clock,
    feeds: feeds.build,
    // The message budget is raised here: the slow client below floods subscribes to fill its buffer.
    streams: {
      idleTimeoutMs: IDLE_MS,
      maxBufferedBytes: BUFFER_LIMIT,
      gate,
      maxClientMessagesPerSecond: 10_000,
    },
  });
});
afterEach(() => {
  for (const close of opened.splice(0)) close();
});
afterAll(() => server.close());

describe('idle', () => {
  it('closes 1000 "idle" a connection that never subscribes', async () => {
    const started = Date.now();
    const client = await connect();
    await client.expect('ready');
    expect(await client.closed).toEqual({ code: 1000, reason: 'idle' });
    // Timers may fire a millisecond early against Date.now().
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_MS - 5);
  });

  it('keeps a subscribed connection, and closes it once it unsubscribes from everything', async () => {
    const client = await connect();
    await client.expect('ready');
    await client.subscribe(['mk', 'epcot']);
    await sleep(IDLE_MS * 2);
    expect(client.socket.readyState).toBe(client.socket.OPEN);
    client.send({ type: 'unsubscribe', parks: ['*'] });
    await client.expect('unsubscribed');
    expect(await client.closed).toEqual({ code: 1000, reason: 'idle' });
  });
});

describe('a slow client', () => {
  it('is dropped once more than the limit is waiting, and the others go on receiving', async () => {
    const healthy = await connect();
    await healthy.expect('ready');
    await healthy.subscribe(['magic-kingdom']);
    const slow = await RawWebSocket.open(server.wsUrl); // reads nothing from here on
    const before = server.app.streams.hub.connections.size;
    let sent = 0;
    while (server.app.streams.hub.connections.size === before && sent < 400) {
      slow.sendText('{"type":"subscribe","parks":["*"]}'); // ten snapshots each, never read
      sent += 1;
      await sleep(5);
    }
    expect(server.app.streams.hub.connections.size, `still connected after ${sent} subscribes`).toBe(
      before - 1,
    );
    expect(server.logs.some((line) => line.includes('too far behind'))).toBe(true);
    // What the client can still read is what the kernel held: behind counts it (read receipts),
    // so it is about the limit, not the limit plus the socket buffers (megabytes on loopback).
    let unread = 0;
    slow.socket.on('data', (chunk: Buffer) => {
      unread += chunk.length;
    });
    slow.socket.resume();
    await slow.closed;
    expect(unread).toBeLessThan(BUFFER_LIMIT * 3);
    await advanceUntil(server, clock, () => healthy.pending.some((m) => m.type === 'changes'));
    expect((await healthy.until('changes')).park_key).toBe('magic-kingdom');
  });
});

describe('upstream failure', () => {
  it('sends upstream_unavailable about the park, then closes 1013; other parks carry on', async () => {
    const failing = await connect();
    await failing.expect('ready');
    await failing.subscribe(['animal-kingdom', 'epcot']);
    const other = await connect();
    await other.expect('ready');
    await other.subscribe(['epcot']);
    feeds.failing.add('animal-kingdom');
    try {
      await advance(server, clock);
    } finally {
      feeds.failing.delete('animal-kingdom');
    }
    const error = await failing.until('error');
    expect(error).toMatchObject({ code: 'upstream_unavailable', park_key: 'animal-kingdom' });
    expect(error.message).toMatch(/injected failure.*Reconnect with backoff/);
    expect(await failing.closed).toEqual({ code: 1013, reason: 'upstream_unavailable' });
    expect(other.socket.readyState).toBe(other.socket.OPEN);
  });

  it('answers a subscription while the park is down with an unavailable snapshot, then the live one on recovery', async () => {
    feeds.failing.add('universal-studios-hollywood');
    await advance(server, clock);
    const client = await connect();
    await client.expect('ready');
    const { snapshots } = await client.subscribe(['ush']);
    expect(snapshots[0]).toMatchObject({ data_status: 'unavailable', park_status: null });
    expect(snapshots[0]?.unavailable_reason).toMatch(/injected failure/);
    for (const entry of snapshots[0]?.entries ?? []) {
      expect(entry).toMatchObject({ status: 'unavailable', standby_wait_minutes: null });
    }
    feeds.failing.delete('universal-studios-hollywood');
    await advance(server, clock);
    server.app.streams.hub.checkStatus();
    const recovered = await client.until('snapshot');
    expect(recovered).toMatchObject({ park_key: 'universal-studios-hollywood', data_status: 'live' });
  });
});

describe('rejection by the access gate', () => {
  it.each([
    ['invalid_key', 1008],
    ['rights_unavailable', 1008],
    ['rate_limited', 1013],
    ['too_many_streams', 1013],
  ] as const)('WebSocket: %s is an error, then close %i', async (code, closeCode) => {
    const client = await connect(`?key=reject-${code}`);
    const error = await client.expect('error');
    expect(error).toMatchObject({ code, message: `Rejected by the test gate (${code}).` });
    expect(await client.closed).toEqual({ code: closeCode, reason: code });
    expect(client.all.map((message) => message.type)).toEqual(['error']);
  });

  it.each([
    ['invalid_key', 401],
    ['rights_unavailable', 403],
    ['rate_limited', 429],
    ['too_many_streams', 429],
  ] as const)('SSE: %s is an HTTP %i in the error envelope before any event', async (code, status) => {
    const response = await fetch(`${server.url}/v1/parks/mk/waits/stream?key=reject-${code}`);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    if (code === 'rate_limited') expect(response.headers.get('retry-after')).toBe('7');
    const body = (await response.json()) as { error: { code: string } };
    expect(body.error.code).toBe(code);
  });

  it('releases every admitted stream once it ends, and sends the admission headers on SSE', async () => {
    const before = { admitted: gate.admitted, released: gate.released };
    const client = await connect();
    await client.expect('ready');
    const raw = await RawResponse.get(`${server.url}/v1/parks/mk/waits/stream`);
    expect(raw.response.headers['x-ratelimit-limit']).toBe('30');
    await raw.until((text) => sseBlocks(text).length >= 3);
    expect(gate.admitted - before.admitted).toBe(2);
    client.socket.close();
    raw.destroy();
    await eventually(() => gate.released - before.released === 2);
  });
});

describe('key expiry', () => {
  it('WebSocket: reauthentication_required, then close 1013', async () => {
    const client = await connect('?key=expiring');
    await client.expect('ready');
    await client.subscribe(['mk']);
    clock.advance(200);
    expect((await client.until('error')).code).toBe('reauthentication_required');
    expect(await client.closed).toEqual({ code: 1013, reason: 'reauthentication_required' });
  });

  it('SSE: the error, then the end of the stream', async () => {
    const raw = await RawResponse.get(`${server.url}/v1/parks/mk/waits/stream?key=expiring`);
    await raw.until((text) => sseBlocks(text).length >= 3);
    clock.advance(200);
    await raw.ended;
    const last = sseBlocks(raw.text).at(-1) ?? '';
    expect(checkedMessage(last.slice('data: '.length))).toMatchObject({
      type: 'error',
      code: 'reauthentication_required',
    });
  });
});

describe('shutdown', () => {
  it('closes every WebSocket 1001, ends every SSE stream, and cuts a client that never answers', async () => {
    const own = await startStreamServer({
      clock: new ManualClock(NOON_NEW_YORK),
      streams: { shutdownGraceMs: 300 },
    });
    const subscribed = await WsClient.open(own.wsUrl);
    await subscribed.expect('ready');
    await subscribed.subscribe(['mk']);
    const waiting = await WsClient.open(own.wsUrl);
    await waiting.expect('ready');
    const sse = await RawResponse.get(`${own.url}/v1/parks/epcot/waits/stream`);
    await sse.until((text) => sseBlocks(text).length >= 3);
    const silent = await RawWebSocket.open(own.wsUrl); // never reads, never answers the close
    await eventually(() => own.app.streams.hub.connections.size === 4);
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await subscribed.closed).toEqual({ code: 1001, reason: 'restarting' });
    expect(await waiting.closed).toEqual({ code: 1001, reason: 'restarting' });
    await sse.ended;
    expect(sse.response.complete).toBe(true);
    silent.drain();
    await silent.closed;
    expect(own.app.streams.hub.connections.size).toBe(0);
  });
});
