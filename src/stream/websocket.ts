/**
 * The WebSocket endpoint, `{ws_url}/v1/stream`: upgrades on the API's own HTTP
 * server (the `ws` library in no-server mode), asks the gate, then hands the socket to a
 * `WebSocketConnection`. A plain HTTP GET on the same path answers 426 Upgrade Required; the endpoint
 * is listed in `/v1` and described at the OpenAPI document's top level (`x-websocket`).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocketServer, type WebSocket } from 'ws';
import { clientIp } from '../http/client-ip.js';
import type { ApiContext } from '../http/context.js';
import { refusal } from '../http/edge/request-guard.js';
import { errorResponse, parsedByRoute } from '../http/endpoint.js';
import { ERROR_MEANING } from '../http/errors.js';
import { queryKeyParameter } from '../http/params.js';
import type { ApiServerParts } from '../http/server-parts.js';
import type { ApiServer } from '../http/server-types.js';
import { REJECTION_CLOSE_CODE, admit, type StreamVerdict } from './gate.js';
import type { StreamHub } from './hub.js';
import type { StreamMessages } from './messages.js';
import type { StreamOptions } from './options.js';
import { STREAM_KEY } from './operation.js';
import { ClientMessageSchema, ServerMessageSchema } from './schemas.js';
import { WebSocketConnection } from './websocket-connection.js';

export const WEBSOCKET_PATH = '/v1/stream';

export interface WebSocketEndpointDependencies {
  readonly context: ApiContext;
  readonly hub: StreamHub;
  readonly messages: StreamMessages;
  readonly logger: Logger;
  readonly options: StreamOptions;
}

export class WebSocketEndpoint {
  private readonly wss: WebSocketServer;
  private server: Server | undefined;
  private parts: Omit<ApiServerParts, 'app'> | undefined;
  private closing = false;

  constructor(private readonly deps: WebSocketEndpointDependencies) {
    this.wss = new WebSocketServer({
      noServer: true,
      clientTracking: false,
      perMessageDeflate: false,
      maxPayload: deps.options.maxClientMessageBytes,
    });
    // A malformed handshake is answered in the error envelope, not with ws's plain-text answer.
    this.wss.on('wsClientError', (error: Error & { code?: string }, socket: Duplex) => {
      const status = error.code === 'WS_ERR_UNEXPECTED_METHOD' ? 405 : 400;
      this.parts?.rawErrors.answerSocket(socket, {
        status,
        code: status === 405 ? 'method_not_allowed' : 'invalid_request',
        message: `The WebSocket handshake is invalid (${error.message}); connect with a WebSocket client to ${deps.context.links.stream}.`,
        headers: status === 405 ? { allow: 'GET' } : { 'sec-websocket-version': '13, 8' },
      });
    });
  }

  /** Registers the documented GET route and starts taking upgrades on the app's HTTP server. */
  register(app: ApiServer, parts: Omit<ApiServerParts, 'app'>): void {
    registerUpgradeRequiredRoute(app, this.deps.context);
    this.parts = parts;
    this.server = app.server;
    this.server.on('upgrade', this.onUpgrade);
  }

  /** Stops taking upgrades; open connections are closed by the caller through the hub. */
  close(): void {
    this.closing = true;
    this.server?.off('upgrade', this.onUpgrade);
    this.wss.close();
  }

  private readonly onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    // The socket leaves HTTP: the stream limits govern it from here, not the connection cap.
    this.parts?.connections.release(request.socket);
    const refused = refusal(request);
    if (refused) {
      this.parts?.rawErrors.answerSocket(socket, refused);
      return;
    }
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'http://localhost');
    } catch {
      this.refuse(socket, 400, 'invalid_request', 'The request target is not a valid path.');
      return;
    }
    if (url.pathname.replace(/\/+$/, '') !== WEBSOCKET_PATH) {
      this.refuse(
        socket,
        404,
        'not_found',
        `No WebSocket endpoint at ${url.pathname}; connect to ${this.deps.context.links.stream}.`,
      );
      return;
    }
    if (this.closing) {
      this.refuse(socket, 503, 'upstream_unavailable', 'The server is restarting; reconnect with backoff.');
      return;
    }
    socket.on('error', ignoreSocketError);
    const queryKey = url.searchParams.get('key') ?? undefined;
    admit(this.deps.options.gate, {
      transport: 'websocket',
      headers: request.headers,
      queryKey,
      ip: clientIp(request, this.deps.context.trustProxy),
    }).then(
      (verdict) => {
        this.upgrade(request, socket, head, verdict);
      },
      (error: unknown) => {
        this.deps.logger.error({ err: error }, 'stream admission failed');
        this.upgrade(request, socket, head, undefined);
      },
    );
  };

  /** Completes the handshake, then: the connection, or the rejection as `error` + close. */
  private upgrade(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    verdict: StreamVerdict | undefined,
  ) {
    // An admitted stream is released exactly once: by its connection, or here if the socket never
    // becomes one (the client left during admission, or the handshake was invalid and ws answered 400).
    const release = verdict?.ok
      ? once(() => {
          verdict.release();
        })
      : () => undefined;
    let handed = false;
    socket.once('close', () => {
      if (!handed) release();
    });
    if (socket.destroyed) {
      release();
      return;
    }
    this.wss.handleUpgrade(request, socket, head, (ws: WebSocket) => {
      handed = true;
      socket.off('error', ignoreSocketError);
      const { messages, hub, context, logger, options } = this.deps;
      if (!verdict) {
        ws.send(messages.error('internal_error', ERROR_MEANING.internal_error).ws, { binary: false });
        ws.close(1011, 'internal_error');
        return;
      }
      if (!verdict.ok) {
        ws.send(messages.error(verdict.code, verdict.message).ws, { binary: false });
        ws.close(REJECTION_CLOSE_CODE[verdict.code], verdict.code);
        return;
      }
      if (this.closing) {
        release();
        ws.close(1001, 'restarting');
        return;
      }
      new WebSocketConnection(
        ws,
        { hub, messages, catalog: context.catalog, clock: context.clock, logger, options },
        { ok: true, expiresAt: verdict.expiresAt, headers: verdict.headers, release },
      ).start();
    });
  }

  private refuse(
    socket: Duplex,
    status: 400 | 404 | 503,
    code: 'invalid_request' | 'not_found' | 'upstream_unavailable',
    message: string,
  ) {
    const headers = status === 503 ? { 'retry-after': 5 } : undefined;
    if (this.parts)
      this.parts.rawErrors.answerSocket(socket, { status, code, message, ...(headers ? { headers } : {}) });
    else socket.destroy();
  }
}

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}

