/**
 * Merges what a feed discovered into the catalog beside the spec's ten. The ten keep their data
 * files' records whatever the feed says (they are recognised by feed ID: their ThemeParks.wiki
 * UUIDs or Queue-Times numbers). Every other chosen park gets a key from `keys.ts`, kept as first
 * published (the stored entries), and a park or ride the feed stops listing stays, marked removed,
 * so its history stays reachable.
 */
import { createHash } from 'node:crypto';
import type { ParksSetting } from '../config/index.js';
import { normalizeIdentifier } from './catalog.js';
import type {
  CatalogEntry,
  DiscoveredAttraction,
  DiscoveredCatalog,
  DiscoveredPark,
  DiscoveredResort,
  ParkListing,
} from './discovered.js';
import { assignKeys, assignRideSlugs, type PublishedKey } from './keys.js';
import { CatalogError, type CatalogData } from './load.js';
import type { Attraction, GeoLocation, Park, Resort } from './types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The feed's ID when it is a UUID; otherwise a name-based UUID of it, the same on every start. */
export function canonicalId(source: string, kind: string, feedId: string): string {
  if (UUID.test(feedId)) return feedId.toLowerCase();
  const hex = createHash('sha1').update(`${source}:${kind}:${feedId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** The spec park a feed ID stands for: by ThemeParks.wiki UUID or Queue-Times number. */
export function specParkFor(spec: CatalogData, feedId: string): Park | undefined {
  return spec.parks.find(
    (park) => park.id.toLowerCase() === feedId.toLowerCase() || String(park.queue_times_id) === feedId,
  );
}

/** Whether a PARKS entry names something known by these identifiers (ID, name or slug). */
export function matches(entry: string, ...identifiers: (string | undefined)[]): boolean {
  const wanted = normalizeIdentifier(entry);
  const compact = wanted.replace(/ /g, '');
  return identifiers.some((identifier) => {
    if (identifier === undefined) return false;
    const have = normalizeIdentifier(identifier);
    return have === wanted || have.replace(/ /g, '') === compact;
  });
}

export interface ChosenPark {
  readonly feed_id: string;
  readonly name: string;
  readonly resort_feed_id: string;
}

/**
 * The listed parks PARKS chooses (none for `spec`). Each list entry names a destination (all its
 * parks) or a park, by feed ID, name or slug; an entry that names nothing stops start-up.
 */
export function chooseParks(listing: ParkListing, setting: ParksSetting): ChosenPark[] {
  if (setting.mode === 'spec') return [];
  const all = listing.resorts.flatMap((resort) =>
    resort.parks.map((park) => ({ ...park, resort_feed_id: resort.feed_id, resort })),
  );
  if (setting.mode === 'all')
    return all.map(({ feed_id, name, resort_feed_id }) => ({ feed_id, name, resort_feed_id }));
  const chosen = new Map<string, ChosenPark>();
  for (const entry of setting.entries) {
    const found = all.filter(
      (park) =>
        matches(entry, park.resort.feed_id, park.resort.name, park.resort.slug) ||
        matches(entry, park.feed_id, park.name, park.slug),
    );
    if (found.length === 0) {
      throw new CatalogError(
        `PARKS names "${entry}", which the feed lists as no destination or park (by ID, name or slug)`,
      );
    }
    for (const { feed_id, name, resort_feed_id } of found)
      chosen.set(feed_id, { feed_id, name, resort_feed_id });
  }
  return [...chosen.values()];
}

/** What the store keeps of a park, resort or ride: enough to serve it once the feed drops it. */
type StoredPark = Omit<DiscoveredPark, 'attractions' | 'feed_id'>;
type StoredResort = Omit<DiscoveredResort, 'feed_id'>;
type StoredRide = Omit<DiscoveredAttraction, 'feed_id'>;

export interface MergeInput {
  readonly spec: CatalogData;
  readonly discovered: DiscoveredCatalog;
  /** Feed IDs of the chosen parks the feed lists now (described or not this pass). */
  readonly listed: ReadonlySet<string>;
  /** The source's stored entries. */
  readonly stored: readonly CatalogEntry[];
  /** Whether a stored park that the feed no longer lists is still chosen by PARKS. */
  readonly stillChosen: (park: { feed_id: string; name: string; slug?: string }) => boolean;
  readonly now: number;
}

export interface MergeResult {
  readonly data: CatalogData;
  /** Entries to store: new keys, fresh records, removals. */
  readonly entries: readonly CatalogEntry[];
  /** Parks left out (no location from any source), by name. */
  readonly skipped: readonly string[];
}

function centre(points: readonly GeoLocation[]): GeoLocation | undefined {
  if (points.length === 0) return undefined;
  const sum = points.reduce(
    (acc, p) => ({ latitude: acc.latitude + p.latitude, longitude: acc.longitude + p.longitude }),
    {
      latitude: 0,
      longitude: 0,
    },
  );
  return { latitude: sum.latitude / points.length, longitude: sum.longitude / points.length };
}

function published(entries: readonly CatalogEntry[]): Map<string, PublishedKey> {
  return new Map(entries.map((entry) => [entry.feed_id, { key: entry.key, aliases: entry.aliases }]));
}

export function mergeDiscovered(input: MergeInput): MergeResult {
  const { spec, discovered, now } = input;
  const source = discovered.source;
  const storedOf = (kind: CatalogEntry['kind'], scope = '') =>
    input.stored.filter((entry) => entry.kind === kind && entry.scope === scope);
  const storedParks = new Map(storedOf('park').map((entry) => [entry.feed_id, entry]));
  const storedResorts = new Map(storedOf('resort').map((entry) => [entry.feed_id, entry]));
  const entries: CatalogEntry[] = [];
  const skipped: string[] = [];

  // The parks to serve: described now, listed but not described this pass (kept as stored), or
  // stored, no longer listed and still chosen (kept, removed).
  interface Candidate {
    readonly feed_id: string;
    readonly record: StoredPark;
    readonly attractions: readonly DiscoveredAttraction[] | undefined;
    readonly removed: boolean;
  }
  const candidates = new Map<string, Candidate>();
  for (const park of discovered.parks) {
    if (specParkFor(spec, park.feed_id)) continue;
    const { attractions, feed_id, ...record } = park;
    candidates.set(feed_id, { feed_id, record, attractions, removed: false });
  }
  for (const [feedId, entry] of storedParks) {
    if (candidates.has(feedId)) continue;
    const record = entry.record as StoredPark;
    if (input.listed.has(feedId))
      candidates.set(feedId, { feed_id: feedId, record, attractions: undefined, removed: false });
    else if (
      input.stillChosen({ feed_id: feedId, name: record.name, ...(record.slug ? { slug: record.slug } : {}) })
    ) {
      candidates.set(feedId, { feed_id: feedId, record, attractions: undefined, removed: true });
    }
  }

  // Resorts: a spec resort (by ID) keeps its record; others get keys.
  const resortRecords = new Map<string, StoredResort>();
  for (const resort of discovered.resorts) {
    const { feed_id, ...record } = resort;
    resortRecords.set(feed_id, record);
  }
  const specResortFor = (feedId: string) =>
    spec.resorts.find((r) => r.id.toLowerCase() === feedId.toLowerCase());
  const neededResorts = new Set([...candidates.values()].map((c) => c.record.resort_feed_id));
  const resortRequests = [...neededResorts]
    .filter((feedId) => !specResortFor(feedId))
    .map((feedId) => ({
      feed_id: feedId,
      name:
        resortRecords.get(feedId)?.name ??
        (storedResorts.get(feedId)?.record as StoredResort | undefined)?.name ??
        feedId,
    }));
  const specResortIdentifiers = spec.resorts.flatMap((r) => [r.key, r.id, r.name, ...r.aliases]);
  const resortKeys = assignKeys(
    resortRequests,
    published([...storedResorts.values()]),
    specResortIdentifiers,
    'resort',
  );

  const parkRequests = [...candidates.values()].map((c) => ({
    feed_id: c.feed_id,
    name: c.record.name,
    within:
      resortRecords.get(c.record.resort_feed_id)?.name ?? specResortFor(c.record.resort_feed_id)?.name ?? '',
  }));
  const specParkIdentifiers = spec.parks.flatMap((p) => [p.key, p.id, p.name, ...p.aliases]);
  const parkKeys = assignKeys(
    parkRequests,
    published([...storedParks.values()]),
    specParkIdentifiers,
    'park',
  );

  const resorts = new Map<string, Resort & { parks: Park[] }>();
  const parks: Park[] = [];
  for (const candidate of [...candidates.values()].sort((a, b) => a.feed_id.localeCompare(b.feed_id))) {
    const assigned = parkKeys.get(candidate.feed_id);
    if (!assigned) continue;
    const storedRides = storedOf('ride', candidate.feed_id);
    const storedRidesById = new Map(storedRides.map((entry) => [entry.feed_id, entry]));
    const current = candidate.attractions;
    const slugs = assignRideSlugs(
      (current ?? []).map((ride) => ({ feed_id: ride.feed_id, name: ride.name })),
      new Map(storedRides.map((entry) => [entry.feed_id, entry.key])),
    );
    const location =
      candidate.record.location ??
      centre((current ?? []).flatMap((ride) => (ride.location ? [ride.location] : [])));
    if (!location) {
      skipped.push(candidate.record.name);
      continue;
    }

    const resortFeedId = candidate.record.resort_feed_id;
    const specResort = specResortFor(resortFeedId);
    let resort: Resort & { parks: Park[] };
    const existing = resorts.get(resortFeedId);
    if (specResort) {
      // The spec resort's own record and park list stay as the data files say.
      resort = existing ?? { ...specResort, parks: [...specResort.parks] };
    } else if (existing) {
      resort = existing;
    } else {
      const resortKey = resortKeys.get(resortFeedId);
      if (!resortKey) continue;
      const record =
        resortRecords.get(resortFeedId) ?? (storedResorts.get(resortFeedId)?.record as StoredResort);
      resort = {
        id: canonicalId(source, 'resort', resortFeedId),
        key: resortKey.key,
        name: record.name,
        aliases: [...resortKey.aliases],
        time_zone: candidate.record.time_zone,
        park_keys: [],
        // The feeds do not name the operator's priority lane: unknown, never a made-up brand.
        priority_lane_brand: null,
        bus_network: false,
        parks: [],
        discovered: { source, feed_id: resortFeedId, removed: !resortRecords.has(resortFeedId) },
      };
      if (resortKey.created || resortRecords.has(resortFeedId)) {
        const stored = storedResorts.get(resortFeedId);
        entries.push({
          source,
          kind: 'resort',
          scope: '',
          feed_id: resortFeedId,
          key: resortKey.key,
          aliases: resortKey.aliases,
          record,
          first_seen_at: stored?.first_seen_at ?? now,
          last_seen_at: resortRecords.has(resortFeedId) ? now : (stored?.last_seen_at ?? now),
          removed_at: resortRecords.has(resortFeedId) ? null : (stored?.removed_at ?? now),
        });
      }
    }
    resorts.set(resortFeedId, resort);

    const parkKey = assigned.key;
    const attractions: Attraction[] = [];
    const seen = new Set<string>();
    for (const ride of current ?? []) {
      const slug = slugs.get(ride.feed_id);
      if (!slug) continue;
      seen.add(ride.feed_id);
      const stored = storedRidesById.get(ride.feed_id);
      const { feed_id, ...record } = ride;
      attractions.push(
        attraction(parkKey, slug.key, record, { source, feed_id, removed: candidate.removed }),
      );
      entries.push({
        source,
        kind: 'ride',
        scope: candidate.feed_id,
        feed_id,
        key: slug.key,
        aliases: [],
        record,
        first_seen_at: stored?.first_seen_at ?? now,
        last_seen_at: now,
        removed_at: null,
      });
    }
    for (const stored of storedRides) {
      if (seen.has(stored.feed_id)) continue;
      // Not described this pass (the read failed): as stored. Described without it: removed.
      const removed = current !== undefined || candidate.removed || stored.removed_at !== null;
      attractions.push(
        attraction(parkKey, stored.key, stored.record as StoredRide, {
          source,
          feed_id: stored.feed_id,
          removed,
        }),
      );
      if (removed && stored.removed_at === null) entries.push({ ...stored, removed_at: now });
    }

    const storedPark = storedParks.get(candidate.feed_id);
    const park: Park = {
      id: canonicalId(source, 'park', candidate.feed_id),
      key: parkKey,
      name: candidate.record.name,
      aliases: [...assigned.aliases],
      resort_key: resort.key,
      time_zone: candidate.record.time_zone,
      latitude: location.latitude,
      longitude: location.longitude,
      entrance: location,
      // Only Queue-Times numbers its parks; other feeds' parks are never read from it.
      queue_times_id: source === 'queue-times' ? Number(candidate.feed_id) : 0,
      resort,
      attractions,
      discovered: {
        source,
        feed_id: candidate.feed_id,
        removed: candidate.removed,
        ...(candidate.record.country ? { country: candidate.record.country } : {}),
      },
    };
    parks.push(park);
    if (!specResort) {
      resort.parks.push(park);
      resort.park_keys.push(parkKey);
    }
    if (candidate.attractions !== undefined || candidate.removed) {
      entries.push({
        source,
        kind: 'park',
        scope: '',
        feed_id: candidate.feed_id,
        key: parkKey,
        aliases: assigned.aliases,
        record: { ...candidate.record, location },
        first_seen_at: storedPark?.first_seen_at ?? now,
        last_seen_at: candidate.removed ? (storedPark?.last_seen_at ?? now) : now,
        removed_at: candidate.removed ? (storedPark?.removed_at ?? now) : null,
      });
    }
  }

  const discoveredResorts = [...resorts.values()].filter((resort) => resort.discovered);
  return {
    data: { resorts: [...spec.resorts, ...discoveredResorts], parks: [...spec.parks, ...parks] },
    entries,
    skipped,
  };
}

function attraction(
  parkKey: string,
  slug: string,
  record: StoredRide,
  discovered: Attraction['discovered'] & object,
): Attraction {
  return {
    slug,
    name: record.name,
    // The feeds do not always place an attraction in a land: empty then, never guessed.
    land: record.land ?? '',
    type: record.type,
    priority_lane: [],
    ...(record.location ? { location: record.location } : {}),
    id: `${parkKey}_${slug}`,
    park_key: parkKey,
    discovered,
  };
}
