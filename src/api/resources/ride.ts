import { Type, type Static } from 'typebox';
import { hasFamily } from '../../catalog/families.js';
import type { Attraction, Park } from '../../catalog/types.js';
import type { Links } from '../../http/links.js';

const INCH_CM = 2.54;
const MILE_KM = 1.609344;
const FOOT_M = 0.3048;
const round1 = (value: number) => Math.round(value * 10) / 10;

export const RideSchema = Type.Object(
  {
    id: Type.String({ description: 'Ride ID `<park_key>_<ride_slug>`.' }),
    slug: Type.String({ description: 'Site slug; unique within the park.' }),
    name: Type.String(),
    park_id: Type.String(),
    park_key: Type.String(),
    land: Type.Optional(
      Type.String({
        description: 'Land or area of the park; omitted where the source does not place it in one.',
      }),
    ),
    type: Type.Union(
      [Type.Literal('ride'), Type.Literal('experience'), Type.Literal('show'), Type.Literal('meet')],
      {
        description: 'ride (queued ride), experience (walk-through), show or meet (character meet).',
      },
    ),
    priority_lane_types: Type.Optional(
      Type.Array(Type.Union([Type.Literal('multi_pass'), Type.Literal('single_pass')]), {
        description:
          'Priority lanes the attraction offers: multi_pass and/or single_pass; empty when none. Omitted for a ride the live feed discovered (beyond the spec’s ten parks): no source states it.',
      }),
    ),
    single_rider: Type.Optional(
      Type.Boolean({
        description:
          'Whether the ride has a single-rider line. Omitted for a ride the live feed discovered: no source states it.',
      }),
    ),
    height_requirement_inches: Type.Optional(Type.Integer({ description: 'Minimum rider height.' })),
    height_requirement_cm: Type.Optional(Type.Integer()),
    duration_minutes: Type.Optional(Type.Number()),
    top_speed_mph: Type.Optional(Type.Number()),
    top_speed_kmh: Type.Optional(Type.Number()),
    drop_feet: Type.Optional(Type.Number({ description: 'Largest drop.' })),
    drop_m: Type.Optional(Type.Number()),
    opened: Type.Optional(
      Type.String({ description: 'Opening date of the current version, YYYY or YYYY-MM-DD.' }),
    ),
    operation_note: Type.Optional(
      Type.Object(
        {
          since: Type.String({ format: 'date', description: 'Park-local date the change took effect.' }),
          text: Type.String({ description: 'What runs differently, in a sentence.' }),
        },
        {
          additionalProperties: false,
          description:
            'Present when the attraction runs differently from its usual form (for instance a train running as a shuttle), as the operator announced it.',
        },
      ),
    ),
    url: Type.String({ format: 'uri', description: "Ride page on the service's website." }),
  },
  {
    additionalProperties: false,
    description: 'Ride facts. Facts that are not public are omitted, never guessed.',
  },
);
export type RideView = Static<typeof RideSchema>;

/** Ride facts; metric figures are derived here so the data files state each fact once. */
export function presentRide(ride: Attraction, park: Park, links: Links): RideView {
  const view: RideView = {
    id: ride.id,
    slug: ride.slug,
    name: ride.name,
    park_id: park.id,
    park_key: park.key,
    ...(ride.land === '' ? {} : { land: ride.land }),
    type: ride.type,
    // The data files state these for the spec's rides; for a discovered ride nothing does.
    ...(hasFamily(ride, 'ride_facts')
      ? { priority_lane_types: [...ride.priority_lane], single_rider: ride.single_rider ?? false }
      : {}),
    url: links.ridePage(ride),
  };
  if (ride.height_requirement_inches !== undefined) {
    view.height_requirement_inches = ride.height_requirement_inches;
    view.height_requirement_cm = Math.round(ride.height_requirement_inches * INCH_CM);
  }
  if (ride.duration_minutes !== undefined) view.duration_minutes = ride.duration_minutes;
  if (ride.top_speed_mph !== undefined) {
    view.top_speed_mph = ride.top_speed_mph;
    view.top_speed_kmh = round1(ride.top_speed_mph * MILE_KM);
  }
  if (ride.drop_feet !== undefined) {
    view.drop_feet = ride.drop_feet;
    view.drop_m = round1(ride.drop_feet * FOOT_M);
  }
  if (ride.opened !== undefined) view.opened = ride.opened;
  if (ride.operation_note !== undefined) view.operation_note = { ...ride.operation_note };
  return view;
}
