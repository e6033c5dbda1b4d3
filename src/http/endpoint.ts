/**
 * One declaration per endpoint. A route file states its path, parameters, body schema, errors and
 * max-age, how a request resolves to a cache key and version (or a 404/400), and how the body is
 * built from the services. From that one declaration come the OpenAPI operation, the router
 * handler, the prepared lane's lookup (plain requests answered before the router), the response
 * headers of both paths, and the registry entry the index and the shared endpoint tests read.
 *
 * @example
 * export const getReliability = defineEndpoint({
 *   url: '/v1/parks/:park/reliability',
 *   operationId: 'getParkReliability', tag: 'Parks', summary: '…', description: '…',
 *   params: { park: PARK_PARAM },
 *   body: ReliabilityBody,
 *   errors: [400, 401, 403, 404, 429, 503],
 *   maxAge: 300,
 *   provider: true,
 *   examples: ['/v1/parks/magic-kingdom/reliability'],
 *   resolve: ({ params }, { catalog, services }) => {
 *     const park = requirePark(catalog, params.park);
 *     return { key: park.key, version: services.reliability.version(park), input: park };
 *   },
 *   build: (park, context) => reliabilityBody(park, context),
 * });
 */
import type { Static, TSchema } from 'typebox';
import type { ApiContext } from './context.js';
import { ERROR_MEANING } from './errors.js';
import {
  parsePath,
  parseQuery,
  parseQueryString,
  type PathParams,
  type PathValues,
  type QueryParams,
  type QueryValues,
} from './params.js';
import { sendPrepared } from './prepared/body.js';
import { PreparedCache, type Reuse, type Version } from './prepared/cache.js';
import type { LaneRouteOptions } from './prepared/lane.js';
import { ErrorBody } from './schemas/common.js';
import { RATE_LIMIT_HEADER_SCHEMAS, VARY, WWW_AUTHENTICATE, cacheControl } from './response-headers.js';
import type { ApiServer } from './server-types.js';

export type ErrorStatus = 400 | 401 | 403 | 404 | 429 | 503;

export type Tag = 'Service' | 'Parks' | 'Rides' | 'Resorts';

/** Which body a request asks for, what its inputs are now, and what `build` needs to make it. */
export interface Resolution<I> {
  /** Names the body among the endpoint's bodies (a park key and a date, say). */
  readonly key: string;
  /** Changes whenever the body's inputs do; a prepared body is reused while its version holds. */
  readonly version: Version;
  readonly input: I;
}

export interface EndpointRequest<P extends PathParams, Q extends QueryParams> {
  readonly params: PathValues<P>;
  readonly query: QueryValues<Q>;
}

export interface EndpointDeclaration<P extends PathParams, Q extends QueryParams, B extends TSchema, I> {
  /** Fastify route path, such as `/v1/parks/:park/waits`. */
  readonly url: string;
  readonly operationId: string;
  /** One line: the index lists it. */
  readonly summary: string;
  /** The reference text of the operation. */
  readonly description: string;
  readonly tag: Tag;
  readonly params?: P;
  readonly query?: Q;
  readonly body: B;
  /** The error statuses of the endpoint's row in the spec's endpoint table. */
  readonly errors: readonly ErrorStatus[];
  /** `Cache-Control` max-age in seconds (spec endpoint table). */
  readonly maxAge: number;
  /**
   * For an endpoint whose bodies age at different rates (a plan on today's live data, a plan on a
   * later date's forecast): each body's own max-age from its build input, and the rule in words for
   * the OpenAPI document. Bodies whose max-age is not `maxAge` are answered through the router.
   */
  readonly maxAgeOf?: { readonly rule: string; of(input: I): number };
  /** Provider-derived data: 403 `rights_unavailable` when PROVIDER_DATA=disabled. */
  readonly provider?: boolean;
  /** `/v1` and `/v1/openapi.json` are not rate limited and carry no X-RateLimit-* headers. */
  readonly rateLimited?: boolean;
  /** See `Reuse`; `max-age` unless the version covers everything in the body. */
  readonly reuse?: Reuse;
  /** Real paths of the endpoint (the first is the one the docs and tests use most). */
  readonly examples: readonly [string, ...string[]];
  /**
   * Resolves a request to its body's key, version and build input. Throws ApiError for an unknown
   * identifier (404) or a parameter outside its window (400). Synchronous and free of I/O: the
   * prepared lane calls it for every plain request.
   */
  resolve(request: EndpointRequest<P, Q>, context: ApiContext): Resolution<I>;
  /** Builds the whole body (envelope included) for a resolution's input. */
  build(input: I, context: ApiContext): Static<B> | Promise<Static<B>>;
}

/** What the registry keeps of an endpoint: enough to serve, document and test it. */
export interface Endpoint {
  readonly url: string;
  readonly operationId: string;
  readonly summary: string;
  readonly maxAge: number;
  readonly provider: boolean;
  readonly rateLimited: boolean;
  readonly examples: readonly [string, ...string[]];
  readonly params: PathParams;
  readonly query: QueryParams;
  readonly errors: readonly ErrorStatus[];
  /** Registers the route; `lane` receives the lookup for plain requests. */
  register(app: ApiServer, context: ApiContext, lane: (url: string, lookup: EndpointLaneRoute) => void): void;
}

