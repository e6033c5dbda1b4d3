/**
 * The closed list of error codes and the one map from code to HTTP status (SPEC "Errors", with
 * DESIGN's choices for the statuses the spec leaves open).
 */
import { StoreUnavailableError } from '../store/guarded-stores.js';

export const ERROR_CODES = [
  'invalid_request',
  'invalid_key',
  'rights_unavailable',
  'not_found',
  'method_not_allowed',
  'rate_limited',
  'too_many_streams',
  'reauthentication_required',
  'upstream_limit',
  'upstream_unavailable',
  'internal_error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  invalid_request: 400,
  invalid_key: 401,
  rights_unavailable: 403,
  not_found: 404,
  method_not_allowed: 405,
  rate_limited: 429,
  too_many_streams: 429,
  reauthentication_required: 401,
  upstream_limit: 503,
  upstream_unavailable: 503,
  internal_error: 500,
};

/** One line per code for the docs' error table. */
export const ERROR_MEANING: Record<ErrorCode, string> = {
  invalid_request: 'Malformed date, out-of-range days or date window; the message gives the accepted range.',
  invalid_key: 'Malformed, unknown or revoked key. Drop the key headers to use the keyless allowance.',
  rights_unavailable:
    'Provider-derived data is disabled on this server; parks, rides and crowd forecasts remain.',
  not_found: 'Unknown park, ride, resort or path; the message says where to find valid identifiers.',
  method_not_allowed: 'Only GET (and HEAD) are served.',
  rate_limited: 'Rate limit reached; wait for the number of seconds in Retry-After.',
  too_many_streams: 'Concurrent stream limit reached; close a stream first.',
  reauthentication_required: 'The key verdict of a stream expired; reconnect and resubscribe.',
  upstream_limit: 'The upstream read budget is spent; retry after Retry-After.',
  upstream_unavailable: 'Upstream data is unavailable; retry after Retry-After.',
  internal_error: 'Something failed on the server; retry later.',
};

/** A failure the client should see: thrown anywhere in a request, answered by the error handler. */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Readonly<Record<string, string | number>> = {},
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** Seconds a client is asked to wait when the history store is unreachable (it is probed every second). */
export const STORE_RETRY_AFTER_SECONDS = 5;

/**
 * The ApiError a failure thrown below the HTTP layer stands for, if any: an unreachable store is 503
 * `upstream_unavailable` with Retry-After (the spec's only 503 code), never a 500.
 */
export function apiErrorFor(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error instanceof StoreUnavailableError)
    return new ApiError(
      'upstream_unavailable',
      'Stored history is unavailable for the moment; live data still answers. Retry after Retry-After.',
      { 'Retry-After': STORE_RETRY_AFTER_SECONDS },
    );
  return undefined;
}
