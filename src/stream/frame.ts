/**
 * A message serialised once, in the bytes each transport writes: the WebSocket text payload and
 * the SSE event. Every subscriber of a park is handed the same Buffers, so a change costs one
 * `JSON.stringify` however many clients receive it.
 */
import type { ErrorCode } from '../http/errors.js';
import type { PingMessage, ServerMessage } from './schemas.js';

export interface Frame {
  readonly type: ServerMessage['type'];
  /** The `code` of an `error` message (a WebSocket close carries it as the reason). */
  readonly errorCode?: ErrorCode;
  /** The JSON text, UTF-8: one WebSocket text message. */
  readonly ws: Buffer;
  /** One SSE event: a single `data:` line with the JSON, then the blank line that ends the event. */
  readonly sse: Buffer;
}

/** First bytes of every SSE stream (SPEC: EventSource reconnects after 5 s). */
export const SSE_RETRY = Buffer.from('retry: 5000\n\n');

/** The SSE heartbeat: a comment line, which EventSource ignores. */
export const SSE_PING = Buffer.from(': ping\n\n');

/**
 * Serialises a message once for both transports. `JSON.stringify` escapes line breaks inside
 * strings, so the JSON is always one line and one `data:` field holds it.
 */
export function toFrame(message: ServerMessage): Frame {
  const json = JSON.stringify(message);
  return {
    type: message.type,
    ...(message.type === 'error' ? { errorCode: message.code } : {}),
    ws: Buffer.from(json),
    sse: Buffer.from(`data: ${json}\n\n`),
  };
}

/** The heartbeat: a `ping` message on WebSocket, a `: ping` comment on SSE. */
export function heartbeatFrame(message: PingMessage): Frame {
  return { type: 'ping', ws: Buffer.from(JSON.stringify(message)), sse: SSE_PING };
}
