/**
 * Access for every HTTP request to a data endpoint (route config `rateLimited`): the key (401),
 * the provider switch (403), then the caller's limits (429), with the X-RateLimit-* headers set on
 * the reply either way.
 */
import type { ApiContext } from '../context.js';
import { ApiError } from '../errors.js';
import type { ApiServer } from '../server.js';

export function registerAccessHook(app: ApiServer, context: ApiContext): void {
  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    if (!config.rateLimited) return;
    const query = request.query as Record<string, unknown>;
    if (!config.keyInQuery && query.key !== undefined) {
      throw new ApiError(
        'invalid_request',
        'The key query parameter is accepted by the stream endpoints only; send the key in Authorization: Bearer or X-Service-Key.',
      );
    }
    const queryKey = config.keyInQuery && typeof query.key === 'string' ? query.key : undefined;
    const caller = await context.access.identify({ headers: request.headers, queryKey, ip: request.ip });
    if (config.provider) context.access.requireProviderData();
    reply.headers(await context.access.count(caller));
  });
}
