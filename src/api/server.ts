/**
 * Builds the Fastify app: the shared behaviour of every endpoint (CORS, Cache-Control, request IDs,
 * the error envelope for every failure, Fastify's and Node's own included), the prepared lane in
 * front of the router, then the endpoints of the registry. Nothing here knows an endpoint's rules.
 */
import { createServer } from 'node:http';
import type { Logger } from 'pino';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyReply } from 'fastify';
import { registerAccessHook } from '../http/access/http-hook.js';
import type { ApiContext } from '../http/context.js';
import type { Endpoint } from '../http/endpoint.js';
import { clientErrorHandler } from '../http/edge/client-errors.js';
import { ConnectionCap, MAX_CONNECTIONS_PER_ADDRESS } from '../http/edge/connection-cap.js';
import { RawErrors } from '../http/edge/raw-errors.js';
import { guarded } from '../http/edge/request-guard.js';
import { ApiError, apiErrorFor, ERROR_MEANING, ERROR_STATUS } from '../http/errors.js';
import { openapiDocument } from './openapi.js';
import { parseQueryString } from '../http/params.js';
import { PreparedLane } from '../http/prepared/lane.js';
import { FastifyRequestLog, RequestLog } from '../http/request-log.js';
import { requestId } from '../http/request-id.js';
import { EXPOSED_HEADERS, VARY, WWW_AUTHENTICATE, cacheControl } from '../http/response-headers.js';
import { ENDPOINTS } from './routes/index.js';
import type { ApiServerParts } from '../http/server-parts.js';
import type { ApiServer } from '../http/server-types.js';

/** What the HTTP server allows a connection (tests shorten the timeouts). */
export interface HttpLimits {
  /** How long a client may take to send a request's headers. */
  readonly headersTimeoutMs: number;
  /** How long a client may take to send a whole request. */
  readonly requestTimeoutMs: number;
  /** Open connections one address may hold without a key, streams aside. */
  readonly maxConnectionsPerAddress: number;
  /** Whether loopback addresses are capped too (they are not by default: tests turn it on). */
  readonly capLoopback: boolean;
}

export const HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  maxConnectionsPerAddress: MAX_CONNECTIONS_PER_ADDRESS,
  capLoopback: false,
};

/**
 * @param registerMore routes served beside the API (the streams, the site's pages), registered
 *   with the endpoints so that they share the hooks and the error handling.
 */
export async function buildApiServer(
  context: ApiContext,
  logger: Logger,
  registerMore: (app: ApiServer, parts: Omit<ApiServerParts, 'app'>) => void = () => undefined,
  limits: HttpLimits = HTTP_LIMITS,
): Promise<ApiServer> {
  const requestLog = new RequestLog(logger);
  const rawErrors = new RawErrors(context.envelopes);
  const connections = new ConnectionCap(
    context.trustProxy,
    rawErrors,
    limits.maxConnectionsPerAddress,
    limits.capLoopback,
  );
  const lane = new PreparedLane({ access: context.access, trustProxy: context.trustProxy, log: requestLog });
  // Fastify types its instance by the logger's type; the routes are typed for its base logger.
  const baseLogger: FastifyBaseLogger = logger;
  const app = Fastify({
    loggerInstance: baseLogger,
    logController: new FastifyRequestLog(requestLog),
    // The guard refuses what no route serves; the prepared lane answers what it can before the router.
    serverFactory: (router) => {
      const server = createServer(
        {
          headersTimeout: limits.headersTimeoutMs,
          requestTimeout: limits.requestTimeoutMs,
          // The timeouts above are checked this often (Node's default is every 30 s).
          connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs / 2),
          keepAliveTimeout: 72_000,
          // Answered by the guard, in the envelope.
          requireHostHeader: false,
        },
        guarded(lane.handler(router), { raw: rawErrors, log: requestLog, cap: connections }),
      );
      server.on('connection', connections.admit);
      return server;
    },
    clientErrorHandler: clientErrorHandler(rawErrors, logger),
    requestIdHeader: false,
    genReqId: (req) => requestId(req.headers),
    routerOptions: {
      ignoreTrailingSlash: true,
      // A long unknown identifier is a 404 from its lookup, not a 414 from the router.
      maxParamLength: 65_536,
      querystringParser: parseQueryString,
    },
    // Every route parses its own parameters (params.ts); nothing is coerced behind its back.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false } },
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const bad = error.code === 'FST_ERR_BAD_URL';
      void reply
        .code(400)
        .send(
          context.envelopes.error(
            'invalid_request',
            bad
              ? 'The path is not valid percent-encoded UTF-8; encode each path segment with encodeURIComponent.'
              : `The request could not be routed (${error.message}).`,
          ),
        );
      request.log.debug({ frameworkError: error.code }, 'request refused by the router');
    },
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
    // Preflights are answered here; a plain OPTIONS never reaches the router (the guard answers 405).
    strictPreflight: false,
  });
  await app.register(swagger, openapiDocument(context));
  context.registry.describeWith(() => app.swagger());

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('GET') || route.schema?.hide || !route.schema?.summary) return;
    context.registry.add(route.url, route.schema.summary);
  });

  // Callback hooks rather than async ones: no promise per request for a header.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  registerAccessHook(app, context);

  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400) {
      // An error may depend on the key (401, 429): never stored, and varying as the answers do.
      reply.header('Cache-Control', 'no-store');
      if (request.routeOptions.config.maxAge !== undefined) reply.header('Vary', VARY);
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

  app.setErrorHandler((thrown: FastifyError | ApiError, request, reply) => {
    const error = apiErrorFor(thrown) ?? thrown;
    if (error instanceof ApiError) {
      if (error.status === 401) reply.header('WWW-Authenticate', WWW_AUTHENTICATE);
      return reply
        .code(error.status)
        .headers(error.headers)
        .send(context.envelopes.error(error.code, error.message));
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.debug({ err: error }, 'request refused');
      return reply
        .code(400)
        .send(context.envelopes.error('invalid_request', `The request was refused: ${error.message}.`));
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
    const addEndpoint = (endpoint: Endpoint) => {
      endpoint.register(scope, context, (url, route) => {
        lane.add(url, route);
      });
    };
    for (const endpoint of ENDPOINTS) addEndpoint(endpoint);
    registerMore(scope, { connections, rawErrors, addEndpoint });
  });

  return app;
}
