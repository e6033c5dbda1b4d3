/**
 * The one place where access decisions meet the streams. Each new stream, WebSocket or SSE, is
 * admitted (or rejected) once, before any message is sent, and released once when it ends.
 *
 * The access module implements `StreamGate`: identify the caller from the key (header or `?key=`)
 * or the IP, refuse provider data when it is disabled, count the connection once against the
 * per-minute limit, hold a concurrent-stream slot until `release()`, and say when a keyed verdict
 * expires. The streams then do what the spec says with the verdict:
 *
 * - WebSocket: a rejection is sent as an `error` message after the upgrade, then the close:
 *   1008 for `invalid_key` and `rights_unavailable`, 1013 for `rate_limited` and `too_many_streams`.
 * - SSE: a rejection is an ordinary HTTP error response in the envelope (401, 403, 429) with the
 *   rejection's headers (`Retry-After`, `X-RateLimit-*`); nothing is streamed. An admission's
 *   headers are sent on the 200 that starts the stream.
 * - At `expiresAt` (epoch ms on the injected clock), the stream gets an `error` with
 *   `reauthentication_required`, then WebSocket closes 1013 and SSE ends; the client reconnects.
 *
 * `admit` may also throw an `ApiError` with one of the rejection codes; it is treated as that
 * rejection, so an implementation can reuse the HTTP checks as they are.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError } from '../http/errors.js';

export interface StreamRequest {
  readonly transport: 'websocket' | 'sse';
  /** Headers of the request that opened the stream (the upgrade request for WebSocket). */
  readonly headers: IncomingHttpHeaders;
  /** The `key` query parameter, when present. */
  readonly queryKey: string | undefined;
  /** The client address (Fastify's `request.ip` for SSE; the socket's remote address for WebSocket). */
  readonly ip: string;
}

export type StreamRejectionCode = 'invalid_key' | 'rights_unavailable' | 'rate_limited' | 'too_many_streams';

export interface StreamAdmission {
  readonly ok: true;
  /** When a keyed verdict expires (epoch ms); the stream ends then. Absent for anonymous streams. */
  readonly expiresAt?: number;
  /** Sent on the SSE response (X-RateLimit-*); ignored by WebSocket. */
  readonly headers?: Readonly<Record<string, string | number>>;
  /** Called exactly once when the admitted stream ends, however it ends. */
  release(): void;
}

export interface StreamRejection {
  readonly ok: false;
  readonly code: StreamRejectionCode;
  /** What went wrong and how to fix it, as in an HTTP error. */
  readonly message: string;
  /** Sent with the SSE error response (Retry-After, X-RateLimit-*). */
  readonly headers?: Readonly<Record<string, string | number>>;
}

export type StreamVerdict = StreamAdmission | StreamRejection;

export interface StreamGate {
  admit(request: StreamRequest): Promise<StreamVerdict>;
}

/** Until the access module supplies one: everyone is admitted, nothing expires. */
export const openGate: StreamGate = {
  admit: async () => ({ ok: true, release: () => undefined }),
};

/** WebSocket close code of each rejection (SPEC "Events", close codes). */
export const REJECTION_CLOSE_CODE: Readonly<Record<StreamRejectionCode, 1008 | 1013>> = {
  invalid_key: 1008,
  rights_unavailable: 1008,
  rate_limited: 1013,
  too_many_streams: 1013,
};

function isRejectionCode(code: string): code is StreamRejectionCode {
  return code in REJECTION_CLOSE_CODE;
}

/** `gate.admit`, with a thrown rejection-coded `ApiError` turned into the rejection it means. */
export async function admit(gate: StreamGate, request: StreamRequest): Promise<StreamVerdict> {
  try {
    return await gate.admit(request);
  } catch (error) {
    if (error instanceof ApiError && isRejectionCode(error.code)) {
      return { ok: false, code: error.code, message: error.message, headers: error.headers };
    }
    throw error;
  }
}
