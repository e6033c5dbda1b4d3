import { Type } from 'typebox';
import type { ApiContext } from '../../context.js';
import { endpoint } from '../../endpoint.js';
import { requireResort } from '../../lookup.js';
import { ResortSchema, presentResort } from '../../resources/resort.js';
import { Envelope } from '../../schemas/common.js';
import type { ApiServer } from '../../server.js';
import { ResortParam } from '../parks/params.js';

const ResortBody = Envelope({ ...ResortSchema.properties }, 'One resort with its parks.');

/** Row 21: `GET /v1/resorts/{resort}`. */
export function registerGetResort(app: ApiServer, context: ApiContext): void {
  app.get(
    '/v1/resorts/:resort',
    {
      ...endpoint({
        operationId: 'getResort',
        summary: 'One resort with its parks.',
        tag: 'Resorts',
        params: Type.Object({ resort: ResortParam }),
        body: ResortBody,
        errors: [400, 401, 404, 429, 503],
        maxAge: 300,
      }),
    },
    async (request) =>
      context.envelopes.wrap(presentResort(requireResort(context, request.params.resort), context.links)),
  );
}
