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
  readonly resorts: readonly Resort[];
  readonly parks: readonly Park[];
  private readonly parkIndex = new Map<string, Park>();
  /**
   * Identifiers exactly as requests usually spell them (keys, IDs, aliases), resolved once: a
   * request then skips the Unicode normalisation, the larger part of resolving a path parameter.
   */
  private readonly parkExact = new Map<string, Park>();
  private readonly resortIndex = new Map<string, Resort>();
  private readonly rideById = new Map<string, Attraction>();
  /** Normalised ride name or slug → every attraction carrying it, across all parks. */
  private readonly rideByName = new Map<string, Attraction[]>();

  constructor(data: CatalogData) {
    this.resorts = data.resorts;
    this.parks = data.parks;
    for (const park of data.parks) {
      for (const id of [park.key, park.id, park.name, ...park.aliases]) {
        this.parkIndex.set(normalizeIdentifier(id), park);
      }
      for (const ride of park.attractions) {
        this.rideById.set(ride.id.toLowerCase(), ride);
        for (const name of new Set([normalizeIdentifier(ride.name), normalizeIdentifier(ride.slug)])) {
          const list = this.rideByName.get(name) ?? [];
          list.push(ride);
          this.rideByName.set(name, list);
        }
      }
    }
    for (const park of data.parks) {
      for (const id of [park.key, park.id, ...park.aliases]) {
        const resolved = this.parkIndex.get(normalizeIdentifier(id));
        if (resolved) this.parkExact.set(id, resolved);
      }
    }
    for (const resort of data.resorts) {
      for (const id of [resort.key, resort.id, resort.name, ...resort.aliases]) {
        this.resortIndex.set(normalizeIdentifier(id), resort);
      }
    }
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
