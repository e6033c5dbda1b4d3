/**
 * An Ingest that only records history, for the CLI backfill and the benchmark: the configured feeds
 * over a store, with a live state and bus nobody reads. The server builds its own in `createApp`,
 * with the live state and bus its API and streams share.
 */
import type { Logger } from 'pino';
import { Catalog } from '../catalog/catalog.js';
import type { Config } from '../config/index.js';
import { Ingest } from '../ingest/ingest.js';
import type { Clock } from '../lib/clock.js';
import { LiveState } from '../live/live-state.js';
import { LocalBus } from '../shared-state/bus.js';
import type { HistoryStore } from '../store/ports.js';
import { createFeeds } from './drivers.js';

export async function recordingIngest(options: {
  readonly config: Config;
  readonly store: HistoryStore;
  readonly clock: Clock;
  readonly logger: Logger;
  /** First park-local date to record (default: the configured coverage start). */
  readonly coverageStart?: string;
}): Promise<Ingest> {
  const catalog = Catalog.load();
  const feeds = createFeeds(options.config, catalog, options.clock, options.logger);
  const ingest = new Ingest({
    catalog,
    liveQueues: feeds.liveQueues,
    schedule: feeds.schedule,
    store: options.store,
    live: new LiveState(options.clock),
    // Nobody listens: the recorder's changes reach no stream.
    bus: new LocalBus(),
    clock: options.clock,
    logger: options.logger,
    coverageStart: options.coverageStart ?? options.config.coverageStart,
  });
  await ingest.resume();
  return ingest;
}
