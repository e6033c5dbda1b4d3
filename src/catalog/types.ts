/**
 * Shapes of the catalog data files in `./data`. The schemas are checked when the catalog loads, so a
 * typo in a data file stops start-up with a message naming the file and the field.
 */
import { Type, type Static } from 'typebox';

const Key = Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' });

export const AttractionType = Type.Union([
  Type.Literal('ride'),
  Type.Literal('experience'),
  Type.Literal('show'),
  Type.Literal('meet'),
]);
export type AttractionType = Static<typeof AttractionType>;

export const PriorityLaneType = Type.Union([Type.Literal('multi_pass'), Type.Literal('single_pass')]);
export type PriorityLaneType = Static<typeof PriorityLaneType>;

/** A point on the map: a park's entrance, or the entrance of an attraction's line. */
export const GeoLocation = Type.Object(
  {
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
  },
  { additionalProperties: false },
);
export type GeoLocation = Static<typeof GeoLocation>;

export const ResortRecord = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    key: Key,
    name: Type.String({ minLength: 1 }),
    aliases: Type.Array(Key),
    time_zone: Type.String({ minLength: 1 }),
    park_keys: Type.Array(Key, { minItems: 1 }),
    /** The operator's name for its priority lane; null where the service does not know it. */
    priority_lane_brand: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
    bus_network: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type ResortRecord = Static<typeof ResortRecord>;

export const ParkRecord = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    key: Key,
    name: Type.String({ minLength: 1 }),
    aliases: Type.Array(Key),
    resort_key: Key,
    time_zone: Type.String({ minLength: 1 }),
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
    /** Where a party enters the park: where a plan starts walking from. */
    entrance: GeoLocation,
    queue_times_id: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type ParkRecord = Static<typeof ParkRecord>;

/**
 * One attraction as the data files state it. Facts that are not public are left out, never guessed;
 * the ride ID is derived (`<park_key>_<slug>`), so it cannot drift from the file it lives in.
 */
export const AttractionRecord = Type.Object(
  {
    slug: Key,
    name: Type.String({ minLength: 1 }),
    land: Type.String({ minLength: 1 }),
    type: AttractionType,
    priority_lane: Type.Array(PriorityLaneType, { uniqueItems: true }),
    /** The entrance of the attraction's line (see the sources in ../README.md). */
    location: Type.Optional(GeoLocation),
    single_rider: Type.Optional(Type.Boolean()),
    height_requirement_inches: Type.Optional(Type.Integer({ minimum: 30, maximum: 60 })),
    duration_minutes: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 120 })),
    top_speed_mph: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 100 })),
    drop_feet: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 300 })),
    opened: Type.Optional(Type.String({ pattern: '^\\d{4}(-\\d{2}-\\d{2})?$' })),
    /** How the attraction runs differently from its usual form, and since when (a published change). */
    operation_note: Type.Optional(
      Type.Object(
        {
          since: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
          text: Type.String({ minLength: 1 }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type AttractionRecord = Static<typeof AttractionRecord>;

export const AttractionFile = Type.Array(AttractionRecord, { minItems: 1 });

export interface Resort extends ResortRecord {
  readonly parks: readonly Park[];
  /** Only on a resort made for discovered parks. */
  readonly discovered?: DiscoveredOrigin;
}

/**
 * Set on a park, resort or ride the configured feed discovered (PARKS other than `spec`), never on
 * the spec's ten: what no source provides for it answers the spec's unavailable form.
 */
export interface DiscoveredOrigin {
  /** The feed that listed it (FEED's name). */
  readonly source: string;
  /** Its ID in that feed. */
  readonly feed_id: string;
  /** The feed stopped listing it: kept so its history stays reachable. */
  readonly removed: boolean;
}

export interface Park extends ParkRecord {
  readonly resort: ResortRecord;
  readonly attractions: readonly Attraction[];
  /** Only on a discovered park (see `discovered.ts`). */
  readonly discovered?: DiscoveredOrigin & { readonly country?: string };
}

export interface Attraction extends AttractionRecord {
  /** `<park_key>_<slug>`: the park key has no `_`, so the ID splits back unambiguously. */
  readonly id: string;
  readonly park_key: string;
  /** Only on a ride of a discovered park. */
  readonly discovered?: DiscoveredOrigin;
}
