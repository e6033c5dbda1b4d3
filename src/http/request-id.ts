import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * This process's part of the IDs it makes: random, so that several instances (or one restarted) do
 * not repeat each other's IDs in the logs. The rest is a counter: an ID only has to be unique, and
 * a counter is far cheaper than a random UUID per request (ADR 0006).
 */
const PROCESS_PART = randomBytes(3).toString('base64url');
let made = 0;

/**
 * A fresh request ID, `<process>-<counter in base 36>`: 12 characters or fewer until 36^7 (78
 * billion) requests, short enough that V8 does not make it a rope, on which `node:http`'s
 * header-value check takes a slow path (ADR 0006).
 */
export function newRequestId(): string {
  return `${PROCESS_PART}-${(++made).toString(36)}`;
}

/** The caller's X-Request-Id when it is a sensible token, else a new one; echoed on the response. */
export function requestId(headers: IncomingHttpHeaders): string {
  const incoming = headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : newRequestId();
}
