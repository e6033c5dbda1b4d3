import { Type, type Static } from 'typebox';
import type { Park } from '../../catalog/types.js';
import type { Links } from '../../http/links.js';
import { Nullable } from '../../http/schemas/common.js';

export const ParkSchema = Type.Object(
  {
    id: Type.String({ description: 'Canonical park ID (the stable UUID public park feeds use).' }),
    key: Type.String({ description: 'Short key used in URLs.' }),
    name: Type.String(),
    aliases: Type.Array(Type.String(), { description: 'Short aliases accepted wherever `{park}` is.' }),
    destination: Type.Object({ id: Nullable(Type.String()), name: Nullable(Type.String()) }),
    resort_key: Type.Optional(Nullable(Type.String({ description: 'Key usable in /v1/resorts/{resort}.' }))),
    time_zone: Type.String({ description: 'IANA time zone for park-local dates and hours.' }),
    latitude: Type.Number(),
    longitude: Type.Number(),
    url: Type.String({ format: 'uri', description: "Park page on the service's website." }),
  },
  { additionalProperties: false },
);
export type ParkView = Static<typeof ParkSchema>;

/** The fields that open every park-scoped body, as in the spec's shown bodies. */
export const ParkHeaderProperties = {
  park_id: Type.String(),
  park_key: Type.String(),
  park_name: Type.String(),
  time_zone: Type.String({ description: 'IANA time zone of the park.' }),
};

export function parkHeader(park: Park) {
  return { park_id: park.id, park_key: park.key, park_name: park.name, time_zone: park.time_zone };
}

export function presentPark(park: Park, links: Links): ParkView {
  return {
    id: park.id,
    key: park.key,
    name: park.name,
    aliases: [...park.aliases],
    destination: { id: park.resort.id, name: park.resort.name },
    resort_key: park.resort.key,
    time_zone: park.time_zone,
    latitude: park.latitude,
    longitude: park.longitude,
    url: links.parkPage(park),
  };
}
