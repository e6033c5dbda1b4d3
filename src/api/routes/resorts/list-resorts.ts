import { Type, type Static } from 'typebox';
import { defineEndpoint } from '../../../http/endpoint.js';
import { ResortSchema, presentResort } from '../../resources/resort.js';
import { Envelope } from '../../../http/schemas/common.js';

const ResortsBody = Envelope({ resorts: Type.Array(ResortSchema) }, 'Every supported resort.', 'Resorts');
export type ResortsResponse = Static<typeof ResortsBody>;

/** `GET /v1/resorts`. */
export const listResorts = defineEndpoint({
  url: '/v1/resorts',
  operationId: 'listResorts',
  summary: 'Every supported resort with key, aliases, time zone and parks.',
  description:
    'The four resorts, and with `PARKS` other than `spec` every destination of the configured feed with a chosen park, in one list, not paged, each with its key, canonical ID, aliases (any of them works wherever a path takes `{resort}`), time zone, its priority lane’s brand, whether the bus endpoints serve it, and its parks.',
  tag: 'Resorts',
  body: ResortsBody,
  errors: [400, 401, 429, 503],
  maxAge: 300,
  examples: ['/v1/resorts'],
  resolve: (_request, { catalog }) => ({ key: 'resorts', version: catalog.version, input: undefined }),
  build: (_input, { catalog, links, envelopes }) =>
    envelopes.wrap({
      resorts: catalog.resorts.map((resort) =>
        presentResort({ ...resort, parks: catalog.parksOf(resort) }, links),
      ),
    }),
});
