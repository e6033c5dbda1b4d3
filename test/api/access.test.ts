import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey } from '../../src/services/api-keys.js';
import { ManualClock } from '../../src/lib/clock.js';
import { cli, createKey as createKeyWithCli } from '../support/cli.js';
import { createKey } from '../support/keys.js';
import { expectError, receive } from '../support/expect-response.js';
import { OpenApiContract } from '../support/openapi.js';
import { startServer, type TestServer } from '../support/server.js';

// 12:00:20 UTC: 40 seconds left in the minute, 43,180 in the UTC day.
const clock = new ManualClock(Date.parse('2026-11-21T12:00:20Z'));
let server: TestServer;
let contract: OpenApiContract;
let freeKey: string;
let partnerKey: string;

beforeAll(async () => {
  server = await startServer({ clock });
  contract = await OpenApiContract.fetch(server.url);
  freeKey = await createKey(server.dataDir, 'free');
  partnerKey = await createKey(server.dataDir, 'partner');
});
afterAll(() => server.close());

const limitHeaders = (response: Response) => ({
  limit: Number(response.headers.get('x-ratelimit-limit')),
  remaining: Number(response.headers.get('x-ratelimit-remaining')),
  reset: Number(response.headers.get('x-ratelimit-reset')),
});

async function burst(count: number, init: RequestInit = {}, path = '/v1/parks'): Promise<Response[]> {
  const responses: Response[] = [];
  for (let i = 0; i < count; i++) {
    const response = await server.get(path, init);
    await response.arrayBuffer();
    responses.push(response);
  }
  return responses;
}

function nextMinute(): void {
  clock.set(Math.floor(clock.now() / 60_000) * 60_000 + 60_000 + 20_000);
}

describe('limits per minute', () => {
  it('allows 30 keyless requests a minute per IP, with headers counting down', async () => {
    nextMinute();
    const responses = await burst(30);
    expect(responses.map((r) => r.status)).toEqual(Array(30).fill(200));
    expect(limitHeaders(responses[0] as Response)).toEqual({ limit: 30, remaining: 29, reset: 40 });
    expect(limitHeaders(responses[29] as Response)).toEqual({ limit: 30, remaining: 0, reset: 40 });

    const refused = await server.get('/v1/parks');
    const received = await receive(refused);
    expectError(received, contract, '/v1/parks', {
      status: 429,
      code: 'rate_limited',
      message: /30 requests per minute reached for keyless access .*Retry in 40 seconds/,
    });
    expect(refused.headers.get('retry-after')).toBe('40');
    expect(limitHeaders(refused)).toEqual({ limit: 30, remaining: 0, reset: 40 });

    nextMinute();
    expect((await server.get('/v1/parks')).status).toBe(200);
  });

  it.each([
    ['free', 120, { authorization: 'Bearer KEY' }],
    ['partner', 600, { 'x-service-key': 'KEY' }],
  ] as const)('allows a %s key %i requests a minute', async (tier, perMinute, template) => {
    nextMinute();
    const key = tier === 'free' ? freeKey : partnerKey;
    const headers = Object.fromEntries(
      Object.entries(template).map(([name, value]) => [name, value.replace('KEY', key)]),
    );
    const responses = await burst(perMinute, { headers });
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(limitHeaders(responses[0] as Response)).toEqual({
      limit: perMinute,
      remaining: perMinute - 1,
      reset: 40,
    });
    const refused = await server.get('/v1/parks', { headers });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toMatch(
      new RegExp(`${perMinute} requests per minute reached for the ${tier} key`),
    );
    // Keys are counted per key: the keyless allowance of this IP is untouched.
    expect(limitHeaders(await server.get('/v1/parks')).remaining).toBe(29);
  });

  it('does not limit the index and the description document', async () => {
    nextMinute();
    for (const response of await burst(40, {}, '/v1')) {
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-limit')).toBeNull();
    }
    expect((await server.get('/v1/openapi.json')).headers.get('x-ratelimit-limit')).toBeNull();
  });
});

