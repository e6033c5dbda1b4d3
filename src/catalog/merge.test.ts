import { describe, expect, it } from 'vitest';
import { Catalog } from './catalog.js';
import type { CatalogEntry, DiscoveredCatalog, DiscoveredPark, ParkListing } from './discovered.js';
import { loadCatalogData } from './load.js';
import { chooseParks, mergeDiscovered } from './merge.js';

const spec = loadCatalogData();
const T0 = Date.parse('2026-11-28T06:00:00Z');
const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
const EUROPA = '0c7ab128-259a-4390-93b0-e2e4a7e5a50b';
const TOKYO = '3cc919f1-d16d-43e0-8c3f-1dd269bd1a42';

function europa(rides = ['Blue Fire Megacoaster', 'Silver Star']): DiscoveredPark {
  return {
    feed_id: EUROPA,
    name: 'Europa-Park',
    resort_feed_id: 'europa-dest',
    time_zone: 'Europe/Berlin',
    location: { latitude: 48.266, longitude: 7.722 },
    country: 'Germany',
    attractions: rides.map((name) => ({
      feed_id: `r-${name}`,
      name,
      type: 'ride' as const,
      land: 'Iceland',
    })),
  };
}

function tokyo(): DiscoveredPark {
  return {
    feed_id: TOKYO,
    name: 'Tokyo Disneyland',
    resort_feed_id: 'tdr',
    time_zone: 'Asia/Tokyo',
    location: { latitude: 35.6329, longitude: 139.8804 },
    attractions: [{ feed_id: 't1', name: 'Big Thunder Mountain', type: 'ride' }],
  };
}

function discovered(parks: DiscoveredPark[]): DiscoveredCatalog {
  return {
    source: 'themeparks-wiki',
    resorts: [
      { feed_id: 'europa-dest', name: 'Europa-Park Resort' },
      { feed_id: 'tdr', name: 'Tokyo Disney Resort' },
      { feed_id: 'e957da41-3552-4cf6-b636-5babc5cbc4e5', name: 'Walt Disney World® Resort' },
    ],
    parks,
  };
}

function merge(
  parks: DiscoveredPark[],
  stored: CatalogEntry[],
  now = T0,
  listed = parks.map((p) => p.feed_id),
) {
  return mergeDiscovered({
    spec,
    discovered: discovered(parks),
    listed: new Set(listed),
    stored,
    stillChosen: () => true,
    now,
  });
}

/** What the store holds after saving `entries` over `stored` (keys never rewritten). */
function save(stored: CatalogEntry[], entries: readonly CatalogEntry[]): CatalogEntry[] {
  const byId = new Map(stored.map((e) => [`${e.kind}|${e.scope}|${e.feed_id}`, e]));
  for (const entry of entries) {
    const id = `${entry.kind}|${entry.scope}|${entry.feed_id}`;
    const before = byId.get(id);
    byId.set(
      id,
      before
        ? { ...entry, key: before.key, aliases: before.aliases, first_seen_at: before.first_seen_at }
        : entry,
    );
  }
  return [...byId.values()];
}