function ignoreSocketError(): void {
  // A client that goes away mid-handshake; nothing to do but let the socket close.
}

const SUMMARY =
  'WebSocket stream of live waits for up to 10 parks (or every park): a snapshot per park, then only changes.';

const DESCRIPTION = [
  'Connect with a WebSocket client (`Upgrade: websocket`); messages are JSON text, every one with a `type` (`StreamMessage` from the server, `ClientMessage` from the client; the AsyncAPI document at `/v1/asyncapi.json` describes the channel).',
  'The server sends `ready` on connect. Send `{"type":"subscribe","parks":["magic-kingdom"]}` with 1 to 10 park keys, IDs, names or aliases, or `["*"]` for every park: the server answers `subscribed` (the resolved `parks`) and one `snapshot` per park (the `/waits` entries), then `changes` (entries whose status, wait, single-rider wait or priority lane changed, plus `removed`) and `park` (opened or closed) as they happen. `{"type":"unsubscribe","parks":[...]}` is answered by `unsubscribed`, `{"type":"ping"}` by `pong`; the server sends `ping` every 25 seconds.',
  'Park messages carry `park_key` and the park page in `attribution.url`; connection messages carry the site root. A malformed message is answered with an `error` (`invalid_request` or `not_found`) and the connection stays open. A client may send 20 messages a second: past that it gets `rate_limited` and the close 1013. A message over 16 KB gets an `error` (`invalid_request`), then the close 1009.',
  'Close codes: 1000 idle (no subscription for 2 minutes, reason `idle`); 1001 server restarting; 1008 `invalid_key` or `rights_unavailable`; 1009 message too large; 1011 internal error; 1013 `rate_limited`, `too_many_streams`, `upstream_unavailable` or `reauthentication_required` (an `error` message comes first; reconnect with backoff). A client more than about 1 MB behind is dropped (counted up to what it has read, through protocol pings its WebSocket answers by itself). The key may be sent as `Authorization: Bearer`, `X-Service-Key` or `?key=` (browsers cannot set headers on a WebSocket: use `?key=` with a free key).',
].join('\n\n');