describe('limits per UTC day', () => {
  it('refuses keyless request 1,001 of the UTC day until midnight, describing the tighter window', async () => {
    clock.set('2026-11-22T00:00:10Z');
    let last: Response | undefined;
    for (let sent = 0; sent < 1000; sent += 25) {
      nextMinute();
      const responses = await burst(25);
      expect(responses.every((r) => r.status === 200)).toBe(true);
      last = responses.at(-1);
    }
    // 1,000 used today, 25 this minute: the day (0 left) is now tighter than the minute (5 left).
    expect(limitHeaders(last as Response).limit).toBe(1000);
    expect(limitHeaders(last as Response).remaining).toBe(0);
    nextMinute();
    const refused = await server.get('/v1/parks');
    expect(refused.status).toBe(429);
    const secondsToMidnight = Math.ceil((Date.parse('2026-11-23T00:00:00Z') - clock.now()) / 1000);
    expect(refused.headers.get('retry-after')).toBe(String(secondsToMidnight));
    expect(limitHeaders(refused)).toEqual({ limit: 1000, remaining: 0, reset: secondsToMidnight });
    expect(await refused.text()).toMatch(/1,000 requests per UTC day/);
    clock.set('2026-11-23T00:00:05Z');
    expect((await server.get('/v1/parks')).status).toBe(200);
  });
});

describe('keys', () => {
  const malformed = 'pk_live_short';
  const unknown = `pk_live_${'A'.repeat(32)}`;

  it.each([
    ['a malformed Bearer key', { authorization: `Bearer ${malformed}` }, /malformed/],
    ['a malformed X-Service-Key', { 'x-service-key': malformed }, /malformed/],
    ['an unknown Bearer key', { authorization: `Bearer ${unknown}` }, /not known/],
    ['an unknown X-Service-Key', { 'x-service-key': unknown }, /not known/],
    ['a non-Bearer Authorization', { authorization: 'Basic dXNlcjpwYXNz' }, /must be "Bearer <API_KEY>"/],
  ])('answers 401 invalid_key, never a downgrade, for %s', async (_case, headers, message) => {
    nextMinute();
    const received = await receive(await server.get('/v1/parks', { headers }));
    expectError(received, contract, '/v1/parks', { status: 401, code: 'invalid_key', message });
    expect((received.body.error as { message: string }).message).toMatch(/drop the key headers/);
  });

  it('answers 401 when two different keys are sent', async () => {
    const received = await receive(
      await server.get('/v1/parks', {
        headers: { authorization: `Bearer ${freeKey}`, 'x-service-key': partnerKey },
      }),
    );
    expect(received.status).toBe(401);
  });

  it('refuses a key in the query of a non-stream endpoint, saying where to send it', async () => {
    const received = await receive(await server.get(`/v1/parks?key=${freeKey}`));
    expectError(received, contract, '/v1/parks', {
      status: 400,
      code: 'invalid_request',
      message: /stream endpoints only/,
    });
  });

  it('stops accepting a revoked key within the 10-minute verdict lifetime', async () => {
    nextMinute();
    const key = await createKeyWithCli(server.dataDir, 'free');
    const headers = { authorization: `Bearer ${key}` };
    expect((await server.get('/v1/parks', { headers })).status).toBe(200);
    await cli(server.dataDir, 'keys', 'revoke', key);
    // The cached verdict still holds for up to 10 minutes…
    clock.advance(9 * 60_000);
    expect((await server.get('/v1/parks', { headers })).status).toBe(200);
    // …and not a moment longer.
    clock.advance(60_000 + 1);
    const received = await receive(await server.get('/v1/parks', { headers }));
    expectError(received, contract, '/v1/parks', { status: 401, code: 'invalid_key', message: /revoked/ });
  });

  it('never writes a key or a key hash to the log', () => {
    const log = server.logs.join('\n');
    for (const key of [freeKey, partnerKey]) {
      expect(log).not.toContain(key);
      expect(log).not.toContain(key.slice(8));
      expect(log).not.toContain(hashKey(key));
    }
    expect(log).toContain('/v1/parks');
  });
});
