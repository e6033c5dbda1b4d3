import { Type, type Static } from 'typebox';
import type { Resort } from '../../../catalog/types.js';
import type { BusStop } from '../../../feeds/resort-data.js';
import { isoTimestamp } from '../../../lib/time.js';
import type { ApiContext } from '../../../http/context.js';
import { defineEndpoint } from '../../../http/endpoint.js';
import { ApiError } from '../../../http/errors.js';
import { RESORT_PARAM, quoted, textParam } from '../../../http/params.js';
import {
  BusDataStatus,
  CheckedAt,
  ResortHeader,
  checkedAtOf,
  requireBusResort,
  resortHeader,
} from '../../resources/resort-data.js';
import { Envelope, Timestamp } from '../../../http/schemas/common.js';
import { BusStopKindSchema, PlaceSchema, presentPlace } from './list-bus-stops.js';

const MINUTE = 60_000;

const DeparturesBody = Envelope(
  {
    ...ResortHeader,
    stop: Type.Object(
      {
        stop_id: Type.String(),
        name: Type.String(),
        kind: BusStopKindSchema,
      },
      {
        additionalProperties: false,
        title: 'BusStopRef',
        description: 'The stop the `stop` parameter named.',
      },
    ),
    refreshed_at: CheckedAt,
    departures: Type.Array(
      Type.Object(
        {
          destination: PlaceSchema,
          departs_at: { ...Timestamp, description: 'Predicted departure from the stop (UTC).' },
          minutes_away: Type.Integer({
            minimum: 0,
            description: 'Whole minutes from `generated_at` to `departs_at`, rounded down.',
          }),
        },
        { additionalProperties: false, title: 'BusDeparture' },
      ),
      {
        description:
          'The next predicted departure to each destination, soonest first; empty when no bus is predicted from the stop in the next hour (routes follow the parks’ hours).',
      },
    ),
    data_status: BusDataStatus,
    note: Type.String(),
  },
  'Next predicted bus departures from one stop.',
  'BusDepartures',
);
export type BusDeparturesResponse = Static<typeof DeparturesBody>;

/** `GET /v1/resorts/{resort}/buses`. */
export const listBusDepartures = defineEndpoint({
  url: '/v1/resorts/:resort/buses',
  operationId: 'listResortBusDepartures',
  summary: 'The next predicted bus departure to each destination from one stop (Walt Disney World only).',
  description:
    '`stop` is a stop ID from /v1/resorts/{resort}/buses/stops or a name: a resort hotel’s name works, case-insensitively, with or without "Disney\'s" and "Resort" ("Pop Century", "disney\'s pop century resort"). Refreshed about every minute. Only Walt Disney World has a bus network; other resorts answer 404.',
  tag: 'Resorts',
  params: { resort: RESORT_PARAM },
  query: {
    stop: textParam({
      required: true,
      description: 'Bus stop ID or name (a resort hotel name works), from /v1/resorts/{resort}/buses/stops',
    }),
  },
  body: DeparturesBody,
  errors: [400, 401, 403, 404, 429, 503],
  maxAge: 30,
  provider: true,
  examples: [
    '/v1/resorts/walt-disney-world/buses?stop=pop-century',
    "/v1/resorts/wdw/buses?stop=Disney's%20Pop%20Century%20Resort",
  ],
  resolve: ({ params, query }, context) => {
    const resort = requireBusResort(context, params.resort);
    const stop = context.services.resortData.findStop(resort, query.stop);
    if (!stop) {
      throw new ApiError(
        'not_found',
        `Unknown bus stop ${quoted(query.stop)} at ${resort.name}. List the stops and their IDs at ${context.links.baseUrlPath(`/v1/resorts/${resort.key}/buses/stops`)}; a stop ID or a resort hotel's name (such as pop-century or "Disney's Pop Century Resort") works.`,
      );
    }
    return {
      key: `${resort.key}/${stop.stop_id}`,
      version: context.services.resortData.version(resort, 'buses'),
      input: { resort, stop },
    };
  },
  build: ({ resort, stop }, context) => departuresBody(context, resort, stop),
});

function departuresBody(context: ApiContext, resort: Resort, stop: BusStop): BusDeparturesResponse {
  const service = context.services.resortData;
  const checked = service.departuresFrom(resort, stop);
  const byId = new Map(service.stops(resort).map((s) => [s.stop_id, s]));
  const now = context.clock.now();
  return context.envelopes.wrap({
    ...resortHeader(resort),
    stop: presentPlace(stop),
    refreshed_at: checkedAtOf(checked.checkedAt),
    departures: checked.current
      ? checked.value.flatMap((d) => {
          const place = byId.get(d.destination_id);
          return place
            ? [
                {
                  destination: presentPlace(place),
                  departs_at: isoTimestamp(d.departs_at),
                  minutes_away: Math.max(0, Math.floor((d.departs_at - now) / MINUTE)),
                },
              ]
            : [];
        })
      : [],
    data_status: checked.current ? 'available' : 'unavailable',
    note: 'Predicted departures refresh about every minute; buses to a park stop at its close, buses back run about an hour after.',
  });
}
