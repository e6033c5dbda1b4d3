import { Type, type Static } from 'typebox';
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
    'The ten parks, and with `PARKS` other than `spec` every park the configured feed lists, in one list: it is not paged (each park is about 380 bytes, under 100 compressed), and it changes only when the catalog is read again, once a day, when the cached body is replaced at once. Any of a park’s key, canonical ID, name or aliases works wherever a path takes `{park}`, case-insensitively; `time_zone` is the zone of its park-local dates and hours, and `url` its page on the website (the attribution link of its data).',
  tag: 'Parks',
  body: ParksBody,
  errors: [400, 401, 429, 503],
  maxAge: 300,
  examples: ['/v1/parks'],
  resolve: (_request, { catalog }) => ({ key: 'parks', version: catalog.version, input: undefined }),
  build: (_input, { catalog, links, envelopes }) =>
    envelopes.wrap({ parks: catalog.parks.map((park) => presentPark(park, links)) }),
});
