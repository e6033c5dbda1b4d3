/**
 * The HTTP server's type and the route options the shared hooks read, apart from its construction
 * (`api/server.ts`) so that routes, hooks, streams and the site can name them without importing it.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PreparedLane } from './prepared/lane.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The lane in front of the router (tests read what it answered). */
    readonly preparedLane: PreparedLane;
  }
  interface FastifyContextConfig {
    /** `Cache-Control: public, max-age=<maxAge>` on success (SPEC endpoint table). */
    maxAge?: number;
    /** Counted against the caller's limits (every data endpoint; not `/v1` or `/v1/openapi.json`). */
    rateLimited?: boolean;
    /** Provider-derived: refused with 403 when PROVIDER_DATA=disabled. */
    provider?: boolean;
    /** A stream endpoint: also accepts the key as `?key=`. */
    keyInQuery?: boolean;
  }
}

export type ApiServer = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;
