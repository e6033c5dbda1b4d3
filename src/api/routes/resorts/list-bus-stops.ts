import { Type, type Static } from 'typebox';
import type { Resort } from '../../../catalog/types.js';
import type { BusStop } from '../../../feeds/resort-data.js';
import type { ApiContext } from '../../../http/context.js';
import { defineEndpoint } from '../../../http/endpoint.js';
import { RESORT_PARAM } from '../../../http/params.js';
import {
  BusDataStatus,
  CheckedAt,
  ResortHeader,
  checkedAtOf,
  requireBusResort,
  resortHeader,
} from '../../resources/resort-data.js';
import { Envelope } from '../../../http/schemas/common.js';

export const BusStopKindSchema = Type.Union(
  [
    Type.Literal('resort_hotel'),
    Type.Literal('park'),
    Type.Literal('disney_springs'),
    Type.Literal('transportation_center'),
  ],
  {
    description:
      'What the stop is: a resort hotel, a theme park, Disney Springs, or the Transportation and Ticket Center.',
  },
);

export const PlaceSchema = Type.Object(
  {
    stop_id: Type.String({ description: 'Stop ID; pass it (or the name) as `stop` to /buses.' }),
    name: Type.String(),
    kind: BusStopKindSchema,
  },
  { additionalProperties: false, title: 'BusPlace' },
);

const BusStopSchema = Type.Object(
  {
    stop_id: Type.String({ description: 'Stop ID; pass it as `stop` to /v1/resorts/{resort}/buses.' }),
    name: Type.String(),
    kind: BusStopKindSchema,
    aliases: Type.Array(Type.String(), {
      description: 'Other names that find the stop (short hotel names, villas sharing it).',
    }),
    serves: Type.Array(PlaceSchema, {
      description: 'Places with a departure predicted from this stop now, soonest departure first.',
    }),
  },
  { additionalProperties: false, title: 'BusStop' },
);

const BusStopsBody = Envelope(
  {
    ...ResortHeader,
    refreshed_at: CheckedAt,
    stops: Type.Array(BusStopSchema, {
      description:
        'Every stop with at least one departure predicted now: resort hotels, then parks, Disney Springs and the TTC.',
    }),
    data_status: BusDataStatus,
    note: Type.String(),
  },
  'Bus stops with departures currently predicted.',
  'BusStops',
);
export type BusStopsResponse = Static<typeof BusStopsBody>;

export function presentPlace(stop: BusStop) {
  return { stop_id: stop.stop_id, name: stop.name, kind: stop.kind };
}

/** `GET /v1/resorts/{resort}/buses/stops`. */
export const listBusStops = defineEndpoint({
  url: '/v1/resorts/:resort/buses/stops',
  operationId: 'listResortBusStops',
  summary:
    'Every bus stop with departures currently predicted, and the places it serves (Walt Disney World only).',
  description:
    'Refreshed about every minute. Park routes follow the parks’ published hours, so late at night few stops are listed. Only Walt Disney World has a bus network; other resorts answer 404.',
  tag: 'Resorts',
  params: { resort: RESORT_PARAM },
  body: BusStopsBody,
  errors: [400, 401, 403, 404, 429, 503],
  maxAge: 60,
  provider: true,
  examples: ['/v1/resorts/walt-disney-world/buses/stops', '/v1/resorts/wdw/buses/stops'],
  resolve: ({ params }, context) => {
    const resort = requireBusResort(context, params.resort);
    return { key: resort.key, version: context.services.resortData.version(resort, 'buses'), input: resort };
  },
  build: (resort, context) => stopsBody(context, resort),
});

function stopsBody(context: ApiContext, resort: Resort): BusStopsResponse {
  const service = context.services.resortData;
  const checked = service.predictedStops(resort);
  const byId = new Map(service.stops(resort).map((stop) => [stop.stop_id, stop]));
  return context.envelopes.wrap({
    ...resortHeader(resort),
    refreshed_at: checkedAtOf(checked.checkedAt),
    stops: checked.current
      ? checked.value.map(({ stop, departures }) => ({
          stop_id: stop.stop_id,
          name: stop.name,
          kind: stop.kind,
          aliases: [...stop.aliases],
          serves: departures.flatMap((d) => {
            const place = byId.get(d.destination_id);
            return place ? [presentPlace(place)] : [];
          }),
        }))
      : [],
    data_status: checked.current ? 'available' : 'unavailable',
    note: 'Predicted departures refresh about every minute; a stop without a predicted departure is not listed.',
  });
}
