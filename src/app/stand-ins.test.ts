import { describe, expect, it } from 'vitest';
import { Catalog } from '../catalog/catalog.js';
import { loadCatalogData } from '../catalog/load.js';
import { mergeDiscovered } from '../catalog/merge.js';
import { loadConfig } from '../config/index.js';
import { priorityFeedLabel } from '../feeds/sources.js';
import { UpstreamError } from '../feeds/types.js';
import { ManualClock } from '../lib/clock.js';
import { createFeeds } from './drivers.js';

const NOW = Date.parse('2026-11-21T16:00:00Z');
const catalog = new Catalog(
  mergeDiscovered({
    spec: loadCatalogData(),
    discovered: {
      source: 'queue-times',
      resorts: [{ feed_id: 'group-europa', name: 'Europa-Park Resort' }],
      parks: [
        {
          feed_id: '51',
          name: 'Europa-Park',
          resort_feed_id: 'group-europa',
          time_zone: 'Europe/Berlin',
          location: { latitude: 48.266, longitude: 7.722 },
          attractions: [{ feed_id: '1', name: 'Blue Fire Megacoaster', type: 'ride' }],
        },
      ],
    },
    listed: new Set(['51']),
    stored: [],
    stillChosen: () => true,
    now: NOW,
  }).data,
);
const europa = catalog.park('europa-park');
const magicKingdom = catalog.park('magic-kingdom');
if (!europa || !magicKingdom) throw new Error('parks');

function feedsFor(feed: string) {
  const config = loadConfig({ FEED: feed, DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' });
  return { feeds: createFeeds(config, catalog, new ManualClock(NOW)), config };
}

describe('the simulator stands in for a family the feed does not publish', () => {
  it('at the spec parks only: a discovered park has no simulated prices or showtimes', async () => {
    const { feeds } = feedsFor('queue-times');
    expect(
      (await feeds.priorityPrices.readPriorityPrices(magicKingdom, '2026-11-21', NOW)).length,
    ).toBeGreaterThan(0);
    expect(await feeds.priorityPrices.readPriorityPrices(europa, '2026-11-21', NOW)).toEqual([]);
    await expect(feeds.showtimes.readShowtimes(magicKingdom, '2026-11-21', NOW)).resolves.toBeDefined();
    const refused = feeds.showtimes.readShowtimes(europa, '2026-11-21', NOW);
    await expect(refused).rejects.toBeInstanceOf(UpstreamError);
    await expect(refused).rejects.toThrow(/publishes no showtimes for Europa-Park/);
    expect(priorityFeedLabel('queue-times', magicKingdom)).toBe('sim');
    expect(priorityFeedLabel('queue-times', europa)).toBe('queue-times');
  });

  it('never where the feed is the simulator itself', async () => {
    const { feeds } = feedsFor('sim');
    expect((await feeds.priorityPrices.readPriorityPrices(europa, '2026-11-21', NOW)).length).toBeGreaterThan(
      0,
    );
    await expect(feeds.showtimes.readShowtimes(europa, '2026-11-21', NOW)).resolves.toBeDefined();
  });
});
