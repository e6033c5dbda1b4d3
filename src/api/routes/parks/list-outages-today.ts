import { Type, type Static } from 'typebox';
import { defineEndpoint } from '../../../http/endpoint.js';
import { requirePark } from '../../../http/lookup.js';
import { PARK_PARAM } from '../../../http/params.js';
import { OutageSchema, presentOutage } from '../../resources/outage.js';
import { ParkHeaderProperties, parkHeader } from '../../resources/park.js';
import { Envelope, LocalDate } from '../../../http/schemas/common.js';

const ParkOutage = Type.Object(
  {
    ride_id: Type.String(),
    name: Type.String(),
    ...OutageSchema.properties,
    down_now: Type.Boolean({ description: 'True while this outage is open: the ride is down now.' }),
  },
  { additionalProperties: false, title: 'ParkOutage' },
);

const OutagesTodayBody = Envelope(
  {
    ...ParkHeaderProperties,
    date: LocalDate,
    outages: Type.Array(ParkOutage, {
      description:
        'Every ride outage of the park-local day, newest first, including outages still open from yesterday.',
    }),
  },
  "Today's ride outages at a park.",
  'ParkOutagesToday',
);
export type ParkOutagesTodayResponse = Static<typeof OutagesTodayBody>;

/** `GET /v1/parks/{park}/outages/today`. */
export const listOutagesToday = defineEndpoint({
  url: '/v1/parks/:park/outages/today',
  operationId: 'listParkOutagesToday',
  summary:
    'Every ride outage at the park today (park-local), newest first, with rides down now and outages open since yesterday.',
  description:
    'Today is the park-local date in the park’s time zone. An outage still open from an earlier day is listed too; `down_now` is true on each outage that is still open (the ride is down at present). An open outage carries an estimate of when the ride reopens, `expected_reopen_at`, with an 80% range (`reopen_earliest`, `reopen_latest`), learned from the recorded outages and recomputed every minute; never after the park’s closing.',
  tag: 'Parks',
  params: { park: PARK_PARAM },
  body: OutagesTodayBody,
  errors: [400, 401, 403, 404, 429, 503],
  maxAge: 60,
  provider: true,
  examples: ['/v1/parks/magic-kingdom/outages/today', '/v1/parks/epcot/outages/today'],
  resolve: ({ params }, context) => {
    const park = requirePark(context, params.park);
    return { key: park.key, version: context.services.outages.version(park), input: park };
  },
  build: async (park, { services, envelopes, links }) => {
    const today = await services.outages.today(park);
    const names = new Map(park.attractions.map((a) => [a.id, a.name]));
    return envelopes.wrap(
      {
        ...parkHeader(park),
        date: today.date,
        outages: today.outages.map((outage) => ({
          ride_id: outage.ride_id,
          name: names.get(outage.ride_id) ?? outage.ride_id,
          ...presentOutage(outage, today.now),
          down_now: outage.ended_at === null,
        })),
      },
      links.parkPage(park),
    );
  },
});
