/**
 * `GET /v1/parks/{park}/waits/stream` (SPEC row 5): Server-Sent Events for one park. Everything
 * that can fail does so before the stream starts, as an ordinary HTTP error in the envelope
 * (unknown park 404; the gate's 401, 403, 429); then the response is taken over and written as
 * `text/event-stream` by an `SseConnection`.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { Logger } from 'pino';
import { Type } from 'typebox';
import type { ApiContext } from '../api/context.js';
import { endpointSchema } from '../api/endpoint.js';
import { ApiError } from '../api/errors.js';
import { requirePark } from '../api/lookup.js';
import type { ApiServer } from '../api/server.js';
import { admit } from './gate.js';
import type { StreamHub } from './hub.js';
import type { StreamMessages } from './messages.js';
import type { StreamOptions } from './options.js';
import { SseConnection } from './sse-connection.js';

export const SSE_PATH = '/v1/parks/:park/waits/stream';

export interface SseRouteDependencies {
  readonly context: ApiContext;
  readonly hub: StreamHub;
  readonly messages: StreamMessages;
  readonly logger: Logger;
  readonly options: StreamOptions;
}

const SseQuery = Type.Object({
  key: Type.Optional(
    Type.String({
      description:
        'API key, for clients that cannot set headers (browser EventSource): pk_live_ followed by 32 letters and digits.',
    }),
  ),
});

const SsePath = Type.Object({
  park: Type.String({
    description: 'Park key, canonical ID, name or alias, case-insensitive (see /v1/parks).',
    examples: ['magic-kingdom'],
  }),
});

const EVENTS_DESCRIPTION = [
  "The stream starts with `retry: 5000`, then a `subscribed` message, the park's `snapshot` (the same entries as `/waits`), then `changes` (entries whose status, wait, single-rider wait or priority lane changed, plus `removed`) and `park` (opened or closed) as they happen.",
  'Each event is a single `data:` line holding one JSON message with a `type`, the same messages as the WebSocket stream; there are no `event:` names, so `EventSource.onmessage` receives everything. A `: ping` comment is sent every 25 seconds.',
  'A failed upstream refresh sends an `error` message (`upstream_unavailable`) and ends the stream; EventSource reconnects after 5 seconds. Keyed streams end with `reauthentication_required` when the key verdict expires (at most 10 minutes). A client more than about 1 MB behind is dropped.',
].join('\n\n');

function sseSchema() {
  const base = endpointSchema({
    operationId: 'streamParkWaits',
    summary: "Server-Sent Events for one park's live waits: a snapshot, then only changes, as they happen.",
    description: EVENTS_DESCRIPTION,
    tag: 'Parks',
    params: SsePath,
    querystring: SseQuery,
    body: Type.String(),
    errors: [400, 401, 403, 404, 429, 503],
    security: 'stream',
    // Unused by the schema; the stream sends `Cache-Control: no-cache` itself.
    maxAge: 0,
  });
  return {
    ...base,
    response: {
      ...base.response,
      200: {
        description: 'A `text/event-stream` of JSON messages, one `data:` line each.',
        headers: {
          ...base.response[200].headers,
          'Cache-Control': { type: 'string', description: 'no-cache: a live stream is never cached.' },
        },
        content: {
          'text/event-stream': {
            schema: Type.String({
              description:
                'Event-stream frames: `retry: 5000`, then `data: <JSON message>` events and `: ping` comments.',
            }),
          },
        },
      },
    },
  };
}

export function registerSseRoute(app: ApiServer, deps: SseRouteDependencies): void {
  const { context, hub, messages, logger, options } = deps;
  app.get(
    SSE_PATH,
    {
      schema: sseSchema(),
      // Access decisions for streams are the gate's (below), for SSE and WebSocket alike.
      config: { rateLimited: false },
    },
    async (request, reply) => {
      const park = requirePark(context, request.params.park);
      const verdict = await admit(options.gate, {
        transport: 'sse',
        headers: request.headers,
        queryKey: request.query.key,
        ip: request.ip,
      });
      if (!verdict.ok) throw new ApiError(verdict.code, verdict.message, verdict.headers);
      reply.hijack();
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
