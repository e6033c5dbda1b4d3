/**
 * Every stream message, as JSON Schema (TypeBox): the one definition of each shape. The TypeScript
 * types come from here, the tests validate every message they receive against these schemas, and
 * the SSE endpoint's description in the OpenAPI document names them.
 *
 * Conventions (SPEC "Events"): every message has `type`. Park messages (`snapshot`, `changes`,
 * `park`) carry `park_key` and `attribution.url` of that park's page; connection messages
 * (`ready`, `subscribed`, `unsubscribed`, `ping`, `pong`, `error`) carry the attribution of the site
 * root. Timestamps are UTC ISO 8601 with milliseconds and `Z`. Entries are the `/waits` entries.
 */
import { Type, type Static } from 'typebox';
import { LiveEntrySchema } from '../http/resources/live-entry.js';
import { ParkWaitsStatusProperties } from '../http/resources/park-waits.js';
import { Attribution, ErrorCodeSchema, Nullable, Timestamp } from '../http/schemas/common.js';

const message = <T extends string>(type: T) => Type.Literal(type);

export const StreamParkSchema = Type.Object(
  {
    id: Type.String({ description: 'Canonical park ID.' }),
    key: Type.String({ description: 'Park key, as in `park_key` of park messages.' }),
    name: Type.String(),
    time_zone: Type.String({ description: 'IANA time zone of the park.' }),
    url: Type.String({ format: 'uri', description: "Park page on the service's website." }),
  },
  { additionalProperties: false, title: 'StreamPark' },
);

export const ReadyMessageSchema = Type.Object(
  {
    type: message('ready'),
    attribution: Attribution,
  },
  { additionalProperties: false, title: 'ReadyMessage', description: 'Sent once on connect (WebSocket).' },
);

export const SubscribedMessageSchema = Type.Object(
  {
    type: message('subscribed'),
    parks: Type.Array(StreamParkSchema, { description: 'The parks this request resolved to.' }),
    attribution: Attribution,
  },
  {
    additionalProperties: false,
    title: 'SubscribedMessage',
    description: 'Answers `subscribe`; one `snapshot` per park follows.',
  },
);

export const UnsubscribedMessageSchema = Type.Object(
  {
    type: message('unsubscribed'),
    attribution: Attribution,
  },
  { additionalProperties: false, title: 'UnsubscribedMessage', description: 'Answers `unsubscribe`.' },
);

export const SnapshotMessageSchema = Type.Object(
  {
    type: message('snapshot'),
    park_key: Type.String(),
    park_id: Type.String(),
    park_name: Type.String(),
    time_zone: Type.String(),
    ...ParkWaitsStatusProperties,
    refreshed_at: Nullable({ ...Timestamp, description: 'Last successful refresh.' }),
    unavailable_reason: Nullable(
      Type.String({ description: 'Why data_status is unavailable; null when live.' }),
    ),
    entries: Type.Array(LiveEntrySchema, { description: 'The same entries as `/v1/parks/{park}/waits`.' }),
    attribution: Attribution,
  },
  {
    additionalProperties: false,
    title: 'SnapshotMessage',
    description:
      "A park's full state: after `subscribed`, and again whenever the park's data_status changes (it turns unavailable, or recovers).",
  },
);

export const ChangesMessageSchema = Type.Object(
  {
    type: message('changes'),
    park_key: Type.String(),
    at: { ...Timestamp, description: 'When the refresh that found the changes read the operator feed.' },
    changes: Type.Array(LiveEntrySchema, {
      description: 'Entries whose status, standby wait, single-rider wait or priority lane changed.',
    }),
    removed: Type.Array(Type.String(), {
      description: 'Ride IDs of shows, walk-throughs and meets the operator stopped reporting.',
    }),
    attribution: Attribution,
  },
  { additionalProperties: false, title: 'ChangesMessage' },
);