/** What the prepared lane needs of an endpoint. */
export type EndpointLaneRoute = LaneRouteOptions;

/**
 * The validator of a route that parses its own parameters (params.ts): Fastify's schema validation
 * passes everything through, so the router and the prepared lane apply the same parsers.
 */
export const parsedByRoute = () => (value: unknown) => ({ value });

/** How many distinct query strings one endpoint's lane lookup remembers the parse of. */
const REMEMBERED_QUERIES = 1_024;

export function defineEndpoint<P extends PathParams, Q extends QueryParams, B extends TSchema, I>(
  declaration: EndpointDeclaration<P, Q, B, I>,
): Endpoint {
  const params = declaration.params ?? ({} as P);
  const query = declaration.query ?? ({} as Q);
  const provider = declaration.provider ?? false;
  const rateLimited = declaration.rateLimited ?? true;
  return {
    url: declaration.url,
    operationId: declaration.operationId,
    summary: declaration.summary,
    maxAge: declaration.maxAge,
    provider,
    rateLimited,
    examples: declaration.examples,
    params,
    query,
    errors: declaration.errors,
    register(app, context, lane) {
      // One cache per max-age, so no body is kept longer than its own max-age.
      const caches = new Map<number, PreparedCache>();
      const cacheOf = (maxAge: number) => {
        let cache = caches.get(maxAge);
        if (!cache) {
          cache = new PreparedCache(context.clock, maxAge, declaration.reuse);
          caches.set(maxAge, cache);
        }
        return cache;
      };
      const maxAgeOf = (input: I) => declaration.maxAgeOf?.of(input) ?? declaration.maxAge;
      const build = (input: I) => () => declaration.build(input, context);

      app.get(
        declaration.url,
        {
          schema: operationSchema(declaration, params, query, rateLimited),
          config: { maxAge: declaration.maxAge, rateLimited, provider, keyInQuery: false },
          // Parameters are parsed by the declaration's own parsers below, the ones the lane runs.
          validatorCompiler: parsedByRoute,
        },
        async (request, reply) => {
          const resolved = declaration.resolve(
            {
              params: parsePath(params, request.params as Record<string, string>),
              query: parseQuery(query, request.query as Record<string, string | string[]>),
            },
            context,
          );
          const maxAge = maxAgeOf(resolved.input);
          const body = await cacheOf(maxAge).get(resolved.key, resolved.version, build(resolved.input));
          return sendPrepared(request, reply, body, cacheControl(maxAge));
        },
      );

      const queries = new Map<string, QueryValues<Q> | null>();
      /** The parsed query, or null when the router must answer (an error, or a parameter the lane does not take). */
      const laneQuery = (text: string): QueryValues<Q> | null => {
        let parsed = queries.get(text);
        if (parsed !== undefined) return parsed;
        parsed = null;
        const raw = parseQueryString(text);
        if (Object.keys(raw).every((name) => name in query)) {
          try {
            parsed = parseQuery(query, raw);
          } catch {
            parsed = null;
          }
        }
        if (queries.size >= REMEMBERED_QUERIES) queries.clear();
        queries.set(text, parsed);
        return parsed;
      };
      lane(declaration.url, {
        maxAge: declaration.maxAge,
        provider,
        rateLimited,
        lookup: (pathParams, queryText) => {
          const values = laneQuery(queryText);
          if (values === null) return undefined;
          let resolved: Resolution<I>;
          try {
            // The lane only matches plain path segments, which parsePath would accept as they are.
            resolved = declaration.resolve({ params: pathParams as PathValues<P>, query: values }, context);
          } catch {
            return undefined;
          }
          // The lane sends the endpoint's one Cache-Control; other max-ages go through the router.
          const maxAge = maxAgeOf(resolved.input);
          if (maxAge !== declaration.maxAge) return undefined;
          return cacheOf(maxAge).peek(resolved.key, resolved.version);
        },
      });
    },
  };
}

/** A data endpoint takes a key in either header, or none. */
const OPTIONAL_KEY: readonly Record<string, string[]>[] = [{}, { bearerAuth: [] }, { serviceKey: [] }];
const NO_KEY: readonly Record<string, string[]>[] = [];

const RETRY_AFTER = { type: 'integer', description: 'Seconds to wait before retrying.' };
const WWW_AUTHENTICATE_HEADER = {
  type: 'string',
  description: `The challenge (RFC 6750): ${WWW_AUTHENTICATE}`,
};

/** What an operation's errors depend on: its parameters, its data, whether it is a stream. */
export interface ErrorScope {
  readonly provider: boolean;
  readonly params: PathParams;
  readonly query: QueryParams;
  readonly stream?: boolean;
}