describe('mergeDiscovered', () => {
  it('adds discovered parks beside the ten, which keep their records', () => {
    const magicKingdom = { ...europa(), feed_id: MK, name: 'Renamed by the feed', resort_feed_id: 'x' };
    const { data } = merge([europa(), tokyo(), magicKingdom], []);
    const catalog = new Catalog(data);
    expect(catalog.parks).toHaveLength(spec.parks.length + 2);
    expect(catalog.park('magic-kingdom')).toBe(spec.parks.find((p) => p.key === 'magic-kingdom'));
    const park = catalog.park('europa-park');
    expect(park).toMatchObject({ id: EUROPA, time_zone: 'Europe/Berlin', resort_key: 'europa-park-resort' });
    expect(park?.discovered).toEqual({
      source: 'themeparks-wiki',
      feed_id: EUROPA,
      removed: false,
      country: 'Germany',
    });
    expect(park?.attractions.map((a) => a.id)).toEqual([
      'europa-park_blue-fire-megacoaster',
      'europa-park_silver-star',
    ]);
    expect(catalog.ride('europa-park_silver-star').kind).toBe('found');
    expect(catalog.resort('europa-park-resort')?.parks.map((p) => p.key)).toEqual(['europa-park']);
    expect(catalog.park('Tokyo Disneyland')?.time_zone).toBe('Asia/Tokyo');
  });

  it('keeps a park the feed stops listing, removed, under its key, with its rides', () => {
    const first = merge([europa(), tokyo()], []);
    const stored = save([], first.entries);
    const later = merge([tokyo()], stored, T0 + 86_400_000);
    const catalog = new Catalog(later.data);
    const park = catalog.park('europa-park');
    expect(park?.discovered?.removed).toBe(true);
    expect(park?.attractions.every((a) => a.discovered?.removed)).toBe(true);
    expect(catalog.ride('europa-park_blue-fire-megacoaster').kind).toBe('found');
    expect(later.entries.find((e) => e.kind === 'park' && e.feed_id === EUROPA)?.removed_at).toBe(
      T0 + 86_400_000,
    );

    // Back again: the same key, listed again.
    const back = merge([europa(), tokyo()], save(stored, later.entries), T0 + 2 * 86_400_000);
    expect(new Catalog(back.data).park('europa-park')?.discovered?.removed).toBe(false);
  });

  it('marks a ride the feed drops as removed and keeps a renamed park under its key', () => {
    const stored = save([], merge([europa()], []).entries);
    const renamed = { ...europa(['Silver Star', 'Voltron Nevera']), name: 'Europa Park Rust' };
    const { data } = merge([renamed], stored);
    const park = new Catalog(data).park('europa-park');
    expect(park?.name).toBe('Europa Park Rust');
    const byName = new Map(park?.attractions.map((a) => [a.name, a]));
    expect(byName.get('Blue Fire Megacoaster')?.discovered?.removed).toBe(true);
    expect(byName.get('Voltron Nevera')?.id).toBe('europa-park_voltron-nevera');
    expect(byName.get('Silver Star')?.discovered?.removed).toBe(false);
  });

  it('puts a park of a spec destination under the spec resort without changing its park list', () => {
    const typhoon = {
      ...europa([]),
      feed_id: 'b070cbc5-feaa-4b87-a8c1-f94cca037a18',
      name: "Disney's Typhoon Lagoon Water Park",
      resort_feed_id: 'e957da41-3552-4cf6-b636-5babc5cbc4e5',
    };
    const catalog = new Catalog(merge([typhoon], []).data);
    expect(catalog.park('disneys-typhoon-lagoon-water-park')?.resort_key).toBe('walt-disney-world');
    expect(catalog.resort('walt-disney-world')?.parks).toHaveLength(4);
  });
});

describe('chooseParks', () => {
  const listing: ParkListing = {
    resorts: [
      {
        feed_id: 'europa-dest',
        name: 'Europa-Park Resort',
        slug: 'europaparkresort',
        parks: [{ feed_id: EUROPA, name: 'Europa-Park' }],
      },
      {
        feed_id: 'tdr',
        name: 'Tokyo Disney Resort',
        parks: [
          { feed_id: TOKYO, name: 'Tokyo Disneyland', slug: 'tokyodisneyland' },
          { feed_id: 'sea', name: 'Tokyo DisneySea' },
        ],
      },
    ],
  };

  it('chooses none for spec, every park for all, and destinations or parks by ID, name or slug', () => {
    expect(chooseParks(listing, { mode: 'spec' })).toEqual([]);
    expect(chooseParks(listing, { mode: 'all' })).toHaveLength(3);
    expect(
      chooseParks(listing, { mode: 'list', entries: ['tokyo disney resort'] }).map((p) => p.feed_id),
    ).toEqual([TOKYO, 'sea']);
    expect(
      chooseParks(listing, { mode: 'list', entries: ['europapark', 'tokyodisneyland'] }).map(
        (p) => p.feed_id,
      ),
    ).toEqual([EUROPA, TOKYO]);
    expect(chooseParks(listing, { mode: 'list', entries: [EUROPA] }).map((p) => p.feed_id)).toEqual([EUROPA]);
  });

  it('names an entry the feed does not list', () => {
    expect(() => chooseParks(listing, { mode: 'list', entries: ['Europa-Park', 'Atlantis'] })).toThrow(
      /"Atlantis"/,
    );
  });
});
