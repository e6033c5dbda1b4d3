/**
 * What every request passes before the prepared lane and the router: a method this read-only API
 * serves (GET, HEAD, and OPTIONS for a CORS preflight; anything else is 405 on every path), and a
 * Host header on HTTP/1.1. A request that presents a key stops counting against its address's
 * connection cap.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestLog } from '../request-log.js';
import { requestId } from '../request-id.js';
import { presentsKey } from '../response-headers.js';
import type { ConnectionCap } from './connection-cap.js';
import type { RawError, RawErrors } from './raw-errors.js';

export const NOT_ALLOWED: RawError = {
  status: 405,
  code: 'method_not_allowed',
  message: 'This API is read-only: use GET (or HEAD); no other method is served on any path.',
  // DESIGN: 405 with `Allow: GET` (HEAD goes with GET, as it does everywhere).
  headers: { allow: 'GET' },
};

const NO_HOST: RawError = {
  status: 400,
  code: 'invalid_request',
  message: 'HTTP/1.1 requests must carry a Host header.',
};

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export interface GuardDependencies {
  readonly raw: RawErrors;
  readonly log: RequestLog;
  readonly cap: ConnectionCap;
}

/** The one route that takes a POST: the website's free-key sign-up form (src/site/signup), outside `/v1`. */
export const FORM_PATH = '/signup';

function isFormPost(request: IncomingMessage): boolean {
  const url = request.url ?? '';
  return request.method === 'POST' && (url === FORM_PATH || url.startsWith(`${FORM_PATH}?`));
}

/** The refusal a request gets before routing, if any. */
export function refusal(request: IncomingMessage): RawError | undefined {
  const method = request.method;
  if (method !== 'GET' && method !== 'HEAD' && !isFormPost(request)) {
    const preflight =
      method === 'OPTIONS' &&
      request.headers.origin !== undefined &&
      request.headers['access-control-request-method'] !== undefined;
    if (!preflight) return NOT_ALLOWED;
  }
  if (request.headers.host === undefined && request.httpVersion === '1.1') return NO_HOST;
  return undefined;
}

export function guarded(next: Handler, deps: GuardDependencies): Handler {
  return (request, response) => {
    const refused = refusal(request);
    if (refused) {
      const started = performance.now();
      const id = requestId(request.headers);
      deps.raw.respond(response, refused, id);
      deps.log.completed({
        reqId: id,
        method: request.method ?? '',
        url: request.url ?? '',
        client: { ip: request.socket.remoteAddress ?? '' },
        statusCode: refused.status,
        responseTime: performance.now() - started,
      });
      return;
    }
    if (presentsKey(request.headers)) deps.cap.release(request.socket);
    next(request, response);
  };
}
