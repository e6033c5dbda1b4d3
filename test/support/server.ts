/**
 * Starts the real server on a random loopback port with a temporary data directory, as a client
 * would meet it. Public addresses are fixed so tests can assert attribution and docs links.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createApp, type App } from '../../src/app/index.js';
import { createLogger } from '../../src/app/logger.js';
import { loadConfig } from '../../src/config/index.js';
import type { Feeds } from '../../src/app/index.js';
import type { Catalog } from '../../src/catalog/catalog.js';
import { systemClock, type Clock } from '../../src/lib/clock.js';
import type { StreamOptions } from '../../src/stream/index.js';
import type { HttpLimits } from '../../src/api/server.js';

export const SITE_URL = 'https://queuecast.test';
export const BASE_URL = 'https://api.queuecast.test';

export interface TestServer {
  readonly app: App;
  /** The server's DATA_DIR, for running the CLI against it. */
  readonly dataDir: string;
  /** The real address the server listens on, e.g. http://127.0.0.1:41234 */
  readonly url: string;
  /** Every log line the server wrote. */
  readonly logs: string[];
  get(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export interface StartOptions {
  readonly env?: Record<string, string>;
  /** Stream timers, limits and gate (stream tests shorten the timers). */
  readonly streams?: Partial<StreamOptions>;
  /** A manual clock also turns polling off: the test drives `app.ingest.refreshAll()`. */
  readonly clock?: Clock;
  readonly feeds?: (catalog: Catalog) => Feeds;
  /** HTTP timeouts and the connection cap. */
  readonly http?: Partial<HttpLimits>;
  /** With REDIS_URL: the prefix of this server's keys, so servers sharing one Redis stay apart. */
  readonly redisKeyPrefix?: string;
}

const DAY = 86_400_000;

/**
 * History starts the day before the clock unless a test says otherwise, so each server backfills a
 * day, not the whole coverage period.
 */
export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const clock = options.clock ?? systemClock;
  const dataDir = mkdtempSync(join(tmpdir(), 'queuecast-test-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SITE_URL,
    BASE_URL,
    LOG_LEVEL: 'debug',
    COVERAGE_START: new Date(clock.now() - DAY).toISOString().slice(0, 10),
    ...options.env,
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
    clock,
    poll: options.clock === undefined,
    ...(options.feeds ? { feeds: options.feeds } : {}),
    ...(options.streams ? { streams: options.streams } : {}),
    ...(options.http ? { http: options.http } : {}),
    ...(options.redisKeyPrefix === undefined
      ? {}
      : { sharedState: { redisKeyPrefix: options.redisKeyPrefix } }),
  });
  const url = await app.listen();
  let closed = false;
  return {
    app,
    dataDir,
    url,
    logs,
    get: (path, init) => fetch(`${url}${path}`, init),
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
