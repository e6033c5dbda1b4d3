/**
 * A real browser: headless Chromium (Debian's `chromium`, driven by playwright-core) opens a page
 * from another origin that uses the browser's own WebSocket and EventSource. Both receive the
 * snapshot, then a change made by advancing the simulator's clock.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { chromiumPath, launchChromium, type Browser } from '../support/chromium.js';
import { SITE_URL } from '../support/server.js';
import { NOON_NEW_YORK, advance } from './support/drive.js';
import { startStreamServer, type StreamServer } from './support/stream-server.js';

/** The page: every message either transport receives, parsed, in `window.received`. */
const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>queuecast stream</title></head>
<body><script>
  const params = new URLSearchParams(location.search);
  window.received = { ws: [], sse: [], wsClose: null, sseErrors: 0 };
  const ws = new WebSocket(params.get('ws'));
  ws.onmessage = (event) => {
    const message = JSON.parse(event.data);
    window.received.ws.push(message);
    if (message.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', parks: ['mk'] }));
  };
  ws.onclose = (event) => { window.received.wsClose = { code: event.code, reason: event.reason }; };
  const source = new EventSource(params.get('sse'));
  source.onmessage = (event) => { window.received.sse.push(JSON.parse(event.data)); };
  source.onerror = () => { window.received.sseErrors += 1; };
</script></body></html>`;

interface Received {
  ws: { type: string; park_key?: string; entries?: unknown[]; changes?: unknown[] }[];
  sse: { type: string; park_key?: string; entries?: unknown[]; changes?: unknown[] }[];
  wsClose: { code: number; reason: string } | null;
  sseErrors: number;
}

const clock = new ManualClock(NOON_NEW_YORK);
let server: StreamServer;
let pageServer: Server;
let browser: Browser | undefined;
let page: Page;

const received = () => page.evaluate(() => (globalThis as unknown as { received: Received }).received);

beforeAll(async () => {
  if (!chromiumPath()) return;
  server = await startStreamServer({ clock });
  pageServer = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE);
  });
  await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
  browser = await launchChromium();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
});

afterAll(async () => {
  if (!chromiumPath()) return;
  await browser?.close();
  await new Promise((resolve) => pageServer.close(resolve));
  await server.close();
});

describe.skipIf(!chromiumPath())('a browser page', () => {
  it("receives the snapshot, then a change, through the browser's WebSocket and EventSource", async () => {
    const { port } = pageServer.address() as AddressInfo;
    const params = new URLSearchParams({
      ws: server.wsUrl,
      sse: `${server.url}/v1/parks/magic-kingdom/waits/stream`,
    });
    await page.goto(`http://127.0.0.1:${port}/?${params.toString()}`);
    await page.waitForFunction(() => {
      const { ws, sse } = (globalThis as unknown as { received: Received }).received;
      return ws.some((m) => m.type === 'snapshot') && sse.some((m) => m.type === 'snapshot');
    });
    let got = await received();
    expect(got.ws.map((m) => m.type)).toEqual(['ready', 'subscribed', 'snapshot']);
    expect(got.sse.map((m) => m.type)).toEqual(['subscribed', 'snapshot']);
    const wsSnapshot = got.ws[2];
    expect(wsSnapshot).toMatchObject({
      park_key: 'magic-kingdom',
      attribution: { url: `${SITE_URL}/parks/magic-kingdom` },
    });
    expect(got.sse[1]).toEqual(wsSnapshot);

    for (let minute = 0; minute < 60; minute++) {
      await advance(server, clock);
      got = await received();
      if (got.ws.some((m) => m.type === 'changes') && got.sse.some((m) => m.type === 'changes')) break;
      await page.waitForTimeout(20);
    }
    await page.waitForFunction(() => {
      const { ws, sse } = (globalThis as unknown as { received: Received }).received;
      return ws.some((m) => m.type === 'changes') && sse.some((m) => m.type === 'changes');
    });
    got = await received();
    const wsChanges = got.ws.find((m) => m.type === 'changes');
    const sseChanges = got.sse.find((m) => m.type === 'changes');
    expect(wsChanges?.park_key).toBe('magic-kingdom');
    expect(wsChanges?.changes?.length).toBeGreaterThan(0);
    expect(sseChanges).toEqual(wsChanges);
    expect(got.sseErrors).toBe(0);
    expect(got.wsClose).toBeNull();
  });
});
