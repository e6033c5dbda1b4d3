import { type Static } from 'typebox';
import { defineEndpoint } from '../../../http/endpoint.js';
import { requireResort } from '../../../http/lookup.js';
import { RESORT_PARAM } from '../../../http/params.js';
import { ResortSchema, presentResort } from '../../resources/resort.js';
import { Envelope } from '../../../http/schemas/common.js';

const ResortBody = Envelope({ ...ResortSchema.properties }, 'One resort with its parks.', 'ResortDetail');
export type ResortResponse = Static<typeof ResortBody>;

/** `GET /v1/resorts/{resort}`. */
export const getResort = defineEndpoint({
  url: '/v1/resorts/:resort',
  operationId: 'getResort',
  summary: 'One resort with its parks.',
  description:
    'One resort by key, canonical ID, name or alias (case-insensitive), with its time zone, priority lane brand, bus service and parks.',
  tag: 'Resorts',
  params: { resort: RESORT_PARAM },
  body: ResortBody,
  errors: [400, 401, 404, 429, 503],
  maxAge: 300,
  examples: ['/v1/resorts/walt-disney-world', '/v1/resorts/uor'],
  resolve: ({ params }, context) => {
    const resort = requireResort(context, params.resort);
    return { key: resort.key, version: context.catalog.version, input: resort };
  },
  build: (resort, { catalog, links, envelopes }) =>
    envelopes.wrap(presentResort({ ...resort, parks: catalog.parksOf(resort) }, links)),
});
