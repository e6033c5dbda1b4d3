/**
 * The server side of the fan-out benchmark, in its own process: `queuecast` (the real app, its
 * streams as configured by default) or `baseline` (a bare `ws` server broadcasting one string to
 * every client, as the ws README does). Both answer a subscribe with a snapshot and, on request,
 * publish one change and say when (process.hrtime, comparable across processes on one machine).
 *
 *   node --import tsx bench/fanout-server.ts queuecast|baseline
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket, WebSocketServer } from 'ws';
import { createApp } from '../src/app/index.js';
import { createLogger } from '../src/app/logger.js';
import { loadConfig } from '../src/config/index.js';
import { ManualClock } from '../src/lib/clock.js';
import type { LiveEntry } from '../src/live/types.js';
import { serve } from './child.js';

const NOON_NEW_YORK = Date.parse('2026-11-21T17:00:00Z');
const role = process.argv[2];

/** Memory after full collections, with pauses so freed pages are returned first. */
async function memory() {
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  return { rss, heapUsed, external, arrayBuffers };
}

async function queuecast(): Promise<void> {
  const clock = new ManualClock(NOON_NEW_YORK);
  const dataDir = mkdtempSync(join(tmpdir(), 'queuecast-bench-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    COVERAGE_START: new Date(NOON_NEW_YORK - 86_400_000).toISOString().slice(0, 10),
  });
  const app = await createApp({ config, logger: createLogger(config.logLevel), clock, poll: false });
  const url = await app.listen();
  let wait = 0;
  process.once('SIGTERM', () => {
    void app.close().finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
  serve(async (request) => {
    if (request.command === 'memory') return memory();
    if (request.command === 'subscribers') {
      return { count: app.streams.hub.subscriberCount('magic-kingdom') };
    }
    // One ride's posted wait changes: the event ingest publishes after a refresh.
    wait = (wait + 5) % 120;
    const changed: LiveEntry = {
      ride_id: 'magic-kingdom_space-mountain',
      name: 'Space Mountain',
      type: 'ride',
      status: 'OPERATING',
      standby_wait_minutes: wait,
      single_rider_wait_minutes: null,
      priority_lane: null,
      changed_at: clock.now(),
    };
    const t0 = process.hrtime.bigint();
    app.bus.publish({
      type: 'changes',
      park_key: 'magic-kingdom',
      at: clock.now(),
      changed: [changed],
      removed: [],
    });
    const t1 = process.hrtime.bigint();
    return { t0: t0.toString(), loopNs: (t1 - t0).toString() };
  });
  process.send?.({ type: 'listening', url });
}

async function baseline(): Promise<void> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await new Promise((resolve) => wss.once('listening', resolve));
  const snapshot = JSON.stringify({ type: 'snapshot', park_key: 'magic-kingdom', entries: [] });
  wss.on('connection', (socket) => {
    socket.on('message', () => {
      socket.send(snapshot);
    });
  });
  let wait = 0;
  process.once('SIGTERM', () => {
    for (const client of wss.clients) client.terminate();
    wss.close(() => process.exit(0));
  });
  serve(async (request) => {
    if (request.command === 'memory') return memory();
    if (request.command === 'subscribers') return { count: wss.clients.size };
    wait = (wait + 5) % 120;
    const t0 = process.hrtime.bigint();
    // The same message a queuecast client gets, serialised once, sent to every open client.
    const data = JSON.stringify({
      type: 'changes',
      park_key: 'magic-kingdom',
      at: new Date(NOON_NEW_YORK).toISOString(),
      changes: [
        {
          ride_id: 'magic-kingdom_space-mountain',
          name: 'Space Mountain',
          type: 'ride',
          status: 'OPERATING',
          standby_wait_minutes: wait,
          single_rider_wait_minutes: null,
          priority_lane: null,
          changed_at: new Date(NOON_NEW_YORK).toISOString(),
        },
      ],
      removed: [],
      attribution: {
        text: 'Live data from localhost',
        url: 'http://localhost/parks/magic-kingdom',
        required: true,
      },
    });
    for (const client of wss.clients) if (client.readyState === WebSocket.OPEN) client.send(data);
    const t1 = process.hrtime.bigint();
    return { t0: t0.toString(), loopNs: (t1 - t0).toString() };
  });
  const address = wss.address();
  const port = address !== null && typeof address === 'object' ? address.port : 0;
  process.send?.({ type: 'listening', url: `http://127.0.0.1:${port}` });
}

if (role === 'queuecast') await queuecast();
else if (role === 'baseline') await baseline();
else throw new Error('usage: fanout-server.ts queuecast|baseline');
