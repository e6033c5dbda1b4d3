/**
 * Response headers that every path to a response must agree on: the router's handlers and hooks
 * and the prepared lane (prepared/lane.ts) both take them from here.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import { ERROR_MEANING } from './errors.js';

/** What a cross-origin script may read besides the CORS-safelisted headers. */
export const EXPOSED_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'X-Request-Id',
  'ETag',
] as const;

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The `Content-Encoding` values a prepared answer is stored in besides identity. */
export type ContentEncoding = 'br' | 'gzip';

/**
 * A cached answer differs by encoding and by caller: the rate-limit headers and the tier belong to
 * the key (or the address) that asked, so a browser or shared cache keeps one caller's answer apart
 * from another's by the key headers.
 */
export const VARY = 'Accept-Encoding, Authorization, X-Service-Key';

/**
 * `Cache-Control` of a successful answer: one value per endpoint, whoever asks (the spec's endpoint
 * table); `Vary` keeps keyed and keyless answers apart in a cache.
 */
export function cacheControl(maxAge: number): string {
  return `public, max-age=${maxAge}`;
}

/**
 * The challenge every 401 carries (RFC 9110 §11.6.1), in the Bearer form of RFC 6750 §3. A fixed
 * text: it never quotes the key that was refused.
 */
export const WWW_AUTHENTICATE = `Bearer realm="queuecast", error="invalid_token", error_description="${ERROR_MEANING.invalid_key}"`;

/** Whether a request presents a key in a header. */
export function presentsKey(headers: Readonly<Record<string, string | string[] | undefined>>): boolean {
  return headers.authorization !== undefined || headers['x-service-key'] !== undefined;
}

/**
 * Adds the headers of an answer from a prepared body to `headers`, on the lane and through the
 * router alike (the lane passes the rest of its headers in, so each answer builds one object).
 */
export function addPreparedHeaders(
  headers: OutgoingHttpHeaders,
  cacheControl: string,
  etag: string,
  bytes: Buffer | undefined,
  encoding: ContentEncoding | undefined,
  contentType: string = JSON_CONTENT_TYPE,
): OutgoingHttpHeaders {
  headers.etag = etag;
  headers.vary = VARY;
  headers['cache-control'] = cacheControl;
  if (bytes) {
    headers['content-type'] = contentType;
    if (encoding) headers['content-encoding'] = encoding;
    headers['content-length'] = bytes.length;
  }
  return headers;
}

const integerHeader = (description: string) => ({ type: 'integer', description });

/** The X-RateLimit-* headers as the OpenAPI document declares them. */
export const RATE_LIMIT_HEADER_SCHEMAS = {
  'X-RateLimit-Limit': integerHeader(
    'Requests allowed in the current window (the tighter of per minute and per UTC day).',
  ),
  'X-RateLimit-Remaining': integerHeader('Requests left in that window.'),
  'X-RateLimit-Reset': integerHeader('Seconds until that window resets.'),
};
