/**
 * The AsyncAPI 3.0 description of the WebSocket stream (`GET /v1/asyncapi.json`): the channel at
 * `/v1/stream`, what the server sends on it and what a client may send, with the same named message
 * schemas the OpenAPI document carries. Code generators for WebSocket clients read this one.
 */
import { Type } from 'typebox';
import type { ApiContext } from '../http/context.js';
import { defineEndpoint } from '../http/endpoint.js';
import { SchemaNamer } from '../http/named-schemas.js';
import { CATALOG_VERSION } from '../http/prepared/cache.js';
import {
  ChangesMessageSchema,
  ClientPingMessageSchema,
  ErrorMessageSchema,
  ParkMessageSchema,
  PingMessageSchema,
  PongMessageSchema,
  ReadyMessageSchema,
  SnapshotMessageSchema,
  SubscribeMessageSchema,
  SubscribedMessageSchema,
  UnsubscribeMessageSchema,
  UnsubscribedMessageSchema,
} from './schemas.js';
import { WEBSOCKET_PATH } from './websocket.js';

const SERVER_MESSAGES = {
  ready: ReadyMessageSchema,
  subscribed: SubscribedMessageSchema,
  unsubscribed: UnsubscribedMessageSchema,
  snapshot: SnapshotMessageSchema,
  changes: ChangesMessageSchema,
  park: ParkMessageSchema,
  // Both pings are `{"type":"ping"}` on the wire; their names say who sends which.
  serverPing: PingMessageSchema,
  pong: PongMessageSchema,
  error: ErrorMessageSchema,
};

const CLIENT_MESSAGES = {
  subscribe: SubscribeMessageSchema,
  unsubscribe: UnsubscribeMessageSchema,
  clientPing: ClientPingMessageSchema,
};

/** The keys a WebSocket upgrade may carry: the OpenAPI document's three schemes, in AsyncAPI's terms. */
const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: 'Authorization: Bearer pk_live_… on the upgrade request (optional; raises limits).',
  },
  serviceKey: {
    type: 'httpApiKey',
    in: 'header',
    name: 'X-Service-Key',
    description: 'The key in the X-Service-Key header of the upgrade request (optional).',
  },
  queryKey: {
    type: 'httpApiKey',
    in: 'query',
    name: 'key',
    description:
      '?key=pk_live_… for clients that cannot set headers (browsers). A key in page code is public: use a free key there.',
  },
};

export function asyncapiDocument(context: ApiContext): Record<string, unknown> {
  const base = new URL(context.config.baseUrl);
  const namer = new SchemaNamer();
  const messages = Object.fromEntries(
    Object.entries({ ...SERVER_MESSAGES, ...CLIENT_MESSAGES }).map(([name, schema]) => {
      const { title, description } = schema as { title?: string; description?: string };
      return [
        name,
        {
          name,
          title,
          summary: description ?? `The ${name} message.`,
          contentType: 'application/json',
          payload: namer.name(schema),
        },
      ];
    }),
  );
  const refs = (names: readonly string[]) =>
    names.map((name) => ({ $ref: `#/channels/stream/messages/${name}` }));
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'queuecast streams',
      version: '1.0.0',
      description:
        'Live waits over WebSocket: after `ready`, send `subscribe` with up to 10 parks (or `["*"]`); the server answers `subscribed` and one `snapshot` per park, then `changes` and `park` as they happen, and `ping` every 25 seconds. Show `attribution.text` with a link to `attribution.url` wherever the data is shown. The same messages arrive over Server-Sent Events at `/v1/parks/{park}/waits/stream` (see the OpenAPI document).',
      externalDocs: { description: 'Developer documentation', url: context.links.docsHtml },
    },
    servers: {
      queuecast: {
        host: base.host,
        ...(base.pathname !== '/' ? { pathname: base.pathname.replace(/\/+$/, '') } : {}),
        protocol: base.protocol === 'https:' ? 'wss' : 'ws',
        description:
          'This server. A key is optional (without one the keyless limits apply); send it in any one of the security schemes on the upgrade request.',
        security: Object.keys(SECURITY_SCHEMES).map((name) => ({
          $ref: `#/components/securitySchemes/${name}`,
        })),
      },
    },
    defaultContentType: 'application/json',
    channels: {
      stream: {
        address: WEBSOCKET_PATH,
        title: 'Live waits',
        description:
          'One connection, up to 10 parks or every park. Close codes: 1000 idle (no subscription for 2 minutes), 1001 server restarting, 1008 invalid_key or rights_unavailable, 1009 a message over 16 KB, 1011 internal error, 1013 rate_limited, too_many_streams, upstream_unavailable or reauthentication_required (reconnect with backoff). An `error` message comes before every close but 1000 and 1001.',
        messages,
        bindings: {
          ws: {
            bindingVersion: '0.1.0',
            query: {
              type: 'object',
              properties: {
                key: {
                  type: 'string',
                  pattern: '^pk_live_[A-Za-z0-9]{32}$',
                  description:
                    'API key for clients that cannot set headers (browsers); `Authorization: Bearer` and `X-Service-Key` work too. A key in page code is public: use a free key there.',
                },
              },
            },
          },
        },
      },
    },
    operations: {
      receiveLiveWaits: {
        action: 'send',
        title: 'Live waits to the client',
        summary: 'What the server sends on the stream.',
        channel: { $ref: '#/channels/stream' },
        messages: refs(Object.keys(SERVER_MESSAGES)),
      },
      sendSubscriptions: {
        action: 'receive',
        title: 'Subscriptions from the client',
        summary: 'What a client may send: at most 20 messages a second, each at most 16 KB.',
        channel: { $ref: '#/channels/stream' },
        messages: refs(Object.keys(CLIENT_MESSAGES)),
      },
    },
    components: { schemas: namer.schemas(), securitySchemes: SECURITY_SCHEMES },
  };
}

/** `GET /v1/asyncapi.json`. */
export const getAsyncapi = defineEndpoint({
  url: '/v1/asyncapi.json',
  operationId: 'getAsyncapi',
  summary: 'The AsyncAPI 3.0 description of the WebSocket stream.',
  description:
    'The channel at `/v1/stream`, every message the server sends and every message a client may send, as AsyncAPI 3.0 with JSON Schema payloads (the same named schemas as this document). Needs no key and is not rate limited.',
  tag: 'Service',
  body: Type.Object(
    { asyncapi: Type.Literal('3.0.0') },
    { description: 'The AsyncAPI 3.0 description of the WebSocket stream.', additionalProperties: true },
  ),
  errors: [],
  rateLimited: false,
  maxAge: 300,
  examples: ['/v1/asyncapi.json'],
  resolve: () => ({ key: 'asyncapi', version: CATALOG_VERSION, input: undefined }),
  build: (_input, context) => asyncapiDocument(context) as { asyncapi: '3.0.0' },
});
