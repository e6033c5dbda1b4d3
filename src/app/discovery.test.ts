import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { Catalog } from '../catalog/catalog.js';
import { loadConfig } from '../config/index.js';
import { ManualClock } from '../lib/clock.js';
import { CatalogRefresh } from '../services/catalog-refresh.js';
import { openInMemorySqliteStores } from '../store/sqlite/open-sqlite-store.js';
import { createDiscovery } from './discovery.js';

const clock = new ManualClock(Date.parse('2026-10-03T12:00:00Z'));

/** The catalog PARKS=all serves under FEED=sim with SIM_PARKS=`simParks`, from a store's keys. */
async function served(simParks: number, stores: Awaited<ReturnType<typeof openInMemorySqliteStores>>) {
  const config = loadConfig({ FEED: 'sim', SIM_PARKS: String(simParks), PARKS: 'all' });
  const discovery = createDiscovery(config, clock);
  if (!discovery) throw new Error('FEED=sim lists no parks');
  const catalog = Catalog.load();
  await new CatalogRefresh({
    catalog,
    discovery,
    store: stores.catalogKeys,
    setting: config.parks,
    clock,
    logger: pino({ level: 'silent' }),
  }).refresh();
  return catalog;
}

describe('FEED=sim discovery (SIM_PARKS with PARKS=all)', () => {
  it('serves the spec ten unchanged and N - 10 generated parks with keys that stay', async () => {
    const stores = await openInMemorySqliteStores();
    try {
      const spec = Catalog.load();
      const thirty = await served(30, stores);
      expect(thirty.parks).toHaveLength(30);
      for (const park of spec.parks) expect(thirty.park(park.key)).toEqual(park);
      const generated = thirty.parks.filter((park) => park.discovered !== undefined);
      expect(generated).toHaveLength(20);
      for (const park of generated) {
        expect(park.key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(park.time_zone).toMatch(/^[A-Za-z]+\//);
        for (const ride of park.attractions) expect(ride.id.startsWith(`${park.key}_`)).toBe(true);
      }

      // A restart with more parks, on the same store: every published key and ride ID is kept.
      clock.advance(86_400_000);
      const forty = await served(40, stores);
      expect(forty.parks).toHaveLength(40);
      for (const park of thirty.parks) {
        const again = forty.parks.find((candidate) => candidate.id === park.id);
        expect(again?.key).toBe(park.key);
        expect(again?.attractions.map((ride) => ride.id)).toEqual(park.attractions.map((ride) => ride.id));
      }
    } finally {
      await stores.close();
    }
  });

  it('refuses SIM_PARKS for a feed that does not generate parks', () => {
    expect(() => loadConfig({ FEED: 'queue-times', SIM_PARKS: '30' })).toThrow(/SIM_PARKS .*FEED=sim/);
    expect(loadConfig({ FEED: 'queue-times' }).simParks).toBe(10);
  });
});
