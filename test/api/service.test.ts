import type { IndexResponse } from '../../src/api/routes/service/get-index.js';
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/suite.js';
import { expectError, expectSuccess, receive } from '../support/expect-response.js';
import { BASE_URL, SITE_URL } from '../support/server.js';

const ctx = useServer();

describe('GET /v1', () => {
  it('answers the index with every field, and no rate-limit headers', async () => {
    const received = await receive(await ctx.server.get('/v1'));
    expectSuccess(received, ctx.contract, '/v1', { maxAge: 300, attributionUrl: `${SITE_URL}/` });
    expect(received.body).toMatchObject({
      name: 'queuecast',
      docs: { html: `${SITE_URL}/docs`, markdown: `${SITE_URL}/docs.md` },
      openapi_url: `${BASE_URL}/v1/openapi.json`,
      stream_url: 'wss://api.queuecast.test/v1/stream',
      sse_url_template: `${BASE_URL}/v1/parks/{park}/waits/stream`,
    });
    expect(received.body.attribution_rule).toMatch(/Live data from queuecast\.test.*visible link/);
    expect(received.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('lists exactly the endpoints the description document has (the WebSocket at its top level), one line each', async () => {
    const received = await receive<IndexResponse>(await ctx.server.get('/v1'));
    const listed = received.body.endpoints.map((e) => e.path).sort();
    const websocket = (ctx.contract.document as { 'x-websocket'?: { path: string } })['x-websocket'];
    const documented = [...Object.keys(ctx.contract.document.paths ?? {}), websocket?.path]
      .map((path) => `GET ${path}`)
      .sort();
    expect(listed).toEqual(documented);
    expect(listed).toContain('GET /v1/parks/{park}/rides/{ride}');
    for (const endpoint of received.body.endpoints) {
      expect(endpoint.description).not.toMatch(/\n/);
    }
  });

  it('carries exactly the fields the spec shows, and points to the limits of each tier', async () => {
    const received = await receive<IndexResponse>(await ctx.server.get('/v1'));
    expect(Object.keys(received.body).sort()).toEqual(
      [
        'schema_version',
        'name',
        'docs',
        'openapi_url',
        'stream_url',
        'sse_url_template',
        'attribution_rule',
        'endpoints',
        'docs_url',
        'attribution',
        'generated_at',
      ].sort(),
    );
    const docs = await (await ctx.server.get('/docs.md')).text();
    expect(docs).toContain(
      'No key (per IP address): 30 requests a minute, 1,000 a UTC day, 2 concurrent streams.',
    );
    expect(docs).toContain('Partner key: 600 requests a minute, 200,000 a UTC day, 100 concurrent streams.');
  });
});

describe('GET /v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document, version 1.0.0, with the three security schemes', async () => {
    const response = await ctx.server.get('/v1/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const document = ctx.contract.document;
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.0.0');
    expect(document.components?.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer' },
      serviceKey: { type: 'apiKey', in: 'header', name: 'X-Service-Key' },
      queryKey: { type: 'apiKey', in: 'query', name: 'key' },
    });
  });

  it('declares the error responses of each endpoint row', async () => {
    const operation = ctx.contract.document.paths?.['/v1/parks/{park}/rides']?.get;
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual([
      '200',
      '304',
      '400',
      '401',
      '404',
      '429',
      '503',
    ]);
    const index = ctx.contract.document.paths?.['/v1']?.get;
    expect(Object.keys(index?.responses ?? {})).toEqual(['200', '304']);
    expect(index?.security).toEqual([]);
  });
});

describe('what every endpoint shares', () => {
  it('answers unknown paths with a JSON 404 that points to the index', async () => {
    const received = await receive(await ctx.server.get('/v1/volcanoes'));
    expectError(received, undefined, '/v1/volcanoes', {
      status: 404,
      code: 'not_found',
      message: /No endpoint at GET \/v1\/volcanoes\. .*\/v1\./,
    });
  });

  it.each([
    ['POST', '/v1/parks'],
    ['PUT', '/v1/parks/mk/waits'],
    ['PATCH', '/v1/rides/magic-kingdom_space-mountain'],
    ['DELETE', '/v1/parks'],
    ['PROPFIND', '/v1/parks'],
    ['DELETE', '/v1/no-such-path'],
    ['OPTIONS', '/v1/parks'],
  ])('answers %s %s with 405 and Allow', async (method, path) => {
    const received = await receive(await ctx.server.get(path, { method }));
    expectError(received, undefined, path, {
      status: 405,
      code: 'method_not_allowed',
      message: /use GET/,
    });
    expect(received.headers.get('allow')).toBe('GET');
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await ctx.server.get('/v1/parks', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await response.text()).toBe('');
  });

  it('answers a browser preflight for the key headers', async () => {
    const response = await ctx.server.get('/v1/parks', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://example.com',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-service-key',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/X-Service-Key/i);
  });

  it('echoes a sane X-Request-Id and makes one otherwise', async () => {
    const given = await ctx.server.get('/v1/parks', { headers: { 'x-request-id': 'trace-123' } });
    expect(given.headers.get('x-request-id')).toBe('trace-123');
    const made = await ctx.server.get('/v1/parks', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(made.headers.get('x-request-id')).toMatch(/^[\w-]{4}-[0-9a-z]+$/);
  });

  it('accepts a trailing slash', async () => {
    expect((await ctx.server.get('/v1/parks/')).status).toBe(200);
  });

  it('logs each request with its request ID', async () => {
    await ctx.server.get('/v1/resorts', { headers: { 'x-request-id': 'log-probe-1' } });
    const lines = ctx.server.logs.map(
      (line) => JSON.parse(line) as { reqId?: string; req?: { url: string } },
    );
    expect(lines.some((line) => line.reqId === 'log-probe-1' && line.req?.url === '/v1/resorts')).toBe(true);
  });
});

describe('GET /healthz and /readyz', () => {
  it('answer a load balancer without counting against any limit, outside the OpenAPI paths', async () => {
    for (let call = 0; call < 35; call++) {
      const live = await ctx.server.get('/healthz');
      expect(live.status).toBe(200);
      expect(live.headers.get('x-ratelimit-limit')).toBeNull();
      await live.body?.cancel();
    }
    const ready = await ctx.server.get('/readyz');
    const body = (await ready.json()) as { status: string };
    expect(ready.status, JSON.stringify(body)).toBe(200);
    expect(body.status).toBe('ready');
    expect(Object.keys(ctx.contract.document.paths ?? {})).not.toContain('/readyz');
  });
});
