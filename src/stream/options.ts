/**
 * The stream rules that are numbers (SPEC "Limits", "Stream connection"), with the spec's values as
 * defaults. Every one is an option so tests can run the 25-second heartbeat or the 2-minute idle
 * close in milliseconds.
 */
import { openGate, type StreamGate } from './gate.js';

export interface StreamOptions {
  /** Server `ping` (WebSocket) and `: ping` comment (SSE) interval. SPEC: 25 s. */
  readonly pingIntervalMs: number;
  /** A WebSocket with no subscription this long is closed 1000 `idle`. SPEC: 2 minutes. */
  readonly idleTimeoutMs: number;
  /** A client with more than this many bytes not yet sent is dropped. SPEC: about 1 MB. */
  readonly maxBufferedBytes: number;
  /**
   * How often each subscribed park's data status is checked, so a park that turns stale (no refresh
   * for 2 minutes) or recovers without a change still reaches subscribers as a new `snapshot`.
   * SPEC: changes are checked every 5 s.
   */
  readonly statusCheckMs: number;
  /** On shutdown, how long WebSocket clients get to answer the 1001 close before they are cut. */
  readonly shutdownGraceMs: number;
  /** Largest client message accepted; a larger one gets an `error`, then the close 1009. */
  readonly maxClientMessageBytes: number;
  /** Messages a WebSocket client may send in a second; past that, `rate_limited` and the close 1013. */
  readonly maxClientMessagesPerSecond: number;
  /** Access decisions for each new stream (see gate.ts). */
  readonly gate: StreamGate;
}

export const MAX_PARKS_PER_SUBSCRIBE = 10;

export const STREAM_DEFAULTS: StreamOptions = {
  pingIntervalMs: 25_000,
  idleTimeoutMs: 2 * 60_000,
  maxBufferedBytes: 1024 * 1024,
  statusCheckMs: 5_000,
  shutdownGraceMs: 2_000,
  maxClientMessageBytes: 16 * 1024,
  maxClientMessagesPerSecond: 20,
  gate: openGate,
};
