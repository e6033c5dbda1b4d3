/**
 * Declares an endpoint's OpenAPI face in one call: operation, parameters, the 200 body and the error
 * responses of its row in the spec's endpoint table, with the headers every success carries.
 */
import type { TSchema } from 'typebox';
import { ERROR_MEANING, type ErrorCode } from './errors.js';
import type { PreparedLookup } from './prepared/lane.js';
import { ErrorBody } from './schemas/common.js';

export type ErrorStatus = 400 | 401 | 403 | 404 | 429 | 503;

const CODES_BY_STATUS: Record<ErrorStatus, readonly ErrorCode[]> = {
  400: ['invalid_request'],
  401: ['invalid_key'],
  403: ['rights_unavailable'],
  404: ['not_found'],
  429: ['rate_limited', 'too_many_streams'],
  503: ['upstream_unavailable', 'upstream_limit'],
};

const integerHeader = (description: string) => ({ type: 'integer', description });

const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': integerHeader(
    'Requests allowed in the current window (the tighter of per minute and per UTC day).',
  ),
  'X-RateLimit-Remaining': integerHeader('Requests left in that window.'),
  'X-RateLimit-Reset': integerHeader('Seconds until that window resets.'),
};

/** Which security the operation declares: optional key (data), none (rows 1 and 2), or stream. */
export type Security = 'optional' | 'none' | 'stream';

const SECURITY: Record<Security, readonly Record<string, string[]>[]> = {
  optional: [{}, { bearerAuth: [] }, { serviceKey: [] }],
  none: [],
  stream: [{}, { bearerAuth: [] }, { serviceKey: [] }, { queryKey: [] }],
};

export interface EndpointDoc<
  Params extends TSchema | undefined,
  Query extends TSchema | undefined,
  Body extends TSchema,
> {
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tag: string;
  readonly params?: Params;
  readonly querystring?: Query;
  readonly body: Body;
  readonly errors: readonly ErrorStatus[];
  readonly security?: Security;
  /** Rows 1 and 2 are not rate limited and carry no X-RateLimit-* headers. */
  readonly rateLimited?: boolean;
  /** `Cache-Control: public, max-age=<maxAge>` on success (SPEC endpoint table). */
  readonly maxAge: number;
  /** Provider-derived data: 403 `rights_unavailable` when PROVIDER_DATA=disabled. */
  readonly provider?: boolean;
  /**
   * The prepared body for given path parameters, found without waiting (undefined until built):
   * the route answers from prepared bodies (ETag, `304 Not Modified`, gzip and brotli), and plain
   * requests are answered in the prepared lane (prepared/lane.ts).
   */
  readonly prepared?: PreparedLookup;
  /** Query values the prepared lane may answer as well (see `LaneRouteOptions.queries`). */
  readonly preparedQueries?: readonly Readonly<Record<string, string>>[];
}

function errorResponse(status: ErrorStatus) {
  const codes = CODES_BY_STATUS[status];
  const headers: Record<string, unknown> =
    status === 429 ? { ...RATE_LIMIT_HEADERS, 'Retry-After': integerHeader('Seconds to wait.') } : {};
  if (status === 503) headers['Retry-After'] = integerHeader('Seconds to wait.');
  return {
    ...ErrorBody,
    description: codes.map((code) => `${code}: ${ERROR_MEANING[code]}`).join(' '),
    headers,
  };
}

/**
 * The route options of an endpoint: its schema (validation, types, OpenAPI) and the config the
 * shared hooks read (cache age, rate limiting, provider data), from one declaration.
 */
export function endpoint<P extends TSchema | undefined, Q extends TSchema | undefined, B extends TSchema>(
  doc: EndpointDoc<P, Q, B>,
) {
  const security = doc.security ?? ((doc.rateLimited ?? true) ? 'optional' : 'none');
  return {
    schema: endpointSchema(doc),
    config: {
      maxAge: doc.maxAge,
      rateLimited: doc.rateLimited ?? true,
      provider: doc.provider ?? false,
      keyInQuery: security === 'stream',
      ...(doc.prepared ? { prepared: doc.prepared } : {}),
      ...(doc.preparedQueries ? { preparedQueries: doc.preparedQueries } : {}),
    },
  };
}

export function endpointSchema<
  P extends TSchema | undefined,
  Q extends TSchema | undefined,
  B extends TSchema,
>(doc: EndpointDoc<P, Q, B>) {
  const rateLimited = doc.rateLimited ?? true;
  const conditional = doc.prepared !== undefined;
  const errors = Object.fromEntries(doc.errors.map((status) => [status, errorResponse(status)])) as Partial<
    Record<ErrorStatus, typeof ErrorBody>
  >;
  return withoutUndefined({
    operationId: doc.operationId,
    summary: doc.summary,
    description: doc.description,
    tags: [doc.tag],
    security: SECURITY[doc.security ?? (rateLimited ? 'optional' : 'none')],
    params: doc.params as P,
    querystring: doc.querystring as Q,
    response: {
      200: {
        ...doc.body,
        headers: {
          ...(conditional
            ? {
                ETag: {
                  type: 'string',
                  description: 'Entity tag of this body; send it back in If-None-Match.',
                },
                'Content-Encoding': {
                  type: 'string',
                  description: 'br or gzip when the request accepts it.',
                },
              }
            : {}),
          'Cache-Control': {
            type: 'string',
            description: 'public, max-age=N with N from the endpoint table.',
          },
          ...(rateLimited ? RATE_LIMIT_HEADERS : {}),
        },
      },
      ...(conditional
        ? {
            304: {
              type: 'null',
              description: 'Not Modified: the body is the one whose ETag was sent in If-None-Match.',
            },
          }
        : {}),
      ...errors,
    },
  });
}

/** Fastify warns about schema keys that are present but undefined; the type keeps them for inference. */
function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}
