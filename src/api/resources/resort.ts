import { Type, type Static } from 'typebox';
import type { Resort } from '../../catalog/types.js';
import type { Links } from '../../http/links.js';
import { Nullable } from '../../http/schemas/common.js';
import { ParkSchema, presentPark } from './park.js';

export const ResortSchema = Type.Object(
  {
    id: Type.String({ description: 'Canonical resort (destination) ID.' }),
    key: Type.String({ description: 'Short key used in URLs.' }),
    name: Type.String(),
    aliases: Type.Array(Type.String(), { description: 'Short aliases accepted wherever `{resort}` is.' }),
    time_zone: Type.String({ description: 'IANA time zone of the resort.' }),
    priority_lane_brand: Nullable(
      Type.String({
        description:
          "The operator's name for its priority lane; null where the service does not know it (a resort the live feed discovered, whose feed does not name it).",
      }),
    ),
    bus_network: Type.Boolean({ description: 'Whether the bus endpoints serve this resort.' }),
    parks: Type.Array(ParkSchema),
  },
  { additionalProperties: false },
);
export type ResortView = Static<typeof ResortSchema>;

export function presentResort(resort: Resort, links: Links): ResortView {
  return {
    id: resort.id,
    key: resort.key,
    name: resort.name,
    aliases: [...resort.aliases],
    time_zone: resort.time_zone,
    priority_lane_brand: resort.priority_lane_brand,
    bus_network: resort.bus_network,
    parks: resort.parks.map((park) => presentPark(park, links)),
  };
}
