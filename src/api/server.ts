/**
 * Builds the Fastify app: TypeBox as the one source of validation, types and OpenAPI; the shared
 * behaviour of every endpoint (CORS, Cache-Control, request IDs, 405/404, error envelope); then the
 * routes. Nothing here knows an endpoint's rules.
 */
import { createServer } from 'node:http';
import type { Logger } from 'pino';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import { registerAccessHook } from './access/http-hook.js';
import type { ApiContext } from './context.js';
import { ApiError, ERROR_MEANING, ERROR_STATUS } from './errors.js';
import { openapiDocument } from './openapi.js';
import { FastifyRequestLog, RequestLog } from './request-log.js';
import { PreparedLane, type PreparedLookup } from './prepared/lane.js';
import { requestId } from './request-id.js';
import { EXPOSED_HEADERS, cacheControl } from './response-headers.js';
import { registerRoutes } from './routes/index.js';
import { describeValidationError } from './validation-message.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The lane in front of the router (tests read what it answered). */
    readonly preparedLane: PreparedLane;
  }
  interface FastifyContextConfig {
    /** `Cache-Control: public, max-age=<maxAge>` on success (SPEC endpoint table). */
    maxAge?: number;
    /** Counted against the caller's limits (every data endpoint; not rows 1 and 2). */
    rateLimited?: boolean;
    /** Provider-derived: refused with 403 when PROVIDER_DATA=disabled. */
    provider?: boolean;
    /** A stream endpoint: also accepts the key as `?key=`. */
    keyInQuery?: boolean;
    /** Served from a prepared body, also through the prepared lane (prepared/lane.ts). */
    prepared?: PreparedLookup;
    /** Query values the lane answers too (prepared/lane.ts). */
    preparedQueries?: readonly Readonly<Record<string, string>>[];
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

/**
 * @param registerPages routes served beside the API (the site's pages), registered before the
 *   405 catch-alls are added so every served path gets them.
 */
export async function buildApiServer(
  context: ApiContext,
  logger: Logger,
  registerPages: (app: ApiServer) => void = () => undefined,
): Promise<ApiServer> {
  const requestLog = new RequestLog(logger);
  const lane = new PreparedLane({ access: context.access, trustProxy: context.trustProxy, log: requestLog });
  // Fastify types its instance by the logger's type; the routes are typed for its base logger.
  const baseLogger: FastifyBaseLogger = logger;
  const app = Fastify({
    loggerInstance: baseLogger,
    logController: new FastifyRequestLog(requestLog),
    // The prepared lane answers what it can before the router (see prepared/lane.ts).
    serverFactory: (router) => {
      const server = createServer(lane.handler(router));
      // What Fastify sets on the servers it makes itself (its defaults).
      server.keepAliveTimeout = 72_000;
      server.requestTimeout = 0;
      server.setTimeout(0);
      return server;
    },
    requestIdHeader: false,
    genReqId: (req) => requestId(req.headers),
    routerOptions: { ignoreTrailingSlash: true },
    ajv: { customOptions: { coerceTypes: true, removeAdditional: true, useDefaults: true } },
    forceCloseConnections: false,
    // Client IPs (keyless limits) come from X-Forwarded-For only through the configured proxies.
    trustProxy: context.trustProxy,
    return503OnClosing: true,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('preparedLane', lane);
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD'],
    allowedHeaders: ['Authorization', 'X-Service-Key', 'Content-Type', 'If-None-Match'],
    exposedHeaders: [...EXPOSED_HEADERS],
    maxAge: 86400,
  });
  await app.register(swagger, openapiDocument(context));

  const listed: ListedEndpoint[] = [];
  const getUrls: string[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('GET')) return;
    getUrls.push(route.url);
    const config = route.config;
    if (config?.prepared && config.maxAge !== undefined) {
      lane.add(route.url, {
        maxAge: config.maxAge,
        provider: config.provider ?? false,
        lookup: config.prepared,
        ...(config.preparedQueries ? { queries: config.preparedQueries } : {}),
      });
    }
    const schema = route.schema;
    if (schema?.hide || !schema?.summary) return;
    listed.push({ path: `GET ${route.url.replace(/:(\w+)/g, '{$1}')}`, description: schema.summary });
  });

  // Callback hooks rather than async ones: no promise per request for a header.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  registerAccessHook(app, context);

  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400) {
      reply.header('Cache-Control', 'no-store');
    } else if (!reply.hasHeader('Cache-Control')) {
      const maxAge = request.routeOptions.config.maxAge;
      if (maxAge !== undefined) reply.header('Cache-Control', cacheControl(maxAge));
    }
    done(null, payload);
  });

  app.addHook('onReady', (done) => {
    requestLog.traffic.start();
    done();
  });
  app.addHook('preClose', (done) => {
    lane.close();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    requestLog.traffic.stop();
    done();
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
