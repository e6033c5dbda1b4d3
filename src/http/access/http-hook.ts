/**
 * Access for every HTTP request to a data endpoint (route config `rateLimited`): the key (401),
 * the provider switch (403), then the caller's limits (429), with the X-RateLimit-* headers set on
 * the reply either way. A callback hook, not an async one: with no key to look up, the request
 * passes without a promise.
 */
import type { FastifyRequest } from 'fastify';
import type { ApiContext } from '../context.js';
import { ApiError } from '../errors.js';
import type { ApiServer } from '../server-types.js';
import type { RateLimitHeaders } from './access-control.js';
import { RawClient } from '../client-ip.js';

const KEY_IN_QUERY =
  'The key query parameter is accepted by the stream endpoints only; send the key in Authorization: Bearer or X-Service-Key.';

export function registerAccessHook(app: ApiServer, context: ApiContext): void {
  app.addHook('onRequest', (request, reply, done) => {
    const config = request.routeOptions.config;
    if (!config.rateLimited) {
      done();
      return;
    }
    let headers: RateLimitHeaders | Promise<RateLimitHeaders>;
    try {
      headers = admit(request, context);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (headers instanceof Promise) {
      headers.then(
        (resolved) => {
          reply.headers(resolved);
          done();
        },
        (error: unknown) => {
          done(error as Error);
        },
      );
    } else {
      reply.headers(headers);
      done();
    }
  });
}

function admit(request: FastifyRequest, context: ApiContext): RateLimitHeaders | Promise<RateLimitHeaders> {
  const config = request.routeOptions.config;
  const query = request.query as Record<string, unknown>;
  if (!config.keyInQuery && query.key !== undefined) throw new ApiError('invalid_request', KEY_IN_QUERY);
  const queryKey = config.keyInQuery && typeof query.key === 'string' ? query.key : undefined;
  return context.access.admit(
    new RawClient(request.raw, context.trustProxy, queryKey),
    config.provider ?? false,
  );
}
