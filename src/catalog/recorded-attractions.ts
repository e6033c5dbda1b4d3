/**
 * TouringPlans.com's recorded attraction files (data: TouringPlans.com; see
 * ../shared/data/touringplans/README.md) and the catalog ride that runs at each now, so that what
 * the models learn from a file can be applied to the ride it became.
 */
import type { Catalog } from './catalog.js';
import { rideKind, type RideKind } from './ride-kind.js';
import type { AttractionRecord } from './types.js';

/** The facts `rideKind` reads. */
type KindFacts = Pick<AttractionRecord, 'priority_lane' | 'height_requirement_inches'>;

export interface RecordedAttraction {
  /** The file's name without `.csv.gz`. */
  readonly file: string;
  readonly name: string;
  /** The catalog ride that runs there now; null when the attraction is gone. */
  readonly ride: string | null;
  /** For a gone attraction: its own published facts when it ran, so it still has a kind. */
  readonly facts?: KindFacts;
}

/** Recorded attraction file → the catalog ride that runs there now (null: gone). */
export const RECORDED_ATTRACTIONS: readonly RecordedAttraction[] = [
  { file: 'alien_saucers', name: 'Alien Swirling Saucers', ride: 'hollywood-studios_alien-swirling-saucers' },
  // Closed in 2026; it ran with a 40-inch height requirement and a multi-pass lane.
  {
    file: 'dinosaur',
    name: 'DINOSAUR',
    ride: null,
    facts: { priority_lane: ['multi_pass'], height_requirement_inches: 40 },
  },
  {
    file: 'expedition_everest',
    name: 'Expedition Everest',
    ride: 'animal-kingdom_expedition-everest-legend-of-the-forbidden-mountain',
  },
  { file: 'kilimanjaro_safaris', name: 'Kilimanjaro Safaris', ride: 'animal-kingdom_kilimanjaro-safaris' },
  { file: 'navi_river', name: "Na'vi River Journey", ride: 'animal-kingdom_navi-river-journey' },
  {
    file: 'pirates_of_caribbean',
    name: 'Pirates of the Caribbean',
    ride: 'magic-kingdom_pirates-of-the-caribbean',
  },
  // Rethemed in 2026 on the same track, with the same kind (thrill: a 48-inch requirement).
  {
    file: 'rock_n_rollercoaster',
    name: "Rock 'n' Roller Coaster",
    ride: 'hollywood-studios_rock-n-roller-coaster-starring-the-muppets',
  },
  // Rethemed in 2026 in the same theatres, with the same 40-inch requirement.
  { file: 'soarin', name: "Soarin'", ride: 'epcot_soarin-across-america' },
  { file: 'spaceship_earth', name: 'Spaceship Earth', ride: 'epcot_spaceship-earth' },
  // Rethemed in 2024 on the same log-flume track and layout, with the same 40-inch requirement.
  { file: 'splash_mountain', name: 'Splash Mountain', ride: 'magic-kingdom_tianas-bayou-adventure' },
  { file: 'toy_story_mania', name: 'Toy Story Mania!', ride: 'hollywood-studios_toy-story-mania' },
];

/** What a recorded file's own metadata says of it: its park and the names it goes by. */
export interface RecordedDescription {
  readonly park: string;
  readonly names: readonly string[];
}

/** The catalog ride a recorded file became (null: gone) and the kind of its ride. */
export interface RecordedMatch {
  readonly ride: string | null;
  readonly kind: RideKind;
}

/**
 * Each recorded file's ride and kind: the table's ride, or a gone attraction's own facts. A file
 * the table does not know is matched to the catalog ride its metadata names in its park, so a
 * headliner recorded in files the table has never seen is neither left out nor taken for a family
 * ride; a file neither knows has no match (undefined).
 */
export function recordedMatcher(
  catalog: Catalog,
): (file: string, described?: RecordedDescription) => RecordedMatch | undefined {
  const matches = new Map<string, RecordedMatch>();
  for (const recorded of RECORDED_ATTRACTIONS) {
    const lookup = recorded.ride === null ? undefined : catalog.ride(recorded.ride);
    const facts = lookup?.kind === 'found' ? lookup.ride : recorded.facts;
    if (facts)
      matches.set(recorded.file, {
        ride: lookup?.kind === 'found' ? lookup.ride.id : null,
        kind: rideKind(facts),
      });
  }
  return (file, described) => {
    const known = matches.get(file);
    if (known !== undefined || !described) return known;
    const park = catalog.park(described.park);
    if (!park) return undefined;
    for (const name of described.names) {
      const lookup = catalog.ride(name, park);
      if (lookup.kind === 'found') return { ride: lookup.ride.id, kind: rideKind(lookup.ride) };
    }
    return undefined;
  };
}

/** The kind of each recorded file, as `recordedMatcher` matches it; undefined for an unknown file. */
export function recordedKinds(
  catalog: Catalog,
): (file: string, described?: RecordedDescription) => RideKind | undefined {
  const match = recordedMatcher(catalog);
  return (file, described) => match(file, described)?.kind;
}
