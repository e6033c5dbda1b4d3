/**
 * Builds the Fastify app: TypeBox as the one source of validation, types and OpenAPI; the shared
 * behaviour of every endpoint (CORS, Cache-Control, request IDs, 405/404, error envelope); then the
 * routes. Nothing here knows an endpoint's rules.
 */
import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import { registerAccessHook } from './access/http-hook.js';
import type { ApiContext } from './context.js';
import { ApiError, ERROR_MEANING, ERROR_STATUS } from './errors.js';
import { openapiDocument } from './openapi.js';
import { OneLinePerRequest } from './request-log.js';
import { registerRoutes } from './routes/index.js';
import { describeValidationError } from './validation-message.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `Cache-Control: public, max-age=<maxAge>` on success (SPEC endpoint table). */
    maxAge?: number;
    /** Counted against the caller's limits (every data endpoint; not rows 1 and 2). */
    rateLimited?: boolean;
    /** Provider-derived: refused with 403 when PROVIDER_DATA=disabled. */
    provider?: boolean;
    /** A stream endpoint: also accepts the key as `?key=`. */
    keyInQuery?: boolean;
  }
}

export type ApiServer = FastifyInstance<
  import('node:http').Server,
  import('node:http').IncomingMessage,
  import('node:http').ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** A listed endpoint for the index (row 1): `GET /v1/parks` and its one-line summary. */
export interface ListedEndpoint {
  readonly path: string;
  readonly description: string;
}

const OTHER_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * @param registerPages routes served beside the API (the site's pages), registered before the
 *   405 catch-alls are added so every served path gets them.
 */
export async function buildApiServer(
  context: ApiContext,
  logger: FastifyBaseLogger,
  registerPages: (app: ApiServer) => void = () => undefined,
): Promise<ApiServer> {
  const app = Fastify({
    loggerInstance: logger,
    logController: new OneLinePerRequest(),
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    ajv: { customOptions: { coerceTypes: true, removeAdditional: true, useDefaults: true } },
    forceCloseConnections: false,
    // Client IPs (keyless limits) come from X-Forwarded-For only through the configured proxies.
    trustProxy: context.trustProxy,
    return503OnClosing: true,
  }).withTypeProvider<TypeBoxTypeProvider>();

  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD'],
    allowedHeaders: ['Authorization', 'X-Service-Key', 'Content-Type', 'If-None-Match'],
    exposedHeaders: [
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'Retry-After',
      'X-Request-Id',
      'ETag',
    ],
    maxAge: 86400,
  });
  await app.register(swagger, openapiDocument(context));

  const listed: ListedEndpoint[] = [];
  const getUrls: string[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('GET')) return;
    getUrls.push(route.url);
    const schema = route.schema;
    if (schema?.hide || !schema?.summary) return;
    listed.push({ path: `GET ${route.url.replace(/:(\w+)/g, '{$1}')}`, description: schema.summary });
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  registerAccessHook(app, context);

  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400) {
      reply.header('Cache-Control', 'no-store');
    } else if (!reply.hasHeader('Cache-Control')) {
      const maxAge = request.routeOptions.config.maxAge;
      if (maxAge !== undefined) reply.header('Cache-Control', `public, max-age=${maxAge}`);
    }
    return payload;
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply
        .code(error.status)
        .headers(error.headers)
        .send(context.envelopes.error(error.code, error.message));
    }
    if (error.validation) {
      const schema = request.routeOptions.schema as Parameters<typeof describeValidationError>[1];
      return reply
        .code(400)
        .send(context.envelopes.error('invalid_request', describeValidationError(error, schema)));
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(400).send(context.envelopes.error('invalid_request', `${error.message}.`));
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(ERROR_STATUS.internal_error)
      .send(
        context.envelopes.error(
          'internal_error',
          `${ERROR_MEANING.internal_error} Request ID: ${request.id}.`,
        ),
      );
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    return reply
      .code(404)
      .send(
        context.envelopes.error(
          'not_found',
          `No endpoint at ${request.method} ${path}. Every endpoint is listed at ${context.links.baseUrlPath('/v1')}.`,
        ),
      );
  });

  await app.register(async (scope) => {
    registerRoutes(scope, context, listed);
    registerPages(scope);
  });

  // Other methods on a served path are 405, not 404: the path exists, the method does not.
  for (const url of new Set(getUrls)) {
    app.route({
      method: [...OTHER_METHODS],
      url,
      schema: { hide: true },
      handler: (request, reply) =>
        reply
          .code(405)
          .header('Allow', 'GET, HEAD')
          .send(
            context.envelopes.error(
              'method_not_allowed',
              `${request.method} is not served; this API is read-only: use GET (or HEAD).`,
            ),
          ),
    });
  }

  return app;
}
