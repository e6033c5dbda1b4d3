/**
 * ThemeParks.wiki entity IDs (stable UUIDs) of attractions whose upstream name does not meet the
 * catalog's by normalised name, or that share a name across parks: entity ID → catalog ride ID.
 * Parks need no table: the catalog's park IDs are ThemeParks.wiki's. An entity matching neither is
 * logged once with the line to add here.
 */
export const ENTITY_RIDE_IDS: Readonly<Record<string, string>> = {
  // Magic Kingdom: the railroad's stations are separate entities upstream; the catalog has one ride.
  'e40ac396-cbac-43f4-8752-764ed60ccceb': 'magic-kingdom_walt-disney-world-railroad',
};