export const ParkMessageSchema = Type.Object(
  {
    type: message('park'),
    park_key: Type.String(),
    state: Type.Union([Type.Literal('open'), Type.Literal('closed')]),
    at: { ...Timestamp, description: 'When the park opened or closed.' },
    attribution: Attribution,
  },
  { additionalProperties: false, title: 'ParkMessage', description: 'The park opened or closed.' },
);

export const PingMessageSchema = Type.Object(
  { type: message('ping'), attribution: Attribution },
  {
    additionalProperties: false,
    title: 'PingMessage',
    description: 'Server heartbeat every 25 seconds (WebSocket).',
  },
);

export const PongMessageSchema = Type.Object(
  { type: message('pong'), attribution: Attribution },
  { additionalProperties: false, title: 'PongMessage', description: 'Answers a client `ping`.' },
);

export const ErrorMessageSchema = Type.Object(
  {
    type: message('error'),
    code: ErrorCodeSchema,
    message: Type.String({ description: 'What went wrong and how to fix it.' }),
    park_key: Type.Optional(
      Type.String({ description: 'The park the error is about, when it is about one.' }),
    ),
    docs_url: Type.String({ format: 'uri', description: 'The errors section of the documentation.' }),
    attribution: Attribution,
  },
  {
    additionalProperties: false,
    title: 'ErrorMessage',
    description:
      'A rejection or failure, followed by the close (WebSocket) or the end of the stream (SSE); or an answer to a malformed client message (`invalid_request`, `not_found`), after which the connection stays open.',
  },
);

/** What a client sends on the WebSocket (SPEC "Events"): subscribe, unsubscribe and ping. */
const parksList = Type.Array(Type.String(), {
  minItems: 1,
  maxItems: 10,
  description: 'Park keys, IDs, names or aliases; `["*"]` alone means every park.',
});

export const SubscribeMessageSchema = Type.Object(
  { type: message('subscribe'), parks: parksList },
  {
    title: 'SubscribeMessage',
    description: 'Subscribe to up to 10 parks; answered by `subscribed` and a `snapshot` per park.',
  },
);

export const UnsubscribeMessageSchema = Type.Object(
  { type: message('unsubscribe'), parks: parksList },
  { title: 'UnsubscribeMessage', description: 'Stop receiving parks; answered by `unsubscribed`.' },
);

export const ClientPingMessageSchema = Type.Object(
  { type: message('ping') },
  { title: 'ClientPingMessage', description: 'Answered by `pong`.' },
);

export const ClientMessageSchema = Type.Union(
  [SubscribeMessageSchema, UnsubscribeMessageSchema, ClientPingMessageSchema],
  { title: 'ClientMessage', description: 'A message a WebSocket client sends.' },
);

export const ServerMessageSchema = Type.Union(
  [
    ReadyMessageSchema,
    SubscribedMessageSchema,
    UnsubscribedMessageSchema,
    SnapshotMessageSchema,
    ChangesMessageSchema,
    ParkMessageSchema,
    PingMessageSchema,
    PongMessageSchema,
    ErrorMessageSchema,
  ],
  { title: 'StreamMessage', description: 'A message the server sends on either stream; `type` tells which.' },
);

export type StreamPark = Static<typeof StreamParkSchema>;
export type ReadyMessage = Static<typeof ReadyMessageSchema>;
export type SubscribedMessage = Static<typeof SubscribedMessageSchema>;
export type UnsubscribedMessage = Static<typeof UnsubscribedMessageSchema>;
export type SnapshotMessage = Static<typeof SnapshotMessageSchema>;
export type ChangesMessage = Static<typeof ChangesMessageSchema>;
export type ParkMessage = Static<typeof ParkMessageSchema>;
export type PingMessage = Static<typeof PingMessageSchema>;
export type PongMessage = Static<typeof PongMessageSchema>;
export type ErrorMessage = Static<typeof ErrorMessageSchema>;
export type ServerMessage = Static<typeof ServerMessageSchema>;
