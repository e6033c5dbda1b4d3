/**
 * The one place that picks implementations from the configuration: the store (SQLite under DATA_DIR
 * by default), the upstream feeds, and the state instances share (bus, rate-limit counters, stream
 * slots). The server, the command line, the benchmark and the history recorder all get theirs here.
 */
import type { Tier } from '../api/access/tiers.js';
import type { Catalog } from '../catalog/catalog.js';
import type { Config, FeedName } from '../config/index.js';
import { createSimulatedFeeds } from '../feeds/sim/index.js';
import type { LiveQueueFeed, OperatorForecastFeed, PriorityPriceFeed, ScheduleFeed } from '../feeds/types.js';
import type { Clock } from '../lib/clock.js';
import { LocalBus, type Bus } from '../shared-state/bus.js';
import { LocalStreamSlots, type StreamSlots } from '../shared-state/stream-slots.js';
import { LocalWindowCounters, type WindowCounters } from '../shared-state/window-counters.js';
import type { Stores } from '../store/ports.js';
import { openSqliteStores } from '../store/sqlite/open-sqlite-store.js';
import { lockDataDir, type ServerLock } from '../store/sqlite/server-lock.js';

/** One upstream per data family. */
export interface Feeds {
  readonly liveQueues: LiveQueueFeed;
  readonly schedule: ScheduleFeed;
  readonly priorityPrices: PriorityPriceFeed;
  /** The operator's own hourly wait forecast, where the source publishes one. */
  readonly operatorForecast?: OperatorForecastFeed;
}

/** The store the configuration names (SQLite in DATA_DIR), migrated and ready. */
export function openStores(config: Config): Promise<Stores> {
  return openSqliteStores(config.dataDir);
}

/**
 * Claims the store for this server: one server per DATA_DIR (a second would ingest the same
 * history into the same file). The command line takes no claim; it runs beside the server.
 */
export function claimStore(config: Config): ServerLock {
  return lockDataDir(config.dataDir);
}

/** The upstream feeds FEED names (the simulator until real adapters exist). */
export function createFeeds(config: Config, catalog: Catalog): Feeds {
  const sources: Record<FeedName, () => Feeds> = { sim: () => createSimulatedFeeds(catalog) };
  return sources[config.feed]();
}

/** What instances share when scaled out; in this process for the embedded default. */
export interface SharedState {
  readonly bus: Bus;
  /** The rate-limit counters of one access tier. */
  counters(tier: Tier): WindowCounters;
  readonly streamSlots: StreamSlots;
  close(): Promise<void>;
}

export function createSharedState(_config: Config, clock: Clock): SharedState {
  const counters: Record<Tier, WindowCounters> = {
    keyless: new LocalWindowCounters(clock),
    free: new LocalWindowCounters(clock),
    partner: new LocalWindowCounters(clock),
  };
  return {
    bus: new LocalBus(),
    counters: (tier) => counters[tier],
    streamSlots: new LocalStreamSlots(),
    close: async () => undefined,
  };
}