/** What each error status means for one operation, from its own parameters and data. */
function errorDescription(status: ErrorStatus, scope: ErrorScope): string {
  switch (status) {
    case 400: {
      const rules = Object.entries(scope.query)
        .filter(([name]) => name !== 'key')
        .map(([name, param]) => `\`${name}\` must be ${param.rule}`);
      return [
        'invalid_request:',
        ...rules.map((rule) => `${rule.replace(/\.$/, '')};`),
        ...(Object.keys(scope.params).length > 0
          ? ['a path parameter must not hold control or invisible formatting characters;']
          : []),
        scope.stream
          ? 'the message states what is accepted.'
          : 'the `key` query parameter is refused here (only the streams take it: send the key in a header). The message states what is accepted.',
      ].join(' ');
    }
    case 401:
      return `invalid_key: ${ERROR_MEANING.invalid_key}`;
    case 403:
      return `rights_unavailable: ${ERROR_MEANING.rights_unavailable}`;
    case 404: {
      const names = [...new Set(Object.values(scope.params).map((param) => param.names))];
      return `not_found: unknown ${names.join(' or ') || 'path'}; the message says where the valid identifiers are listed.`;
    }
    case 429:
      return scope.stream
        ? `rate_limited: ${ERROR_MEANING.rate_limited} too_many_streams: ${ERROR_MEANING.too_many_streams} Both carry Retry-After and the X-RateLimit-* headers.`
        : `rate_limited: ${ERROR_MEANING.rate_limited} The X-RateLimit-* headers say which window refused.`;
    case 503:
      return scope.provider
        ? `upstream_unavailable: ${ERROR_MEANING.upstream_unavailable} Also sent while the server restarts.`
        : 'upstream_unavailable: the server is restarting; retry after Retry-After.';
  }
}

/** The error responses of an operation, each in the error envelope with its headers. */
export function documentedErrors(statuses: readonly ErrorStatus[], scope: ErrorScope) {
  return Object.fromEntries(
    statuses.map((status) => {
      const headers: Record<string, unknown> =
        status === 429 ? { ...RATE_LIMIT_HEADER_SCHEMAS, 'Retry-After': RETRY_AFTER } : {};
      if (status === 503) headers['Retry-After'] = RETRY_AFTER;
      if (status === 401) headers['WWW-Authenticate'] = WWW_AUTHENTICATE_HEADER;
      return [status, errorResponse(errorDescription(status, scope), headers)];
    }),
  );
}

/**
 * An error response: what the status means here in its own `description`, the shared error envelope
 * as its body (named once under `components.schemas`, so no operation's text leaks into it).
 */
export function errorResponse(description: string, headers: Record<string, unknown> = {}) {
  return { description, headers, content: { 'application/json': { schema: ErrorBody } } };
}

/** Path and query parameters as Fastify's route schema (and so the OpenAPI document) takes them. */
export function parameterSchemas(params: PathParams, query: QueryParams) {
  const schemaOf = (
    declared: Readonly<Record<string, { readonly schema: TSchema }>>,
    required: readonly string[],
  ) => ({
    type: 'object',
    properties: Object.fromEntries(Object.entries(declared).map(([name, param]) => [name, param.schema])),
    ...(required.length > 0 ? { required } : {}),
  });
  const requiredQuery = Object.keys(query).filter((name) => query[name]?.required === true);
  return {
    ...(Object.keys(params).length > 0 ? { params: schemaOf(params, Object.keys(params)) } : {}),
    ...(Object.keys(query).length > 0 ? { querystring: schemaOf(query, requiredQuery) } : {}),
  };
}

/** The OpenAPI operation of a declaration (Fastify's route schema, which @fastify/swagger reads). */
function operationSchema(
  declaration: EndpointDeclaration<PathParams, QueryParams, TSchema, unknown>,
  params: PathParams,
  query: QueryParams,
  rateLimited: boolean,
) {
  return {
    operationId: declaration.operationId,
    summary: declaration.summary,
    description: declaration.description,
    tags: [declaration.tag],
    security: rateLimited ? OPTIONAL_KEY : NO_KEY,
    ...parameterSchemas(params, query),
    response: {
      200: {
        ...declaration.body,
        headers: {
          ETag: { type: 'string', description: 'Entity tag of this body; send it back in If-None-Match.' },
          'Content-Encoding': { type: 'string', description: 'br or gzip when the request accepts it.' },
          'Cache-Control': {
            type: 'string',
            description: `${declaration.maxAgeOf ? declaration.maxAgeOf.rule : cacheControl(declaration.maxAge)}, with a key or without: \`Vary\` keeps each caller's answer apart in a cache.`,
          },
          Vary: { type: 'string', description: `${VARY}: a cache keeps answers to different keys apart.` },
          ...(rateLimited ? RATE_LIMIT_HEADER_SCHEMAS : {}),
        },
      },
      304: {
        type: 'null',
        description: 'Not Modified: the body is the one whose ETag was sent in If-None-Match.',
      },
      ...documentedErrors(declaration.errors, { provider: declaration.provider ?? false, params, query }),
    },
  };
}
