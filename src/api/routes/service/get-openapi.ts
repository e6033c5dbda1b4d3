import { Type } from 'typebox';
import { CATALOG_VERSION } from '../../../http/prepared/cache.js';
import { defineEndpoint } from '../../../http/endpoint.js';

const OpenApiBody = Type.Object(
  { openapi: Type.Literal('3.1.0') },
  { description: 'The OpenAPI 3.1 description of this service.', additionalProperties: true },
);

/** `GET /v1/openapi.json`, generated once from the registered routes. */
export const getOpenapi = defineEndpoint({
  url: '/v1/openapi.json',
  operationId: 'getOpenapi',
  summary: 'This OpenAPI 3.1 description document.',
  description:
    'Generated from the same declarations that validate requests and shape responses, so it lists exactly the operations this server serves. Shared shapes are named under `components.schemas`; the stream messages are described there too. Needs no key and is not rate limited.',
  tag: 'Service',
  body: OpenApiBody,
  errors: [],
  rateLimited: false,
  maxAge: 300,
  examples: ['/v1/openapi.json'],
  resolve: () => ({ key: 'openapi', version: CATALOG_VERSION, input: undefined }),
  build: (_input, { registry }) => registry.document() as { openapi: '3.1.0' },
});
