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

/**
 * The kind of each recorded file: its catalog ride's, or a gone attraction's from its own facts.
 * A file this table does not know has no kind (undefined).
 */
export function recordedKinds(catalog: Catalog): (file: string) => RideKind | undefined {
  const kinds = new Map<string, RideKind>();
  for (const recorded of RECORDED_ATTRACTIONS) {
    const lookup = recorded.ride === null ? undefined : catalog.ride(recorded.ride);
    const facts = lookup?.kind === 'found' ? lookup.ride : recorded.facts;
    if (facts) kinds.set(recorded.file, rideKind(facts));
  }
  return (file) => kinds.get(file);
}
