import { Type, type Static } from 'typebox';
import { defineEndpoint } from '../../../http/endpoint.js';
import { requirePark } from '../../../http/lookup.js';
import { PARK_PARAM } from '../../../http/params.js';
import { ParkHeaderProperties, parkHeader } from '../../resources/park.js';
import { RideSchema, presentRide } from '../../resources/ride.js';
import { Envelope } from '../../../http/schemas/common.js';

const RidesBody = Envelope(
  {
    ...ParkHeaderProperties,
    rides: Type.Array(RideSchema, {
      description: 'Every attraction of the park: rides, walk-throughs, shows, meets.',
    }),
  },
  "A park's attractions with land, type, priority-lane availability and facts.",
  'ParkRides',
);
export type ParkRidesResponse = Static<typeof RidesBody>;

/** `GET /v1/parks/{park}/rides`. */
export const listRides = defineEndpoint({
  url: '/v1/parks/:park/rides',
  operationId: 'listParkRides',
  summary: 'Attractions of a park with land, type, priority-lane availability and facts.',
  description:
    'Every attraction of the park: queued rides, walk-throughs, shows and character meets, each with its ride ID (`<park_key>_<slug>`), land, type, the priority lanes it offers and the public facts (height requirement, duration, top speed, drop). A fact that is not public is omitted, never guessed.',
  tag: 'Parks',
  params: { park: PARK_PARAM },
  body: RidesBody,
  errors: [400, 401, 404, 429, 503],
  maxAge: 300,
  examples: ['/v1/parks/magic-kingdom/rides', '/v1/parks/ioa/rides'],
  resolve: ({ params }, context) => {
    const park = requirePark(context, params.park);
    return { key: park.key, version: context.catalog.version, input: park };
  },
  build: (park, { links, envelopes }) =>
    envelopes.wrap(
      { ...parkHeader(park), rides: park.attractions.map((ride) => presentRide(ride, park, links)) },
      links.parkPage(park),
    ),
});
