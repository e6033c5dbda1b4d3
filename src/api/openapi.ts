/**
 * The OpenAPI 3.1 document's frame. Paths, parameters and bodies come from the registered routes'
 * schemas, so the document grows with each endpoint and never lists one that does not exist. Every
 * schema with a `title` is named under `components.schemas` and referenced from where it is used,
 * so generated clients get named types; the stream messages are named there too.
 */
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { TSchema } from 'typebox';
import type { ApiContext } from './context.js';
import { ERROR_MEANING, ERROR_STATUS } from './errors.js';

export const API_TAGS = [
  { name: 'Service', description: 'The index and the description documents.' },
  { name: 'Parks', description: 'The ten parks, their attractions, live data and streams.' },
  { name: 'Rides', description: 'One ride anywhere, by ID or unique name.' },
  { name: 'Resorts', description: 'The four resorts and their parks.' },
];

type Json = Record<string, unknown>;

/**
 * @param namedSchemas schemas to name under `components.schemas` even where no operation
 *   references them (the messages of the WebSocket stream).
 */
export function openapiDocument(
  context: ApiContext,
  namedSchemas: readonly TSchema[] = [],
): FastifyDynamicSwaggerOptions {
  const { links } = context;
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'queuecast API',
        version: '1.0.0',
        summary: 'Live theme-park data: waits, priority lanes, hours, crowds, outages and more.',
        description: [
          'A read-only JSON API for ten theme parks in four resorts, with WebSocket and Server-Sent-Events streams.',
          'Every response carries `attribution`: show `attribution.text` with a visible link to `attribution.url` wherever the data is shown.',
          'Timestamps are UTC ISO 8601 with milliseconds and `Z`; park-local dates are in the park’s IANA time zone.',
          'Keys are optional; keyless callers get the lowest limits. From a browser: every endpoint allows any origin (CORS), a key goes in `Authorization: Bearer` or `X-Service-Key` (a preflight is answered), and the streams take it as `?key=` because EventSource and WebSocket cannot set headers. A key in page code is public: use a free key there, never a partner key.',
        ].join('\n\n'),
        license: { name: 'Data terms: attribution required', url: links.docsHtml },
        contact: { name: 'queuecast', url: links.siteRoot },
      },
      servers: [{ url: context.config.baseUrl, description: 'This server' }],
      tags: API_TAGS,
      externalDocs: { description: 'Developer documentation', url: links.docsHtml },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'Authorization: Bearer pk_live_… (optional; raises limits).',
          },
          serviceKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Service-Key',
            description: 'The key in the X-Service-Key header (optional).',
          },
          queryKey: {
            type: 'apiKey',
            in: 'query',
            name: 'key',
            description: 'Streams only: ?key=pk_live_… for clients that cannot set headers.',
          },
        },
      },
    },
    transformObject: (document) =>
      'openapiObject' in document
        ? withNamedSchemas(
            {
              ...document.openapiObject,
              'x-error-statuses': ERROR_STATUS,
              'x-error-descriptions': ERROR_MEANING,
            },
            namedSchemas,
          )
        : document.swaggerObject,
  };
}

/** The document with every titled schema moved under `components.schemas` and referenced by name. */
export function withNamedSchemas<T extends Json>(document: T, extra: readonly TSchema[] = []): T {
  const named = new Map<string, Json>();
  const name = (schema: Json): Json => {
    const title = schema.title;
    const inner = walk(schema, true);
    if (typeof title !== 'string') return inner;
    const { title: _title, ...rest } = inner;
    const known = named.get(title);
    if (known === undefined) named.set(title, rest);
    else if (!sameShape(known, rest)) throw new Error(`two different schemas are both named ${title}`);
    return { $ref: `#/components/schemas/${title}` };
  };
  const walk = (value: Json, isSchema: boolean): Json => {
    const out: Json = {};
    for (const [key, child] of Object.entries(value)) out[key] = visit(child, isSchema);
    return out;
  };
  const visit = (value: unknown, parentIsSchema: boolean): unknown => {
    if (Array.isArray(value)) return value.map((item) => visit(item, parentIsSchema));
    if (typeof value !== 'object' || value === null) return value;
    const object = value as Json;
    return typeof object.title === 'string' && looksLikeSchema(object)
      ? name(object)
      : walk(object, parentIsSchema);
  };
  const paths = visit(document.paths, false);
  for (const schema of extra) name(schema as unknown as Json);
  const components = (document.components ?? {}) as Json;
  return {
    ...document,
    paths,
    components: {
      ...components,
      schemas: Object.fromEntries([...named].sort(([a], [b]) => a.localeCompare(b))),
    },
  };
}

function looksLikeSchema(value: Json): boolean {
  return 'type' in value || 'anyOf' in value || 'oneOf' in value || 'allOf' in value || 'enum' in value;
}

/** Whether two schemas named alike say the same thing, whatever their descriptions. */
function sameShape(a: unknown, b: unknown): boolean {
  return JSON.stringify(withoutDescriptions(a)) === JSON.stringify(withoutDescriptions(b));
}

function withoutDescriptions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDescriptions);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'description' && key !== 'headers')
      .map(([key, child]) => [key, withoutDescriptions(child)]),
  );
}
