/** The shared controllable simulator, plus hiding entries: a show the operator stops reporting. */
import type { Feeds } from '../../../src/app/index.js';
import type { Catalog } from '../../../src/catalog/catalog.js';
import { ControllableFeeds } from '../../support/feeds.js';

export class StreamTestFeeds extends ControllableFeeds {
  readonly hidden = new Set<string>();

  readonly buildWithHiding = (catalog: Catalog): Feeds => {
    const feeds = this.build(catalog);
    return {
      ...feeds,
      liveQueues: {
        readLiveQueues: async (park, at) => {
          const reading = await feeds.liveQueues.readLiveQueues(park, at);
          return { ...reading, entries: reading.entries.filter((entry) => !this.hidden.has(entry.ride_id)) };
        },
      },
    };
  };
}
