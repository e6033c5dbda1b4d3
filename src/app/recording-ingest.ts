/**
 * An Ingest that only records history, for the CLI backfill and the benchmark: the configured feeds
 * over a store, with a live state and bus nobody reads. The server builds its own in `createApp`,
 * with the live state and bus its API and streams share.
 */
import type { Logger } from 'pino';
import { Catalog } from '../catalog/catalog.js';
import { createSimulatedFeeds } from '../feeds/sim/index.js';
import { Ingest } from '../ingest/ingest.js';
import type { Clock } from '../lib/clock.js';
import { LiveState } from '../live/live-state.js';
import { LocalBus } from '../shared-state/bus.js';
import type { HistoryStore } from '../store/ports.js';

export async function recordingIngest(options: {
  readonly store: HistoryStore;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly coverageStart: string;
}): Promise<Ingest> {
  const catalog = Catalog.load();
  const feeds = createSimulatedFeeds(catalog);
  const ingest = new Ingest({
    catalog,
    liveQueues: feeds.liveQueues,
    schedule: feeds.schedule,
    store: options.store,
    live: new LiveState(options.clock),
    bus: new LocalBus(),
    clock: options.clock,
    logger: options.logger,
    coverageStart: options.coverageStart,
  });
  await ingest.resume();
  return ingest;
}
