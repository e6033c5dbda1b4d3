/** What the hub needs from a client connection, whatever its transport. */
import type { Frame } from './frame.js';

/**
 * WebSocket close codes the server uses (SPEC "Events"): 1000 idle or normal, 1001 server
 * restarting, 1008 rejected (invalid_key, rights_unavailable), 1011 internal error, 1013 try again
 * later (rate_limited, too_many_streams, upstream_unavailable, reauthentication_required).
 */
export type CloseCode = 1000 | 1001 | 1008 | 1011 | 1013;

export interface StreamConnection {
  readonly transport: 'websocket' | 'sse';
  /**
   * Writes the frame's bytes for this transport; a client already more than the buffer limit
   * behind is dropped instead (SPEC: about 1 MB). Never blocks, never throws.
   */
  send(frame: Frame): void;
  /** Sends an `error` frame, then closes: WebSocket with `code`, SSE by ending the stream. */
  fail(error: Frame, code: CloseCode): void;
  /** Server shutdown: WebSocket closes 1001, SSE ends. */
  shutdown(): void;
  /** Cuts the connection without a handshake (end of the shutdown grace). */
  terminate(): void;
  /** Settles once the connection is closed and released. */
  readonly done: Promise<void>;
}
