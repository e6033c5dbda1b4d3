import { Type } from 'typebox';
import type { ApiContext } from '../../context.js';
import { endpoint } from '../../endpoint.js';
import { ParkSchema, presentPark } from '../../resources/park.js';
import { Envelope } from '../../schemas/common.js';
import { sendPrepared } from '../../prepared/body.js';
import { CATALOG_VERSION, PreparedCache } from '../../prepared/cache.js';
import type { ApiServer } from '../../server.js';

const ParksBody = Envelope({ parks: Type.Array(ParkSchema) }, 'Every supported park.');

/** Row 3: `GET /v1/parks`. */
export function registerListParks(app: ApiServer, context: ApiContext): void {
  const { catalog, links, envelopes } = context;
  const cache = new PreparedCache(context.clock);
  const MAX_AGE = 300;
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
        maxAge: MAX_AGE,
        prepared: () => cache.peek('parks', CATALOG_VERSION),
      }),
    },
    async (request, reply) => {
      const body = await cache.get('parks', CATALOG_VERSION, MAX_AGE, () =>
        envelopes.wrap({ parks: catalog.parks.map((park) => presentPark(park, links)) }),
      );
      return sendPrepared(request, reply, body);
    },
  );
}
