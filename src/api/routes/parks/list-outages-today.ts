import { Type } from 'typebox';
import { localDate, startOfLocalDay } from '../../../lib/time.js';
import { isOutageStatus } from '../../../live/outage-status.js';
import type { ApiContext } from '../../context.js';
import { endpoint } from '../../endpoint.js';
import { requirePark } from '../../lookup.js';
import { OutageSchema, presentOutage } from '../../resources/outage.js';
import { ParkHeaderProperties, parkHeader } from '../../resources/park.js';
import { Envelope, LocalDate } from '../../schemas/common.js';
import type { ApiServer } from '../../server.js';
import { ParkPath } from './params.js';

const ParkOutage = Type.Object(
  {
    ride_id: Type.String(),
    name: Type.String(),
    ...OutageSchema.properties,
    down_now: Type.Boolean({ description: 'The ride reports an outage status in the current live data.' }),
  },
  { additionalProperties: false },
);

const OutagesTodayBody = Envelope(
  {
    ...ParkHeaderProperties,
    date: LocalDate,
    down_now: Type.Array(Type.String(), { description: 'IDs of the rides down at present.' }),
    outages: Type.Array(ParkOutage, {
      description:
        'Every ride outage of the park-local day, newest first, including outages still open from yesterday.',
    }),
  },
  "Today's ride outages at a park.",
);

/** Row 16: `GET /v1/parks/{park}/outages/today`. */
export function registerListOutagesToday(app: ApiServer, context: ApiContext): void {
  app.get(
    '/v1/parks/:park/outages/today',
    {
      ...endpoint({
        operationId: 'listParkOutagesToday',
        summary:
          'Every ride outage at the park today (park-local), newest first, with rides down now and outages open since yesterday.',
        tag: 'Parks',
        params: ParkPath,
        body: OutagesTodayBody,
        errors: [400, 401, 403, 404, 429, 503],
        maxAge: 60,
        provider: true,
      }),
    },
    async (request) => {
      const park = requirePark(context, request.params.park);
      const now = context.clock.now();
      const date = localDate(now, park.time_zone);
      const outages = await context.history.parkOutages(
        park.key,
        startOfLocalDay(date, park.time_zone),
        now + 1,
      );
      const snapshot = context.live.view(park.key).snapshot;
      const downNow = new Set(
        (snapshot?.entries ?? [])
          .filter((entry) => isOutageStatus(entry.status))
          .map((entry) => entry.ride_id),
      );
      const names = new Map(park.attractions.map((a) => [a.id, a.name]));
      return context.envelopes.wrap(
        {
          ...parkHeader(park),
          date,
          down_now: [...downNow],
          outages: outages.map((outage) => ({
            ride_id: outage.ride_id,
            name: names.get(outage.ride_id) ?? outage.ride_id,
            ...presentOutage(outage, now),
            down_now: outage.ended_at === null && downNow.has(outage.ride_id),
          })),
        },
        context.links.parkPage(park),
      );
    },
  );
}
