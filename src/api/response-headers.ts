/**
 * Response headers that every path to a response must agree on: the router's hooks and the
 * prepared lane (prepared/lane.ts) both read them from here.
 */

/** What a cross-origin script may read besides the CORS-safelisted headers. */
export const EXPOSED_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'X-Request-Id',
  'ETag',
] as const;

/** `Cache-Control` of a successful response (SPEC endpoint table); errors are `no-store`. */
export function cacheControl(maxAge: number): string {
  return `public, max-age=${maxAge}`;
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
