import { Type } from 'typebox';
import type { ApiContext } from '../../context.js';
import { endpoint } from '../../endpoint.js';
import { ResortSchema, presentResort } from '../../resources/resort.js';
import { Envelope } from '../../schemas/common.js';
import type { ApiServer } from '../../server.js';

const ResortsBody = Envelope({ resorts: Type.Array(ResortSchema) }, 'Every supported resort.');

/** Row 20: `GET /v1/resorts`. */
export function registerListResorts(app: ApiServer, context: ApiContext): void {
  const { catalog, links, envelopes } = context;
  app.get(
    '/v1/resorts',
    {
      ...endpoint({
        operationId: 'listResorts',
        summary: 'Every supported resort with key, aliases, time zone and parks.',
        tag: 'Resorts',
        body: ResortsBody,
        errors: [400, 401, 429, 503],
        maxAge: 300,
      }),
    },
    async () => envelopes.wrap({ resorts: catalog.resorts.map((resort) => presentResort(resort, links)) }),
  );
}
