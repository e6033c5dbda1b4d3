import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * This process's part of the IDs it makes: random, so that several instances (or one restarted) do
 * not repeat each other's IDs in the logs. The rest is a counter: an ID only has to be unique, and
 * formatting a random UUID cost about 600 instructions per request, more than the lane's own work
 * on the response headers.
 */
const PROCESS_PART = randomBytes(6).toString('base64url');
let made = 0;

/**
 * A fresh request ID, `<process>-<counter>`. Joined, not concatenated: a concatenation this long is
 * a rope (a V8 ConsString), and `node:http` checks every header value with a regular expression,
 * which takes V8's slow path on a rope (about 1,200 instructions per response under callgrind).
 */
export function newRequestId(): string {
  return [PROCESS_PART, ++made].join('-');
}

/** The caller's X-Request-Id when it is a sensible token, else a new one; echoed on the response. */
export function requestId(headers: IncomingHttpHeaders): string {
  const incoming = headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : newRequestId();
}
