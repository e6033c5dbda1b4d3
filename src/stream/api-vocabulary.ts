/**
 * What the streams take from the HTTP API: its context and server types, its error codes, the
 * presenters and schemas of live waits, and the lookups and parsers of park identifiers. The
 * streams speak the API's language, so they read it here rather than from a dozen of its modules.
 */
export type { ApiContext } from '../api/context.js';
export type { ApiServer, ApiServerParts } from '../api/server.js';
export type { EnvelopeFactory } from '../api/envelope.js';
export type { Links } from '../api/links.js';
export { ApiError, ERROR_MEANING, type ErrorCode } from '../api/errors.js';
export { clientIp } from '../api/client-ip.js';
export { refusal } from '../api/edge/request-guard.js';
export { requirePark } from '../api/lookup.js';
export {
  defineEndpoint,
  documentedErrors,
  errorResponse,
  parameterSchemas,
  parsedByRoute,
} from '../api/endpoint.js';
export { SchemaNamer } from '../api/named-schemas.js';
export { queryKeyParameter } from '../api/openapi.js';
export { CATALOG_VERSION } from '../api/prepared/cache.js';
export {
  KEY_QUERY_PARAM,
  PARK_PARAM,
  parsePath,
  parseQuery,
  type PathParams,
  type QueryParams,
} from '../api/params.js';
export { presentLiveEntry, LiveEntrySchema } from '../api/resources/live-entry.js';
export { presentParkWaits, ParkWaitsStatusProperties } from '../api/resources/park-waits.js';
export { Attribution, ErrorCodeSchema, Nullable, Timestamp } from '../api/schemas/common.js';
export { RATE_LIMIT_HEADER_SCHEMAS } from '../api/response-headers.js';
