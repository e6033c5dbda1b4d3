/**
 * `GET /v1/parks/{park}/waits/stream`: Server-Sent Events for one park. Everything
 * that can fail does so before the stream starts, as an ordinary HTTP error in the envelope
 * (unknown park 404; the gate's 401, 403, 429); then the response is taken over and written as
 * `text/event-stream` by an `SseConnection`.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { Logger } from 'pino';
import type { ApiContext } from '../http/context.js';
import { parsedByRoute } from '../http/endpoint.js';
import { ApiError } from '../http/errors.js';
import type { Links } from '../http/links.js';
import { requirePark } from '../http/lookup.js';
import { PARK_PARAM, parsePath, parseQuery, KEY_QUERY_PARAM } from '../http/params.js';
import type { ApiServerParts } from '../http/server-parts.js';
import type { ApiServer } from '../http/server-types.js';
import { admit } from './gate.js';
import type { StreamHub } from './hub.js';
import type { StreamMessages } from './messages.js';
import type { StreamOptions } from './options.js';
import { streamOperation } from './operation.js';
import { ServerMessageSchema } from './schemas.js';
import { SseConnection } from './sse-connection.js';

export const SSE_PATH = '/v1/parks/:park/waits/stream';

export interface SseRouteDependencies {
  readonly context: ApiContext;
  readonly hub: StreamHub;
  readonly messages: StreamMessages;
  readonly logger: Logger;
  readonly options: StreamOptions;
  readonly parts: Omit<ApiServerParts, 'app'>;
}

const SSE_PARAMS = { park: PARK_PARAM };
const SSE_QUERY = { key: KEY_QUERY_PARAM };

const EVENTS_DESCRIPTION = [
  "The stream starts with `retry: 5000`, then a `subscribed` message, the park's `snapshot` (the same entries as `/waits`), then `changes` (entries whose status, wait, single-rider wait or priority lane changed, plus `removed`) and `park` (opened or closed) as they happen.",
  'Each event is a single `data:` line holding one JSON message with a `type`, the same messages as the WebSocket stream; there are no `event:` names, so `EventSource.onmessage` receives everything. A `: ping` comment is sent every 25 seconds.',
  'A failed upstream refresh sends an `error` message (`upstream_unavailable`) and ends the stream; EventSource reconnects after 5 seconds. Keyed streams end with `reauthentication_required` when the key verdict expires (at most 10 minutes). A client more than about 1 MB behind (in what the server still holds for it) is dropped.',
].join('\n\n');

/**
 * The event stream as generators and readers see it: `text/event-stream` whose schema is the message
 * each `data:` line holds (`StreamMessage`), so a client that reads event streams (hey-api's SSE
 * client) types and parses its events; OpenAPI 3.1 has no other way to name an event's schema, and
 * the same messages are in the AsyncAPI document.
 */
function sseSchema(links: Links) {
  return streamOperation({
    operationId: 'streamParkWaits',
    summary: "Server-Sent Events for one park's live waits: a snapshot, then only changes, as they happen.",
    description: EVENTS_DESCRIPTION,
    params: SSE_PARAMS,
    query: SSE_QUERY,
    success: {
      200: {
        description: `A \`text/event-stream\` that does not end: \`retry: 5000\`, then one \`data:\` line per event holding one JSON \`StreamMessage\` (the schema below), and \`: ping\` comments. Read it as a stream (EventSource; openapi-fetch with \`parseAs: 'stream'\`; hey-api's SSE client), never by awaiting the whole body. The same messages are described in the AsyncAPI document, ${links.asyncapi}; ${links.streamingGuide} shows each client.`,
        headers: {
          'Cache-Control': { type: 'string', description: 'no-cache: a live stream is never cached.' },
        },
        content: { 'text/event-stream': { schema: ServerMessageSchema } },
      },
    },
  });
}

export function registerSseRoute(app: ApiServer, deps: SseRouteDependencies): void {
  const { context, hub, messages, logger, options, parts } = deps;
  app.get(
    SSE_PATH,
    {
      schema: sseSchema(context.links),
      // Access decisions for streams are the gate's (below), for SSE and WebSocket alike.
      config: { rateLimited: false, keyInQuery: true },
      validatorCompiler: parsedByRoute,
    },
    async (request, reply) => {
      const params = parsePath(SSE_PARAMS, request.params as Record<string, string>);
      const query = parseQuery(SSE_QUERY, request.query as Record<string, string | string[]>);
      const park = requirePark(context, params.park);
      const verdict = await admit(options.gate, {
        transport: 'sse',
        headers: request.headers,
        queryKey: query.key,
        ip: request.ip,
      });
      if (!verdict.ok) throw new ApiError(verdict.code, verdict.message, verdict.headers);
      reply.hijack();
      // A stream is governed by the stream limits, not the connection cap.
      parts.connections.release(request.raw.socket);
      const headers = {
        ...reply.getHeaders(),
        ...verdict.headers,
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache',
        // Proxies that buffer responses (nginx) would hold the events back.
        'X-Accel-Buffering': 'no',
      } as OutgoingHttpHeaders;
      if (request.method === 'HEAD') {
        reply.raw.writeHead(200, headers).end();
        verdict.release();
        return;
      }
      new SseConnection(reply.raw, { hub, messages, clock: context.clock, logger, options }, verdict).start(
        park,
        headers,
      );
    },
  );
}
