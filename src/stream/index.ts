/**
 * The streams (SPEC "Events"): WebSocket at `/v1/stream` and Server-Sent Events at
 * `/v1/parks/{park}/waits/stream`, both fed by one hub on the bus.
 *
 * @example
 * const streams = createStreams({ context, bus, logger }, { gate });
 * const server = await buildApiServer(context, logger, (app, parts) => streams.register(app, parts));
 * // … on shutdown, before server.close():
 * await streams.close(); // WebSockets close 1001, SSE streams end
 */
import type { Logger } from 'pino';
import type { ApiContext } from '../http/context.js';
import type { ApiServerParts } from '../http/server-parts.js';
import type { ApiServer } from '../http/server-types.js';
import type { LiveBus } from '../live/events.js';
import { getAsyncapi } from './asyncapi.js';
import { Heartbeat } from './heartbeat.js';
import { StreamHub } from './hub.js';
import { StreamMessages } from './messages.js';
import { STREAM_DEFAULTS, type StreamOptions } from './options.js';
import { registerSseRoute } from './sse.js';
import { WebSocketEndpoint } from './websocket.js';

export type { StreamGate, StreamRequest, StreamVerdict, StreamAdmission, StreamRejection } from './gate.js';
export type { StreamOptions } from './options.js';

export interface StreamDependencies {
  readonly context: ApiContext;
  readonly bus: LiveBus;
  readonly logger: Logger;
}

export interface Streams {
  /** Registers both endpoints on the API server and starts the hub and the heartbeat. */
  register(app: ApiServer, parts: Omit<ApiServerParts, 'app'>): void;
  /**
   * Shutdown: stops taking streams, closes every WebSocket with 1001 and ends every SSE stream;
   * resolves when all are closed (clients that do not answer are cut after the grace period).
   */
  close(): Promise<void>;
  /** The hub, for tests and the benchmark (connection and subscriber counts, status check). */
  readonly hub: StreamHub;
}

export function createStreams(deps: StreamDependencies, overrides: Partial<StreamOptions> = {}): Streams {
  const options: StreamOptions = { ...STREAM_DEFAULTS, ...overrides };
  const { context, bus, logger } = deps;
  const { links, envelopes, clock, services } = context;
  const messages = new StreamMessages({ links, envelopes, clock, live: services.live });
  const hub = new StreamHub(
    { bus, catalog: context.catalog, live: context.services.live, messages, logger },
    options.statusCheckMs,
  );
  const heartbeat = new Heartbeat(options.pingIntervalMs, () => {
    if (hub.connections.size > 0) hub.broadcast(messages.ping());
  });
  const websocket = new WebSocketEndpoint({ context, hub, messages, logger, options });
  let closed: Promise<void> | undefined;

  return {
    hub,
    register(app, parts) {
      websocket.register(app, parts);
      parts.addEndpoint(getAsyncapi);
      registerSseRoute(app, { context, hub, messages, logger, options, parts });
      hub.start();
      heartbeat.start();
    },
    close() {
      closed ??= (async () => {
        websocket.close();
        heartbeat.stop();
        hub.stop();
        const connections = [...hub.connections];
        for (const connection of connections) connection.shutdown();
        const all = Promise.all(connections.map((connection) => connection.done));
        let timer: NodeJS.Timeout | undefined;
        const grace = new Promise<'late'>((resolve) => {
          timer = setTimeout(() => {
            resolve('late');
          }, options.shutdownGraceMs);
        });
        if ((await Promise.race([all, grace])) === 'late') {
          for (const connection of connections) connection.terminate();
          await all;
        }
        clearTimeout(timer);
      })();
      return closed;
    },
  };
}
