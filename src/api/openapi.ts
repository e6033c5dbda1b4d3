/**
 * The OpenAPI 3.1 document's frame. Paths, parameters and bodies come from the registered routes'
 * schemas, so the document grows with each endpoint and never lists one that does not exist.
 */
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { ApiContext } from './context.js';
import { ERROR_MEANING, ERROR_STATUS } from './errors.js';

export const API_TAGS = [
  { name: 'Service', description: 'The index and this description document.' },
  { name: 'Parks', description: 'The ten parks, their attractions and live data.' },
  { name: 'Rides', description: 'One ride anywhere, by ID or unique name.' },
  { name: 'Resorts', description: 'The four resorts and their parks.' },
];

export function openapiDocument(context: ApiContext): FastifyDynamicSwaggerOptions {
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
          'Keys are optional; keyless callers get the lowest limits.',
        ].join('\n\n'),
        license: { name: 'Data terms: attribution required', url: links.docsHtml },
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
        ? {
            ...document.openapiObject,
            'x-error-statuses': ERROR_STATUS,
            'x-error-descriptions': ERROR_MEANING,
          }
        : document.swaggerObject,
  };
}
