/**
 * The OpenAPI 3.1 document's frame. Paths, parameters and bodies come from the registered routes'
 * schemas, so the document grows with each endpoint and never lists one that does not exist. Every
 * schema with a `title` is named under `components.schemas` and referenced from where it is used,
 * so generated clients get named types; the stream messages are named there too.
 */
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { TSchema } from 'typebox';
import { DISCOVERED_FAMILIES_TEXT } from '../catalog/families.js';
import type { ApiContext } from '../http/context.js';
import { ERROR_MEANING, ERROR_STATUS } from '../http/errors.js';
import { SchemaNamer } from '../http/named-schemas.js';
import { QUERY_KEY_NAME, queryKeyParameter } from '../http/params.js';

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
          `**Parks beyond the ten**: ${DISCOVERED_FAMILIES_TEXT}`,
          `**WebSocket stream**: \`${links.stream}\` is not an HTTP operation, so it is not under \`paths\` (a plain GET there answers 426); this document's \`x-websocket\` extension summarises it. Connect with a WebSocket client, wait for \`ready\`, then send \`{"type":"subscribe","parks":["magic-kingdom"]}\` (1 to 10 parks, or \`["*"]\`): a \`snapshot\` per park follows, then \`changes\` and \`park\` as they happen. The [AsyncAPI document](${links.asyncapi}) describes every message and the [streaming guide](${links.streamingGuide}) shows browser code. For one park over plain HTTP, \`GET /v1/parks/{park}/waits/stream\` sends the same messages as Server-Sent Events.`,
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
            name: QUERY_KEY_NAME,
            description: 'Streams only: ?key=pk_live_… for clients that cannot set headers.',
          },
        },
      },
    },
    transformObject: (document) =>
      'openapiObject' in document
        ? withNamedSchemas(
            withQueryKeyParameters({
              ...document.openapiObject,
              ...context.registry.extensions,
              'x-error-statuses': ERROR_STATUS,
              'x-error-descriptions': ERROR_MEANING,
            }),
            namedSchemas,
          )
        : document.swaggerObject,
  };
}

/**
 * The document with every titled schema (in its paths and its `x-` extensions) moved under
 * `components.schemas` and referenced by name.
 */
export function withNamedSchemas<T extends Json>(document: T, extra: readonly TSchema[] = []): T {
  const namer = new SchemaNamer();
  const paths = namer.visit(document.paths);
  const extensions = Object.fromEntries(
    Object.entries(document)
      .filter(([name]) => name.startsWith('x-'))
      .map(([name, value]) => [name, namer.visit(value)]),
  );
  for (const schema of extra) namer.name(schema);
  return {
    ...document,
    ...extensions,
    paths,
    components: { ...((document.components ?? {}) as Json), schemas: namer.schemas() },
  };
}

/**
 * Every operation that takes the key as `?key=` (the `queryKey` scheme) lists `key` among its
 * parameters too, with its pattern, as the spec's parameter table does: @fastify/swagger leaves a
 * parameter that a security scheme names out of `parameters`.
 */
function withQueryKeyParameters<T extends Json>(document: T): T {
  const paths = Object.fromEntries(
    Object.entries((document.paths ?? {}) as Record<string, Record<string, Json>>).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, operation]) => {
          const security = (operation.security ?? []) as Record<string, unknown>[];
          const parameters = (operation.parameters ?? []) as Json[];
          const listed = parameters.some((p) => p.name === QUERY_KEY_NAME && p.in === 'query');
          if (listed || !security.some((requirement) => 'queryKey' in requirement))
            return [method, operation];
          return [method, { ...operation, parameters: [...parameters, queryKeyParameter()] }];
        }),
      ),
    ]),
  );
  return { ...document, paths };
}
