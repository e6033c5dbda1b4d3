import { loadCatalogData, type CatalogData } from './load.js';
import type { Attraction, Park, Resort } from './types.js';

/**
 * Folds the ways people write a name onto one form: case, accents, curly apostrophes, `&`,
 * punctuation and the `-`/`_`/space separators, so "Disney's Hollywood Studios",
 * "disneys-hollywood-studios" and "DISNEY’S HOLLYWOOD STUDIOS" all meet.
 */
export function normalizeIdentifier(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’‘`.!:,]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The outcome of resolving a ride identifier: found, unknown, or a name shared by several rides. */
export type RideLookup =
  | { readonly kind: 'found'; readonly ride: Attraction; readonly park: Park }
  | { readonly kind: 'not_found' }
  | { readonly kind: 'ambiguous'; readonly candidates: readonly Attraction[] };

/** The parks, resorts and attractions, with case-insensitive lookup by every identifier form. */
export class Catalog {
  private data!: CatalogData;
  private parkIndex = new Map<string, Park>();
  /**
   * Identifiers exactly as requests usually spell them (keys, IDs, aliases), resolved once: a
   * request then skips the Unicode normalisation, the larger part of resolving a path parameter.
   */
  private parkExact = new Map<string, Park>();
  private resortIndex = new Map<string, Resort>();
  private rideById = new Map<string, Attraction>();
  /** Normalised ride name or slug → every attraction carrying it, across all parks. */
  private rideByName = new Map<string, Attraction[]>();
  /** Resort key → every park served under it, discovered parks of a spec resort included. */
  private parksByResort = new Map<string, Park[]>();
  private revision = 0;

  constructor(data: CatalogData) {
    this.replace(data);
  }

  get resorts(): readonly Resort[] {
    return this.data.resorts;
  }

  get parks(): readonly Park[] {
    return this.data.parks;
  }

  /**
   * Changes at every `replace`: the version of bodies drawn from the catalog alone, so a refresh
   * that adds or removes a park is served at once rather than after those bodies' max-age.
   */
  get version(): string {
    return `catalog.${this.revision}`;
  }

  /**
   * The parks served under a resort: its own, and the parks a feed lists in it beyond the ten
   * (ThemeParks.wiki lists Walt Disney World's water parks in its destination).
   */
  parksOf(resort: Resort): readonly Park[] {
    return this.parksByResort.get(resort.key) ?? resort.parks;
  }

  /**
   * Swaps in new data (a refresh of the parks a feed discovered): the indexes are built aside and
   * swapped in one synchronous step, so a lookup sees the old catalog or the new one, never a mix.
   */
  replace(data: CatalogData): void {
    const parkIndex = new Map<string, Park>();
    const parkExact = new Map<string, Park>();
    const resortIndex = new Map<string, Resort>();
    const rideById = new Map<string, Attraction>();
    const rideByName = new Map<string, Attraction[]>();
    // Discovered parks first: where a name is shared, the spec park indexed last keeps it.
    const ordered = [...data.parks.filter((p) => p.discovered), ...data.parks.filter((p) => !p.discovered)];
    for (const park of ordered) {
      for (const id of [park.key, park.id, park.name, ...park.aliases]) {
        parkIndex.set(normalizeIdentifier(id), park);
      }
      for (const ride of park.attractions) {
        rideById.set(ride.id.toLowerCase(), ride);
        for (const name of new Set([normalizeIdentifier(ride.name), normalizeIdentifier(ride.slug)])) {
          const list = rideByName.get(name) ?? [];
          list.push(ride);
          rideByName.set(name, list);
        }
      }
    }
    for (const park of ordered) {
      for (const id of [park.key, park.id, ...park.aliases]) {
        const resolved = parkIndex.get(normalizeIdentifier(id));
        if (resolved) parkExact.set(id, resolved);
      }
    }
    const orderedResorts = [
      ...data.resorts.filter((r) => r.discovered),
      ...data.resorts.filter((r) => !r.discovered),
    ];
    for (const resort of orderedResorts) {
      for (const id of [resort.key, resort.id, resort.name, ...resort.aliases]) {
        resortIndex.set(normalizeIdentifier(id), resort);
      }
    }
    // A resort's own parks in its own order, then those a feed lists in it besides.
    const parksByResort = new Map(data.resorts.map((resort) => [resort.key, [...resort.parks]]));
    for (const park of data.parks) {
      const list = parksByResort.get(park.resort_key);
      if (list && !list.includes(park)) list.push(park);
    }
    this.data = data;
    this.revision++;
    this.parksByResort = parksByResort;
    this.parkIndex = parkIndex;
    this.parkExact = parkExact;
    this.resortIndex = resortIndex;
    this.rideById = rideById;
    this.rideByName = rideByName;
  }

  static load(): Catalog {
    return new Catalog(loadCatalogData());
  }

  park(identifier: string): Park | undefined {
    return this.parkExact.get(identifier) ?? this.parkIndex.get(normalizeIdentifier(identifier));
  }

  resort(identifier: string): Resort | undefined {
    return this.resortIndex.get(normalizeIdentifier(identifier));
  }

  /** Looks a ride up by ID anywhere, or by name or slug when only one ride (in `park`, if given) has it. */
  ride(identifier: string, park?: Park): RideLookup {
    const byId = this.rideById.get(identifier.trim().toLowerCase());
    if (byId && (!park || byId.park_key === park.key)) {
      return { kind: 'found', ride: byId, park: this.parkOf(byId) };
    }
    const candidates = (this.rideByName.get(normalizeIdentifier(identifier)) ?? []).filter(
      (ride) => !park || ride.park_key === park.key,
    );
    const [only, ...others] = candidates;
    if (!only) return { kind: 'not_found' };
    if (others.length > 0) return { kind: 'ambiguous', candidates };
    return { kind: 'found', ride: only, park: this.parkOf(only) };
  }

  parkOf(ride: Attraction): Park {
    const park = this.park(ride.park_key);
    if (!park) throw new Error(`ride ${ride.id} names unknown park ${ride.park_key}`);
    return park;
  }
}
