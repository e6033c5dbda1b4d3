/**
 * The behaviour every CatalogKeyStore driver must show: each driver's test file calls
 * `describeCatalogKeyStoreContract` with a function that opens fresh, empty stores.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogEntry, Stores } from '../ports.js';

const T0 = Date.parse('2026-11-01T14:00:00.000Z');

function park(feedId: string, key: string, name: string, at = T0): CatalogEntry {
  return {
    source: 'themeparks-wiki',
    kind: 'park',
    scope: '',
    feed_id: feedId,
    key,
    aliases: [key.replace(/-/g, '')],
    record: { name, time_zone: 'Europe/Berlin' },
    first_seen_at: at,
    last_seen_at: at,
    removed_at: null,
  };
}

export function describeCatalogKeyStoreContract(name: string, open: () => Promise<Stores>): void {
  describe(`CatalogKeyStore contract: ${name}`, () => {
    let stores: Stores;

    beforeEach(async () => {
      stores = await open();
    });
    afterEach(async () => {
      await stores.close();
    });

    it('keeps the entries of each source apart, with their records', async () => {
      await stores.catalogKeys.saveCatalogEntries([
        park('a', 'europa-park', 'Europa-Park'),
        { ...park('a', 'europa-park', 'Europa-Park'), source: 'queue-times' },
        { ...park('r1', 'blue-fire', 'Blue Fire'), kind: 'ride', scope: 'a', aliases: [] },
      ]);
      const entries = await stores.catalogKeys.catalogEntries('themeparks-wiki');
      expect(entries.map((e) => [e.kind, e.feed_id, e.key])).toEqual([
        ['park', 'a', 'europa-park'],
        ['ride', 'r1', 'blue-fire'],
      ]);
      expect(entries[0]).toEqual(park('a', 'europa-park', 'Europa-Park'));
    });

    it('never rewrites a published key or first sighting; the record and removal follow the feed', async () => {
      await stores.catalogKeys.saveCatalogEntries([park('a', 'europa-park', 'Europa-Park')]);
      await stores.catalogKeys.saveCatalogEntries([
        { ...park('a', 'renamed', 'Europa Park Resort', T0 + 1000), removed_at: T0 + 1000 },
      ]);
      const [entry] = await stores.catalogKeys.catalogEntries('themeparks-wiki');
      expect(entry).toMatchObject({
        key: 'europa-park',
        aliases: ['europapark'],
        first_seen_at: T0,
        last_seen_at: T0 + 1000,
        removed_at: T0 + 1000,
        record: { name: 'Europa Park Resort' },
      });
      await stores.catalogKeys.saveCatalogEntries([park('a', 'europa-park', 'Europa-Park', T0 + 2000)]);
      const [back] = await stores.catalogKeys.catalogEntries('themeparks-wiki');
      expect(back?.removed_at).toBeNull();
    });

    it('refuses a second thing under a published key', async () => {
      await stores.catalogKeys.saveCatalogEntries([park('a', 'europa-park', 'Europa-Park')]);
      await expect(
        stores.catalogKeys.saveCatalogEntries([park('b', 'europa-park', 'Europa-Park')]),
      ).rejects.toThrow();
      expect(await stores.catalogKeys.catalogEntries('themeparks-wiki')).toHaveLength(1);
    });

    it('saves many entries at once', async () => {
      const many = Array.from({ length: 1200 }, (_, i) => ({
        ...park(`r${i}`, `ride-${i}`, `Ride ${i}`),
        kind: 'ride' as const,
        scope: 'a',
      }));
      await stores.catalogKeys.saveCatalogEntries(many);
      expect(await stores.catalogKeys.catalogEntries('themeparks-wiki')).toHaveLength(1200);
    });
  });
}
