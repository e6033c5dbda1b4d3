import { Type } from 'typebox';
import type { ApiContext } from '../../context.js';
import { endpoint } from '../../endpoint.js';
import { ParkSchema, presentPark } from '../../resources/park.js';
import { Envelope } from '../../schemas/common.js';
import type { ApiServer } from '../../server.js';

const ParksBody = Envelope({ parks: Type.Array(ParkSchema) }, 'Every supported park.');

/** Row 3: `GET /v1/parks`. */
export function registerListParks(app: ApiServer, context: ApiContext): void {
  const { catalog, links, envelopes } = context;
  app.get(
    '/v1/parks',
    {
      ...endpoint({
        operationId: 'listParks',
        summary:
          'Every supported park with key, canonical ID, aliases, destination, IANA time zone and page URL.',
        tag: 'Parks',
        body: ParksBody,
        errors: [400, 401, 429, 503],
        maxAge: 300,
      }),
    },
    async () => envelopes.wrap({ parks: catalog.parks.map((park) => presentPark(park, links)) }),
  );
}
