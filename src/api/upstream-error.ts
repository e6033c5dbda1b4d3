/**
 * The HTTP answer to an upstream failure met while building a body: 503 `upstream_limit` when the
 * upstream asked us to slow down (429), 503 `upstream_unavailable` when it failed or our read budget
 * for it is spent, each with the Retry-After the failure carries (30 s when it names none).
 */
import { backoffOf } from '../feeds/http/upstream-client.js';
import type { UpstreamError } from '../feeds/types.js';
import { ApiError } from '../http/errors.js';

const DEFAULT_RETRY_SECONDS = 30;

export function upstreamApiError(error: UpstreamError, what: string): ApiError {
  const backoff = backoffOf(error);
  const seconds = backoff?.retryAfterSeconds ?? DEFAULT_RETRY_SECONDS;
  return new ApiError(
    backoff?.code ?? 'upstream_unavailable',
    `${what} are unavailable right now (${error.message}); retry in ${seconds} seconds.`,
    { 'Retry-After': seconds },
  );
}
