/**
 * What an attacker (or a broken client) sends, on the socket itself: every answer is the JSON
 * envelope with `docs_url`, never a 5xx, never Node's or a library's bare text, and no key reaches
 * the log. Slow and idle connections are cut off, and one address cannot hold the server's sockets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../support/keys.js';
import { openSocket, rawExchange, readResponse, type RawResponse } from '../support/raw-http.js';
import { SITE_URL, startServer, type TestServer } from '../support/server.js';

let server: TestServer;
let key: string;
let host: string;

beforeAll(async () => {
  server = await startServer({
    env: { LOG_LEVEL: 'trace' },
    http: { headersTimeoutMs: 1_000, requestTimeoutMs: 2_000 },
  });
  key = await createKey(server.dataDir, 'free');
  host = new URL(server.url).host;
});
afterAll(() => server.close());

/** The error envelope, with `code`, from any answer the process writes. */
function expectEnvelope(response: RawResponse, status: number, code: string): void {
  expect(response.status, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json, response.body).toMatchObject({
    schema_version: 1,
    error: { code, docs_url: `${SITE_URL}/docs#errors` },
    docs_url: `${SITE_URL}/docs`,
    attribution: { url: `${SITE_URL}/`, required: true },
  });
}

const get = (target: string, headers = '') => `GET ${target} HTTP/1.1\r\nHost: ${host}\r\n${headers}\r\n`;

describe('malformed requests', () => {
  it.each([
    ['bad percent-encoding in the path', get('/v1/parks/%ff/waits'), 400, 'invalid_request'],
    ['a lone % in the path', get('/v1/rides/%'), 400, 'invalid_request'],
    ['a NUL in a path segment', get('/v1/parks/mk%00/waits'), 400, 'invalid_request'],
    ['a bidi override in a path segment', get('/v1/parks/mk%E2%80%AE/waits'), 400, 'invalid_request'],
    ['a 500-character unknown ride ID', get(`/v1/rides/${'x'.repeat(500)}`), 404, 'not_found'],
    ['a 5,000-character unknown park', get(`/v1/parks/${'p'.repeat(5_000)}/waits`), 404, 'not_found'],
    [
      'a header line without a colon',
      `GET /v1/parks HTTP/1.1\r\nHost: ${host}\r\nNo colon here\r\n\r\n`,
      400,
      'invalid_request',
    ],
    ['an unparsable method', `G@T /v1/parks HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 405, 'method_not_allowed'],
    ['an unknown method', `BREW /v1/parks HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 405, 'method_not_allowed'],
    ['TRACE', `TRACE /v1/parks HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 405, 'method_not_allowed'],
    ['PROPFIND', `PROPFIND /v1/parks HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 405, 'method_not_allowed'],
    ['DELETE', `DELETE /v1/parks HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 405, 'method_not_allowed'],
    [
      'OPTIONS without Origin',
      `OPTIONS /v1/parks HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
      405,
      'method_not_allowed',
    ],
    ['a request without Host', 'GET /v1/parks HTTP/1.1\r\n\r\n', 400, 'invalid_request'],
    ['20 KB of headers', get('/v1/parks', `X-Padding: ${'a'.repeat(20_000)}\r\n`), 431, 'invalid_request'],
    [
      'days=Infinity',
      get('/v1/rides/magic-kingdom_space-mountain/history?days=Infinity'),
      400,
      'invalid_request',
    ],
    ['days=1e400', get('/v1/rides/magic-kingdom_space-mountain/history?days=1e400'), 400, 'invalid_request'],
    [
      'days=-Infinity',
      get('/v1/rides/magic-kingdom_space-mountain/outages?days=-Infinity'),
      400,
      'invalid_request',
    ],
    [
      'a WebSocket handshake without a key',
      get('/v1/stream', 'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n'),
      400,
      'invalid_request',
    ],
    [
      'a WebSocket handshake of an unknown version',
      get(
        '/v1/stream',
        'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 99\r\n',
      ),
      400,
      'invalid_request',
    ],
    [
      'a WebSocket upgrade elsewhere',
      get(
        '/v1/parks',
        'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n',
      ),
      404,
      'not_found',
    ],
  ])('answers %s in the envelope', async (_case, request, status, code) => {
    expectEnvelope(await rawExchange(server.url, request), status, code);
  });

  it('names the methods it serves in Allow on every 405', async () => {
    const response = await rawExchange(
      server.url,
      `DELETE /v1/no/such/path HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
    );
    expectEnvelope(response, 405, 'method_not_allowed');
    expect(response.headers.allow).toBe('GET');
  });

  it('answers a CORS preflight, and still serves HTTP/1.0 without Host', async () => {
    const preflight = await rawExchange(
      server.url,
      `OPTIONS /v1/parks HTTP/1.1\r\nHost: ${host}\r\nOrigin: https://app.example\r\nAccess-Control-Request-Method: GET\r\nAccess-Control-Request-Headers: authorization\r\n\r\n`,
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    const old = await rawExchange(server.url, 'GET /v1 HTTP/1.0\r\n\r\n');
    expect(old.status).toBe(200);
  });

  it('writes no key to the log, even at trace, even from a request the parser refuses', async () => {
    const bearer = await rawExchange(
      server.url,
      `GET /v1/parks HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${key}\r\nBroken header\r\n\r\n`,
    );
    expectEnvelope(bearer, 400, 'invalid_request');
    await rawExchange(server.url, `GET /v1/parks HTTP/1.1\r\nHost: ${host}\r\nX-Service-Key: ${key}\r\n\r\n`);
    await rawExchange(server.url, get(`/v1/parks/mk/waits?key=${key}`));
    await rawExchange(server.url, get(`/v1/rides/${key}`));
    await rawExchange(server.url, get(`/v1/parks/mk/waits/stream?key=${key}&x=%ff`));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.logs.length).toBeGreaterThan(0);
    const leaked = server.logs.filter((line) => line.includes(key.slice(8)));
    expect(leaked).toEqual([]);
  });
});

