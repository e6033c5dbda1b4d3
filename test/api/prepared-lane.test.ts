/**
 * The prepared lane answers plain requests to prepared routes before the router; everything else
 * goes to the router. Both paths must give the same answer: these tests ask each for the same thing
 * (a query string sends a request to the router; /waits ignores it) and compare.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { createKey } from '../support/keys.js';
import { expectError, expectSuccess, receive } from '../support/expect-response.js';
import { OpenApiContract } from '../support/openapi.js';
import { SITE_URL, startServer, type TestServer } from '../support/server.js';

const clock = new ManualClock(Date.parse('2026-11-21T15:00:05Z'));
const WAITS = '/v1/parks/mk/waits';
let server: TestServer;
let contract: OpenApiContract;
let partnerKey: string;

beforeAll(async () => {
  server = await startServer({ clock });
  contract = await OpenApiContract.fetch(server.url);
  partnerKey = await createKey(server.dataDir, 'partner');
});
afterAll(() => server.close());

const answered = () => server.app.server.preparedLane.answered;

/** Headers that differ between any two requests: the date, and the count that went down by one. */
const VARYING = new Set(['date', 'x-ratelimit-remaining']);

async function exchange(path: string, headers: Record<string, string>) {
  const before = answered();
  const response = await server.get(path, { headers: { 'x-request-id': 'lane-probe', ...headers } });
  const bytes = Buffer.from(await response.arrayBuffer());
  const fixed = [...response.headers].filter(([name]) => !VARYING.has(name));
  return {
    status: response.status,
    headers: Object.fromEntries(fixed),
    remaining: Number(response.headers.get('x-ratelimit-remaining')),
    bytes,
    inLane: answered() > before,
  };
}

describe('the prepared lane', () => {
  it.each([
    ['keyless', {}],
    ['with a partner key', { authorization: 'KEY' }],
    ['with X-Service-Key and brotli', { 'x-service-key': 'KEY', 'accept-encoding': 'gzip, br' }],
    ['gzip only', { 'accept-encoding': 'gzip' }],
  ])('answers a plain GET (%s) exactly as the router does', async (_case, template) => {
    const headers = Object.fromEntries(
      Object.entries(template).map(([name, value]) => [
        name,
        value === 'KEY' ? (name === 'authorization' ? `Bearer ${partnerKey}` : partnerKey) : value,
      ]),
    );
    // The first keyed request looks the key up (through the lane, after the lookup).
    await exchange(WAITS, headers);
    const lane = await exchange(WAITS, headers);
    const router = await exchange(`${WAITS}?via=router`, headers);
    expect(lane.inLane).toBe(true);
    expect(router.inLane).toBe(false);
    expect(lane.status).toBe(200);
    expect(lane.headers).toEqual(router.headers);
    expect(lane.bytes.equals(router.bytes)).toBe(true);
    expect(router.remaining).toBe(lane.remaining - 1);
  });

  it('answers If-None-Match with the same 304 as the router', async () => {
    const first = await server.get(WAITS);
    const etag = first.headers.get('etag') ?? '';
    await first.arrayBuffer();
    const lane = await exchange(WAITS, { 'if-none-match': etag });
    const router = await exchange(`${WAITS}?via=router`, { 'if-none-match': etag });
    expect(lane).toMatchObject({ status: 304, inLane: true });
    expect(lane.headers).toEqual(router.headers);
    expect(lane.bytes.length).toBe(0);
  });

  it('gives a body that passes the published schema', async () => {
    const before = answered();
    const received = await receive(await server.get(WAITS));
    expect(answered()).toBe(before + 1);
    expectSuccess(received, contract, WAITS, {
      maxAge: 5,
      attributionUrl: `${SITE_URL}/parks/magic-kingdom`,
    });
  });

  it('serves a new body once the snapshot changes', async () => {
    const before = await server.get(WAITS);
    const etag = before.headers.get('etag');
    await before.arrayBuffer();
    clock.advance(60_000);
    await server.app.ingest.refreshAll();
    const after = await server.get(WAITS, { headers: { 'if-none-match': etag ?? '' } });
    const body = (await after.json()) as { refreshed_at: string };
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(body.refreshed_at).toBe(new Date(clock.now()).toISOString());
  });

  it('leaves unknown parks, bad keys, key queries, bad or undeclared query parameters, HEAD and other methods to the router', async () => {
    const HISTORY = '/v1/rides/magic-kingdom_space-mountain/history';
    await (await server.get(`${HISTORY}?days=7`)).arrayBuffer(); // prepares the body
    const before = answered();
    expectError(await receive(await server.get('/v1/parks/atlantis/waits')), contract, WAITS, {
      status: 404,
      code: 'not_found',
      message: /Unknown park "atlantis"/,
    });
    const badKey = await server.get(WAITS, { headers: { authorization: 'Bearer pk_live_short' } });
    expect(badKey.status).toBe(401);
    await badKey.arrayBuffer();
    const queryKey = await server.get(`${WAITS}?key=${partnerKey}`);
    expect(queryKey.status).toBe(400);
    await queryKey.arrayBuffer();
    const noncanonical = await server.get(`${HISTORY}?days=07`);
    expect(noncanonical.status).toBe(400);
    await noncanonical.arrayBuffer();
    const undeclared = await server.get(`${HISTORY}?days=7&utm_source=x`);
    expect(undeclared.status).toBe(200);
    await undeclared.arrayBuffer();
    const outOfRange = await server.get(`${HISTORY}?days=8`);
    expect(outOfRange.status).toBe(400);
    await outOfRange.arrayBuffer();
    const head = await server.get(WAITS, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const post = await server.get(WAITS, { method: 'POST' });
    expect(post.status).toBe(405);
    await post.arrayBuffer();
    expect(answered()).toBe(before);
  });

  it('counts each request once, in the lane or not, and refuses through the router', async () => {
    clock.set('2026-11-21T15:10:05Z');
    await server.app.ingest.refreshAll();
    const client = { 'x-forwarded-for': '203.0.113.9' };
    // Direct loopback connections: X-Forwarded-For is not trusted, so the address is 127.0.0.1.
    const remaining: number[] = [];
    for (let i = 0; i < 30; i++) {
      const response = await server.get(i % 2 === 0 ? WAITS : `${WAITS}?via=router`, { headers: client });
      await response.arrayBuffer();
      remaining.push(Number(response.headers.get('x-ratelimit-remaining')));
    }
    expect(remaining).toEqual(Array.from({ length: 30 }, (_, i) => 29 - i));
    const refused = await server.get(WAITS);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('55');
    await refused.arrayBuffer();
  });
});
