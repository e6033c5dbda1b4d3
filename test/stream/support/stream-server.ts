/**
 * The real server for stream tests: the shared harness with polling off (the test drives
 * `app.ingest.refreshAll()` after moving the clock) and stream options, plus the WebSocket address.
 */
import type { Feeds } from '../../../src/app/index.js';
import type { Catalog } from '../../../src/catalog/catalog.js';
import type { Clock } from '../../../src/lib/clock.js';
import { openGate } from '../../../src/stream/gate.js';
import type { StreamOptions } from '../../../src/stream/index.js';
import { startServer, type TestServer } from '../../support/server.js';

export interface StreamServer extends TestServer {
  /** ws://127.0.0.1:<port>/v1/stream */
  readonly wsUrl: string;
}

export interface StreamServerOptions {
  readonly clock: Clock;
  readonly feeds?: (catalog: Catalog) => Feeds;
  readonly streams?: Partial<StreamOptions>;
  readonly env?: Record<string, string>;
}

/**
 * Stream mechanics are tested behind the open gate (many connections from one address); the access
 * rules for streams have their own tests with the real gate (test/stream/access.test.ts).
 */
export async function startStreamServer(options: StreamServerOptions): Promise<StreamServer> {
  const server = await startServer({ ...options, streams: { gate: openGate, ...options.streams } });
  return { ...server, wsUrl: `${server.url.replace(/^http/, 'ws')}/v1/stream` };
}
