import { Type } from 'typebox';

/** Path parameters shared by the park and ride routes, with examples the docs use. */
export const ParkParam = Type.String({
  description: 'Park key, canonical ID, name or alias, case-insensitive (see /v1/parks).',
  examples: ['magic-kingdom'],
});

export const RideParam = Type.String({
  description:
    'Ride ID `<park_key>_<ride_slug>` from the ride list; a ride name or slug also works when unique.',
  examples: ['magic-kingdom_space-mountain'],
});

export const ResortParam = Type.String({
  description: 'Resort key, canonical ID, name or alias, case-insensitive (see /v1/resorts).',
  examples: ['walt-disney-world'],
});

export const ParkPath = Type.Object({ park: ParkParam });
