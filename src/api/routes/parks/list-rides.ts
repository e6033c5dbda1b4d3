import { Type } from 'typebox';
import type { ApiContext } from '../../context.js';
import { endpoint } from '../../endpoint.js';
import { requirePark } from '../../lookup.js';
import { ParkHeaderProperties, parkHeader } from '../../resources/park.js';
import { RideSchema, presentRide } from '../../resources/ride.js';
import { Envelope } from '../../schemas/common.js';
import type { ApiServer } from '../../server.js';
import { ParkPath } from './params.js';

const RidesBody = Envelope(
  {
    ...ParkHeaderProperties,
    rides: Type.Array(RideSchema, {
      description: 'Every attraction of the park: rides, walk-throughs, shows, meets.',
    }),
  },
  "A park's attractions with land, type, priority-lane availability and facts.",
);

/** Row 6: `GET /v1/parks/{park}/rides`. */
export function registerListRides(app: ApiServer, context: ApiContext): void {
  const { links, envelopes } = context;
  app.get(
    '/v1/parks/:park/rides',
    {
      ...endpoint({
        operationId: 'listParkRides',
        summary: 'Attractions of a park with land, type, priority-lane availability and facts.',
        tag: 'Parks',
        params: ParkPath,
        body: RidesBody,
        errors: [400, 401, 404, 429, 503],
        maxAge: 300,
      }),
    },
    async (request) => {
      const park = requirePark(context, request.params.park);
      return envelopes.wrap(
        {
          ...parkHeader(park),
          rides: park.attractions.map((ride) => presentRide(ride, park, links)),
        },
        links.parkPage(park),
      );
    },
  );
}
