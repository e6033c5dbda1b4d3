import { Type, type Static } from 'typebox';
import { CATALOG_VERSION } from '../../../http/prepared/cache.js';
import { defineEndpoint } from '../../../http/endpoint.js';
import { ParkSchema, presentPark } from '../../resources/park.js';
import { Envelope } from '../../../http/schemas/common.js';

const ParksBody = Envelope({ parks: Type.Array(ParkSchema) }, 'Every supported park.', 'Parks');
export type ParksResponse = Static<typeof ParksBody>;

/** `GET /v1/parks`. */
export const listParks = defineEndpoint({
  url: '/v1/parks',
  operationId: 'listParks',
  summary: 'Every supported park with key, canonical ID, aliases, destination, IANA time zone and page URL.',
  description:
    'The ten parks. Any of a park’s key, canonical ID, name or aliases works wherever a path takes `{park}`, case-insensitively; `time_zone` is the zone of its park-local dates and hours, and `url` its page on the website (the attribution link of its data).',
  tag: 'Parks',
  body: ParksBody,
  errors: [400, 401, 429, 503],
  maxAge: 300,
  examples: ['/v1/parks'],
  resolve: () => ({ key: 'parks', version: CATALOG_VERSION, input: undefined }),
  build: (_input, { catalog, links, envelopes }) =>
    envelopes.wrap({ parks: catalog.parks.map((park) => presentPark(park, links)) }),
});
