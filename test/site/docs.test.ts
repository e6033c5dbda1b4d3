import { describe, expect, it } from 'vitest';
import { useServer } from '../support/suite.js';

const ctx = useServer();

describe('developer documentation', () => {
  it('serves an HTML reference of every operation, with the errors section the error docs_url points to', async () => {
    const response = await ctx.server.get('/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('id="errors"');
    for (const [path, item] of Object.entries(ctx.contract.document.paths ?? {})) {
      expect(html, path).toContain(path);
      expect(html).toContain(`id="${item?.get?.operationId ?? ''}"`);
    }
    expect(html).toContain('rights_unavailable');
    // The WebSocket's example is a WebSocket session; curl would only get 426.
    expect(html).toContain('npx wscat -c ws');
    expect(html).not.toMatch(/curl [^<]*\/v1\/stream</);
    expect(html).toContain('From a browser');
  });

  it('serves the same reference as Markdown', async () => {
    const response = await ctx.server.get('/docs.md');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/markdown/);
    const markdown = await response.text();
    expect(markdown).toMatch(/^# /);
    for (const path of Object.keys(ctx.contract.document.paths ?? {}))
      expect(markdown, path).toContain(`GET ${path}`);
  });

  it('keeps the docs pages out of the API description and the index', async () => {
    expect(Object.keys(ctx.contract.document.paths ?? {})).not.toContain('/docs');
    const index = (await (await ctx.server.get('/v1')).json()) as { endpoints: { path: string }[] };
    expect(index.endpoints.map((e) => e.path)).not.toContain('GET /docs');
  });
});