/**
 * The WebSocket as the OpenAPI document describes it: at the top level (`x-websocket`), not under
 * `paths`, since a generated HTTP client could only get the 426 from it. `operation` has the shape
 * of an OpenAPI operation, which the docs page renders like the others.
 */
function webSocketDescription(context: ApiContext) {
  const { links } = context;
  return {
    url: links.stream,
    path: WEBSOCKET_PATH,
    asyncapi: links.asyncapi,
    guide: links.streamingGuide,
    operation: {
      operationId: 'openStream',
      summary: SUMMARY,
      description: DESCRIPTION,
      tags: ['Parks'],
      security: STREAM_KEY,
      parameters: [queryKeyParameter()],
      responses: {
        101: {
          description:
            'Switching Protocols: the connection is now a WebSocket carrying JSON text messages (`StreamMessage` from the server, `ClientMessage` from the client).',
          content: {
            'application/json': {
              schema: ServerMessageSchema,
              'x-client-message-schema': ClientMessageSchema,
            },
          },
        },
        400: errorResponse(
          'invalid_request: an invalid WebSocket handshake (a missing or malformed Sec-WebSocket-Key, an unsupported Sec-WebSocket-Version).',
        ),
        426: errorResponse(
          'Upgrade Required: a plain HTTP request; connect with a WebSocket client. `Upgrade: websocket` is sent.',
        ),
        503: errorResponse('upstream_unavailable: the server is restarting; reconnect with backoff.', {
          'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait before retrying.' },
        }),
        default: errorResponse(
          'Rejections after the upgrade (invalid_key, rights_unavailable, rate_limited, too_many_streams) arrive as an `error` message, then the close.',
        ),
      },
    },
  };
}

/**
 * `GET /v1/stream` without an upgrade: 426, saying how to connect. Listed in the index like every
 * endpoint, and described at the OpenAPI document's top level rather than as an operation.
 */
function registerUpgradeRequiredRoute(app: ApiServer, context: ApiContext): void {
  const { links, envelopes, registry } = context;
  registry.add(WEBSOCKET_PATH, SUMMARY);
  registry.extendDocument('x-websocket', webSocketDescription(context));
  app.get(
    WEBSOCKET_PATH,
    {
      schema: { hide: true },
      config: { rateLimited: false },
      validatorCompiler: parsedByRoute,
    },
    async (_request, reply) =>
      reply
        .code(426)
        .header('Upgrade', 'websocket')
        .header('Connection', 'Upgrade')
        .send(
          envelopes.error(
            'invalid_request',
            `This is the WebSocket stream: connect to ${links.stream} with a WebSocket client (Upgrade: websocket), then send {"type":"subscribe","parks":["magic-kingdom"]}. For one park over plain HTTP, use Server-Sent Events at ${links.sseTemplate}.`,
          ),
        ),
  );
}