describe('slow clients', () => {
  it('cuts off a client that trickles its headers, with a 408 in the envelope', async () => {
    const socket = await openSocket(server.url);
    const response = readResponse(socket, 5_000);
    socket.write(`GET /v1/parks HTTP/1.1\r\nHost: ${host}\r\n`);
    const timer = setInterval(() => socket.write('X-Slow: a\r\n'), 200);
    try {
      expectEnvelope(await response, 408, 'invalid_request');
    } finally {
      clearInterval(timer);
      socket.destroy();
    }
  });

  it('cuts off a connection that keeps trickling a request body', async () => {
    const socket = await openSocket(server.url);
    const closed = new Promise<number>((resolve) => {
      const started = Date.now();
      socket.once('close', () => {
        resolve(Date.now() - started);
      });
    });
    const response = readResponse(socket, 6_000);
    socket.write(`GET /v1/parks HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 100000\r\n\r\n`);
    const timer = setInterval(() => socket.write('a'), 100);
    try {
      // A GET is answered without its body; the connection is then cut once the request times out.
      expect((await response).status).toBe(200);
      expect(await closed).toBeLessThan(5_000);
    } finally {
      clearInterval(timer);
      socket.destroy();
    }
  });
});

describe('the connection cap', () => {
  let capped: TestServer;
  beforeAll(async () => {
    // The test connects from loopback, which is not capped unless asked.
    capped = await startServer({ http: { maxConnectionsPerAddress: 3, capLoopback: true } });
  });
  afterAll(() => capped.close());

  it('refuses an address its fourth idle connection with a 429, and takes keyed ones', async () => {
    const held = await Promise.all([1, 2, 3].map(() => openSocket(capped.url)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const refused = await rawExchange(capped.url, `GET /v1 HTTP/1.1\r\nHost: x\r\n\r\n`);
    expectEnvelope(refused, 429, 'rate_limited');
    expect(refused.headers['retry-after']).toBe('5');
    expect((refused.json?.error as { message: string }).message).toMatch(/Too many open connections/);
    // A keyed request frees its connection from the count.
    const freeKey = await createKey(capped.dataDir, 'free');
    const first = held[0];
    if (!first) throw new Error('no socket');
    const keyed = readResponse(first);
    first.write(`GET /v1/parks HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${freeKey}\r\n\r\n`);
    expect((await keyed).status).toBe(200);
    const admitted = await rawExchange(capped.url, `GET /v1 HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(admitted.status).toBe(200);
    for (const socket of held) socket.destroy();
  });

  it('does not count connections from this machine by default (a local proxy, the operator)', async () => {
    const local = await startServer({ http: { maxConnectionsPerAddress: 3 } });
    try {
      const held = await Promise.all([1, 2, 3, 4, 5].map(() => openSocket(local.url)));
      const answer = await rawExchange(local.url, `GET /v1 HTTP/1.1\r\nHost: x\r\n\r\n`);
      expect(answer.status).toBe(200);
      for (const socket of held) socket.destroy();
    } finally {
      await local.close();
    }
  });
});
