/**
 * A browser's HTTP cache keeps callers apart: a page on another origin fetches an endpoint without
 * a key, then with one, then without again. Each answer carries its own caller's limits (keyless 30
 * a minute, a free key 120), though every answer is `public, max-age=300`: `Vary` on the key headers
 * is what keeps them apart.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchChromium, type Browser } from '../support/chromium.js';
import { createKey } from '../support/keys.js';
import { startServer, type TestServer } from '../support/server.js';

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>cache probe</title></head><body>
<script>
  const params = new URLSearchParams(location.search);
  const api = params.get('api');
  const key = params.get('key');
  async function probe(headers) {
    const response = await fetch(api + '/v1/parks', { headers });
    await response.json();
    return {
      status: response.status,
      limit: response.headers.get('x-ratelimit-limit'),
      cacheControl: response.headers.get('cache-control'),
    };
  }
  window.done = (async () => [
    await probe({}),
    await probe({ 'X-Service-Key': key }),
    await probe({}),
    await probe({ Authorization: 'Bearer ' + key }),
  ])();
</script></body></html>`;

let server: TestServer;
let pageServer: Server;
let browser: Browser | undefined;

beforeAll(async () => {
  if (!chromiumPath()) return;
  server = await startServer();
  pageServer = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE);
  });
  await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
  browser = await launchChromium();
});

afterAll(async () => {
  if (!chromiumPath()) return;
  await browser?.close();
  await new Promise((resolve) => pageServer.close(resolve));
  await server.close();
});

describe.skipIf(!chromiumPath())("a browser's cache", () => {
  it('gives a keyed fetch after a keyless one its own limits, and the keyless one its own', async () => {
    const key = await createKey(server.dataDir, 'free');
    const page = browser?.context.pages()[0] ?? (await browser?.context.newPage());
    if (!page) throw new Error('no page');
    const { port } = pageServer.address() as AddressInfo;
    const params = new URLSearchParams({ api: server.url, key });
    await page.goto(`http://127.0.0.1:${port}/?${params.toString()}`);
    const results = await page.evaluate(
      () =>
        (
          globalThis as unknown as {
            done: Promise<{ status: number; limit: string; cacheControl: string }[]>;
          }
        ).done,
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(results.map((r) => r.limit)).toEqual(['30', '120', '30', '120']);
    expect(results[0]?.cacheControl).toBe('public, max-age=300');
    expect(results[1]?.cacheControl).toBe('public, max-age=300');
  });
});
