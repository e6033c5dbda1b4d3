/**
 * The OpenAPI operations of the stream endpoints (SSE, and the WebSocket's plain-HTTP face): their
 * parameters and error rows come from the same declarations as every other endpoint's.
 */
import { documentedErrors, parameterSchemas } from '../http/endpoint.js';
import type { PathParams, QueryParams } from '../http/params.js';

/** A stream takes a key in either header, as `?key=`, or none. */
export const STREAM_KEY: readonly Record<string, string[]>[] = [
  {},
  { bearerAuth: [] },
  { serviceKey: [] },
  { queryKey: [] },
];

export function streamOperation(doc: {
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly params: PathParams;
  readonly query: QueryParams;
  readonly success: Readonly<Record<number, unknown>>;
}) {
  const scope = { provider: true, params: doc.params, query: doc.query, stream: true };
  return {
    operationId: doc.operationId,
    summary: doc.summary,
    description: doc.description,
    tags: ['Parks'],
    security: STREAM_KEY,
    ...parameterSchemas(doc.params, doc.query),
    response: {
      ...doc.success,
      ...documentedErrors(
        Object.keys(doc.params).length > 0 ? [400, 401, 403, 404, 429, 503] : [400, 401, 403, 429, 503],
        scope,
      ),
    },
  };
}
