import { Type } from 'typebox';
import type { ApiContext } from '../../context.js';
import { endpoint } from '../../endpoint.js';
import { sendSerialized } from '../../send-serialized.js';
import type { ApiServer } from '../../server.js';

const OpenApiBody = Type.Object(
  { openapi: Type.Literal('3.1.0') },
  { description: 'The OpenAPI 3.1 description of this service.', additionalProperties: true },
);

/** Row 2: `GET /v1/openapi.json`, generated once from the registered routes and sent as text. */
export function registerGetOpenapi(app: ApiServer, _context: ApiContext): void {
  let serialized: string | undefined;
  app.get(
    '/v1/openapi.json',
    {
      ...endpoint({
        operationId: 'getOpenapi',
        summary: 'This OpenAPI 3.1 description document.',
        tag: 'Service',
        body: OpenApiBody,
        errors: [],
        rateLimited: false,
        maxAge: 300,
      }),
    },
    async (_request, reply) => {
      serialized ??= JSON.stringify(app.swagger());
      return sendSerialized(reply, serialized);
    },
  );
}
