/**
 * What the HTTP server (`api/server.ts`) lends the surfaces it hosts beside the API's endpoints:
 * the streams and the site register on it with these.
 */
import type { ConnectionCap } from './edge/connection-cap.js';
import type { RawErrors } from './edge/raw-errors.js';
import type { Endpoint } from './endpoint.js';
import type { ApiServer } from './server-types.js';

export interface ApiServerParts {
  readonly app: ApiServer;
  /** Counts connections per address; the streams release the sockets they take over. */
  readonly connections: ConnectionCap;
  /** Writes error envelopes where Fastify does not (the WebSocket upgrade uses it too). */
  readonly rawErrors: RawErrors;
  /** Serves a declared endpoint beside the registry's (the streams' AsyncAPI document). */
  addEndpoint(endpoint: Endpoint): void;
}
