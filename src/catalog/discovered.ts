/**
 * The catalog a feed lists about itself: its destinations (resorts), their parks and each park's
 * attractions, as the feed names them. Feed adapters (and the simulator's large catalog) produce
 * this shape; `merge.ts` turns it into catalog parks beside the spec's ten, with keys that stay
 * stable once published (`keys.ts`, kept in the store).
 *
 * Identifiers here are the feed's own (`feed_id`): ThemeParks.wiki's UUIDs, Queue-Times' numbers
 * written as strings, the simulator's seeded IDs. The spec's ten parks are recognised by these IDs
 * and always keep their canonical IDs, keys, aliases and resort keys, whatever the feed says.
 */
import type { AttractionType, GeoLocation } from './types.js';

/** The upstream that listed a catalog (a FEED name: `themeparks-wiki`, `queue-times`, `sim`). */
export type DiscoverySource = string;

/** A destination as the feed groups its parks (ThemeParks.wiki destination, Queue-Times group). */
export interface DiscoveredResort {
  readonly feed_id: string;
  readonly name: string;
  /** The feed's own slug, when it publishes one (a PARKS entry may name it). */
  readonly slug?: string;
}

/** One attraction or show of a discovered park. */
export interface DiscoveredAttraction {
  readonly feed_id: string;
  readonly name: string;
  readonly type: AttractionType;
  /** The land or area the feed places it in, when it says. */
  readonly land?: string;
  /** The entrance of its line, when the feed publishes a point. */
  readonly location?: GeoLocation;
}

/** A park the feed lists, with what it says about it. */
export interface DiscoveredPark {
  readonly feed_id: string;
  readonly name: string;
  readonly slug?: string;
  /** `feed_id` of its resort in the same listing. */
  readonly resort_feed_id: string;
  /** IANA time zone: a park without one is not served (its dates would be guesses). */
  readonly time_zone: string;
  readonly location?: GeoLocation;
  /** Country name as the feed writes it, when it does. */
  readonly country?: string;
  readonly attractions: readonly DiscoveredAttraction[];
}

/**
 * What PARKS chooses from: the destinations and park names a feed lists, before each park's own
 * documents are read (ThemeParks.wiki's destinations document is one read; details are one or two
 * reads per park).
 */
export interface ParkListing {
  readonly resorts: readonly (DiscoveredResort & {
    readonly parks: readonly { readonly feed_id: string; readonly name: string; readonly slug?: string }[];
  })[];
}

/** Everything one discovery pass read from a feed. */
export interface DiscoveredCatalog {
  readonly source: DiscoverySource;
  readonly resorts: readonly DiscoveredResort[];
  readonly parks: readonly DiscoveredPark[];
}

/** A feed that can list its own catalog: the listing, then the chosen parks' details. */
export interface CatalogDiscovery {
  readonly source: DiscoverySource;
  listParks(): Promise<ParkListing>;
  /** The park's time zone, location and attractions; throws when the feed cannot say. */
  describePark(
    park: { readonly feed_id: string; readonly name: string },
    resortFeedId: string,
  ): Promise<DiscoveredPark>;
}

/** What a published key belongs to: a discovered resort, park or ride. */
export type CatalogEntryKind = 'resort' | 'park' | 'ride';

/** A key handed out to something a feed discovered, with what the feed last said about it (stored). */
export interface CatalogEntry {
  /** The feed that listed it (FEED's name). */
  readonly source: string;
  readonly kind: CatalogEntryKind;
  /** '' for resorts and parks; a ride's park feed ID. */
  readonly scope: string;
  readonly feed_id: string;
  readonly key: string;
  readonly aliases: readonly string[];
  /** What the feed last said (stored as JSON). */
  readonly record: unknown;
  readonly first_seen_at: number;
  readonly last_seen_at: number;
  /** When the feed stopped listing it; null while listed. */
  readonly removed_at: number | null;
}
