/**
 * The access rules on both stream transports, through the real gate: keys (header, Bearer on the
 * upgrade, ?key=), the concurrent-stream limits, one count per connection against the per-minute
 * limit, keyed verdict expiry, and the provider-data switch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { expectChallenge } from '../support/expect-response.js';
import { createKey } from '../support/keys.js';
import { startServer, type TestServer } from '../support/server.js';
import { RawResponse, WsClient, type Closed } from './support/clients.js';

const clock = new ManualClock(Date.parse('2026-11-21T17:00:20Z'));
let server: TestServer;
let wsUrl: string;
let freeKey: string;

beforeAll(async () => {
  server = await startServer({ clock });
  wsUrl = `${server.url.replace(/^http/, 'ws')}/v1/stream`;
  freeKey = await createKey(server.dataDir, 'free');
});
afterAll(() => server.close());

function nextMinute(): void {
  clock.set(Math.floor(clock.now() / 60_000) * 60_000 + 80_000);
}

async function rejected(client: WsClient): Promise<{ code: string; closed: Closed }> {
  const error = await client.expect('error');
  return { code: error.code, closed: await client.closed };
}

const sse = (query = '', headers: Record<string, string> = {}) =>
  RawResponse.get(`${server.url}/v1/parks/mk/waits/stream${query}`, headers);

/** Releases happen as the server sees the close; wait until a new stream is admitted again. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 50; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('condition not met');
}

describe('concurrent streams', () => {
  it('holds a keyless IP to 2 streams across both transports, and frees a slot on close', async () => {
    nextMinute();
    const first = await WsClient.open(wsUrl);
    await first.expect('ready');
    const second = await sse();
    expect(second.response.statusCode).toBe(200);

    const third = await WsClient.open(wsUrl);
    const refusal = await rejected(third);
    expect(refusal).toMatchObject({ code: 'too_many_streams', closed: { code: 1013 } });
    const fourth = await sse();
    expect(fourth.response.statusCode).toBe(429);
    expect(fourth.response.headers['retry-after']).toBe('10');
    for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
      expect(fourth.response.headers[header], header).toMatch(/^\d+$/);
    }
    await fourth.ended;
    expect(JSON.parse(fourth.text)).toMatchObject({ error: { code: 'too_many_streams' } });

    await first.closeAndWait();
    await eventually(async () => {
      const again = await sse();
      again.destroy();
      return again.response.statusCode === 200;
    });
    second.destroy();
  });

  it('holds a free key to 10 streams', async () => {
    nextMinute();
    const clients = await Promise.all(
      Array.from({ length: 10 }, () => WsClient.open(`${wsUrl}?key=${freeKey}`)),
    );
    for (const client of clients) await client.expect('ready');
    const eleventh = await WsClient.open(wsUrl, { authorization: `Bearer ${freeKey}` });
    expect(await rejected(eleventh)).toMatchObject({ code: 'too_many_streams', closed: { code: 1013 } });
    await Promise.all(clients.map((c) => c.closeAndWait()));
  });
});

describe('stream connections and the per-minute limit', () => {
  it('counts each connection once, on connect', async () => {
    nextMinute();
    for (let i = 0; i < 29; i++) await (await server.get('/v1/parks')).arrayBuffer();
    const thirtieth = await WsClient.open(wsUrl);
    await thirtieth.expect('ready');
    thirtieth.send({ type: 'subscribe', parks: ['mk'] });
    await thirtieth.expect('subscribed');
    // Messages on an open stream are not requests: the allowance is spent by connections only.
    expect((await server.get('/v1/parks')).status).toBe(429);
    const refused = await WsClient.open(wsUrl);
    expect(await rejected(refused)).toMatchObject({ code: 'rate_limited', closed: { code: 1013 } });
    const refusedSse = await sse();
    expect(refusedSse.response.statusCode).toBe(429);
    expect(refusedSse.response.headers['retry-after']).toMatch(/^\d+$/);
    await thirtieth.closeAndWait();
  });
});

describe('keys on streams', () => {
  it('accepts a key as ?key= or as the Bearer header of the upgrade', async () => {
    nextMinute();
    for (const client of [
      await WsClient.open(`${wsUrl}?key=${freeKey}`),
      await WsClient.open(wsUrl, { authorization: `Bearer ${freeKey}` }),
    ]) {
      expect(Object.keys(await client.expect('ready')).sort()).toEqual(['attribution', 'type']);
      await client.subscribe(['mk']);
      await client.closeAndWait();
    }
  });

  it.each([
    ['a malformed ?key=', '?key=pk_live_nope', {}],
    ['an unknown Bearer key', '', { authorization: `Bearer pk_live_${'Z'.repeat(32)}` }],
  ])('rejects %s: WebSocket error then 1008, SSE 401', async (_case, query, headers) => {
    nextMinute();
    const client = await WsClient.open(`${wsUrl}${query}`, headers);
    expect(await rejected(client)).toMatchObject({ code: 'invalid_key', closed: { code: 1008 } });
    const response = await sse(query, headers);
    expect(response.response.statusCode).toBe(401);
    expectChallenge(response.response.headers);
    await response.ended;
    expect(JSON.parse(response.text)).toMatchObject({ error: { code: 'invalid_key' } });
  });

  it('never writes a stream key to the log', () => {
    expect(server.logs.join('\n')).not.toContain(freeKey);
    expect(server.logs.join('\n')).toContain('key=[redacted]');
  });
});

describe('PROVIDER_DATA=disabled', () => {
  let disabled: TestServer;
  beforeAll(async () => {
    disabled = await startServer({ clock, env: { PROVIDER_DATA: 'disabled' } });
  });
  afterAll(() => disabled.close());

  it('rejects WebSocket streams with error then 1008, and SSE with 403', async () => {
    const client = await WsClient.open(`${disabled.url.replace(/^http/, 'ws')}/v1/stream`);
    expect(await rejected(client)).toMatchObject({ code: 'rights_unavailable', closed: { code: 1008 } });
    const response = await RawResponse.get(`${disabled.url}/v1/parks/mk/waits/stream`);
    expect(response.response.statusCode).toBe(403);
    await response.ended;
    expect(JSON.parse(response.text)).toMatchObject({ error: { code: 'rights_unavailable' } });
  });
});
