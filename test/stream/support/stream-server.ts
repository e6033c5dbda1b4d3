/**
 * The real server for stream tests: `startServer` from the shared harness, plus stream options
 * (short timers, a smaller buffer limit, a test gate) passed to the composition root.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createApp, type App, type Feeds } from '../../../src/app/index.js';
import { createLogger } from '../../../src/app/logger.js';
import type { Catalog } from '../../../src/catalog/catalog.js';
import { loadConfig } from '../../../src/config/index.js';
import type { Clock } from '../../../src/lib/clock.js';
import type { StreamOptions } from '../../../src/stream/index.js';
import { BASE_URL, SITE_URL } from '../../support/server.js';

export interface StreamServer {
  readonly app: App;
  /** http://127.0.0.1:<port> */
  readonly url: string;
  /** ws://127.0.0.1:<port>/v1/stream */
  readonly wsUrl: string;
  readonly logs: string[];
  close(): Promise<void>;
}

export interface StreamServerOptions {
  /** Polling is off: the test drives `app.ingest.refreshAll()` after moving the clock. */
  readonly clock: Clock;
  readonly feeds?: (catalog: Catalog) => Feeds;
  readonly streams?: Partial<StreamOptions>;
}

const DAY = 86_400_000;

export async function startStreamServer(options: StreamServerOptions): Promise<StreamServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'queuecast-stream-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SITE_URL,
    BASE_URL,
    LOG_LEVEL: 'info',
    COVERAGE_START: new Date(options.clock.now() - DAY).toISOString().slice(0, 10),
  });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const app = await createApp({
    config,
    logger: createLogger(config.logLevel, sink),
    clock: options.clock,
    poll: false,
    ...(options.feeds ? { feeds: options.feeds } : {}),
    ...(options.streams ? { streams: options.streams } : {}),
  });
  const url = await app.listen();
  let closed = false;
  return {
    app,
    url,
    wsUrl: `${url.replace(/^http/, 'ws')}/v1/stream`,
    logs,
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
