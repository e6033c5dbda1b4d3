import { describe, expect, it } from 'vitest';
import { Catalog } from '../../catalog/catalog.js';
import { loadCatalogData } from '../../catalog/load.js';
import { mergeDiscovered } from '../../catalog/merge.js';
import { loadConfig } from '../../config/index.js';
import { startOfLocalDay } from '../../lib/time.js';
import { createSimulatedFeeds } from './index.js';
import { simulatedCatalog } from './large-catalog.js';
import { simAdapter } from './adapter.js';

const catalog = Catalog.load();

describe('the simulator at SIM_PARKS=120', () => {
  const listed = simulatedCatalog(catalog, 120);

  it('lists 120 parks of 20-60 attractions in many time zones, the spec ten by their IDs', () => {
    expect(listed.source).toBe('sim');
    expect(listed.parks).toHaveLength(120);
    for (const park of catalog.parks) {
      expect(listed.parks.find((p) => p.feed_id === park.id)?.name).toBe(park.name);
    }
    const generated = listed.parks.slice(catalog.parks.length);
    for (const park of generated) {
      expect(park.attractions.length).toBeGreaterThanOrEqual(20);
      expect(park.attractions.length).toBeLessThanOrEqual(60);
      expect(listed.resorts.some((r) => r.feed_id === park.resort_feed_id)).toBe(true);
      expect(() => startOfLocalDay('2026-10-03', park.time_zone)).not.toThrow();
      expect(new Set(park.attractions.map((a) => a.name)).size).toBe(park.attractions.length);
    }
    const zones = new Set(generated.map((p) => p.time_zone));
    expect(zones.size).toBeGreaterThanOrEqual(30);
    expect(zones).toContain('Asia/Tokyo');
    expect(zones).toContain('America/Sao_Paulo');
    const ids = listed.parks.flatMap((p) => [p.feed_id, ...p.attractions.map((a) => a.feed_id)]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is a pure function of the seed: the same catalog every run, the first parks kept as N grows', () => {
    expect(simulatedCatalog(catalog, 120)).toEqual(listed);
    expect(simulatedCatalog(catalog, 60).parks).toEqual(listed.parks.slice(0, 60));
    expect(simulatedCatalog(catalog, 120, 7).parks[20]?.name).not.toBe(listed.parks[20]?.name);
    expect(simulatedCatalog(catalog, 10).parks).toHaveLength(catalog.parks.length);
  });

  it('answers the discovery interface, and SIM_PARKS reaches it through the adapter', async () => {
    const config = loadConfig({ SIM_PARKS: '120' });
    expect(config.simParks).toBe(120);
    expect(() => loadConfig({ SIM_PARKS: '5' })).toThrow(
      'SIM_PARKS must be an integer from 10 to 1000 (got "5")',
    );
    const discovery = simAdapter.discovery?.({
      config,
      catalog,
      clock: { now: () => 0 },
      simulated: createSimulatedFeeds(catalog),
      upstream: () => {
        throw new Error('the simulator reads no upstream');
      },
    });
    if (!discovery) throw new Error('the simulator declares no discovery');
    const listing = await discovery.listParks();
    const parks = listing.resorts.flatMap((resort) => resort.parks.map((park) => ({ park, resort })));
    expect(parks).toHaveLength(120);
    const last = parks.at(-1);
    if (!last) throw new Error('no park');
    expect(await discovery.describePark(last.park, last.resort.feed_id)).toEqual(listed.parks.at(-1));
    await expect(discovery.describePark({ feed_id: 'nope', name: 'Nope' }, 'x')).rejects.toThrow(
      /lists no park/,
    );
  });

  it('merges through the discovery path into a catalog the simulator serves, park by park', async () => {
    const merged = mergeDiscovered({
      spec: loadCatalogData(),
      discovered: listed,
      listed: new Set(listed.parks.map((park) => park.feed_id)),
      stored: [],
      stillChosen: () => true,
      now: Date.parse('2026-10-03T12:00:00Z'),
    });
    expect(merged.skipped).toEqual([]);
    const large = new Catalog(merged.data);
    expect(large.parks).toHaveLength(120);
    expect(large.park('magic-kingdom')?.id).toBe(catalog.park('magic-kingdom')?.id);
    const osaka = large.parks.find((park) => park.time_zone === 'Asia/Tokyo');
    if (!osaka) throw new Error('no park in Japan');
    const feeds = createSimulatedFeeds(large);
    // Noon in Osaka: the park is open, and its generated rides post waits.
    const reading = await feeds.liveQueues.readLiveQueues(osaka, Date.parse('2026-10-03T03:00:00Z'));
    expect(reading.entries.length).toBeGreaterThan(0);
    expect(reading.entries.some((entry) => entry.standby_wait_minutes !== null)).toBe(true);
  });
});
