/**
 * The one place that picks implementations from the configuration: the store (SQLite under DATA_DIR
 * by default), the upstream feeds, and the state instances share (bus, rate-limit counters, stream
 * slots). The server, the command line, the benchmark and the history recorder all get theirs here.
 */
import type { Tier } from '../api/access/tiers.js';
import type { Catalog } from '../catalog/catalog.js';
import type { Config, FeedName, WeatherName } from '../config/index.js';
import { UpstreamClient, type UpstreamClientOptions } from '../feeds/http/upstream-client.js';
import { NwsWeatherFeed } from '../feeds/nws/index.js';
import { QueueTimesFeed } from '../feeds/queue-times/index.js';
import { createSimulatedFeeds } from '../feeds/sim/index.js';
import { ThemeParksWikiFeed } from '../feeds/themeparks-wiki/index.js';
import type {
  LiveQueueFeed,
  PriorityPriceFeed,
  ScheduleFeed,
  ShowtimeFeed,
  WeatherFeed,
} from '../feeds/types.js';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { systemClock, type Clock } from '../lib/clock.js';
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
  readonly showtimes: ShowtimeFeed;
  /** WEATHER picks it: the simulator's (default) or the US National Weather Service. */
  readonly weather: WeatherFeed;
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

/**
 * The upstream feeds FEED names, with the weather WEATHER names. FEED=themeparks-wiki: live queues,
 * showtimes, hours and priority-lane prices from ThemeParks.wiki; FEED=queue-times: live queues
 * only from Queue-Times; every family a real feed does not have stays simulated (src/feeds/sources.ts
 * says so on /v1). Every real upstream reads through its own UpstreamClient: one User-Agent, one
 * read budget per upstream, optional raw recording under DATA_DIR.
 */
export function createFeeds(
  config: Config,
  catalog: Catalog,
  clock: Clock = systemClock,
  logger?: Logger,
): Feeds {
  const upstream = (feed: string, label: string, baseUrl: string): UpstreamClientOptions => ({
    feed,
    label,
    baseUrl,
    userAgent: config.upstreamUserAgent,
    clock,
    budget: { reads: config.upstreamReadBudget, windowMs: 60_000 },
    ...(config.recordUpstream ? { recordDir: join(config.dataDir, 'upstream-recordings') } : {}),
    onRecordError: (error) => logger?.warn({ err: error, feed }, 'could not record an upstream payload'),
  });
  const simulated = createSimulatedFeeds(catalog);
  const sources: Record<FeedName, () => Feeds> = {
    sim: () => simulated,
    'themeparks-wiki': () => {
      const client = new UpstreamClient(
        upstream('themeparks-wiki', 'ThemeParks.wiki', config.themeparksWikiUrl),
      );
      const wiki = new ThemeParksWikiFeed({ client, catalog, clock, ...(logger ? { logger } : {}) });
      return { ...simulated, liveQueues: wiki, schedule: wiki, priorityPrices: wiki, showtimes: wiki };
    },
    'queue-times': () => {
      const client = new UpstreamClient(upstream('queue-times', 'Queue-Times', config.queueTimesUrl));
      const queueTimes = new QueueTimesFeed({ client, catalog, clock, ...(logger ? { logger } : {}) });
      return { ...simulated, liveQueues: queueTimes };
    },
  };
  const feeds = sources[config.feed]();
  const weather: Record<WeatherName, () => WeatherFeed> = {
    sim: () => feeds.weather,
    nws: () =>
      new NwsWeatherFeed({
        baseUrl: config.nwsUrl,
        userAgent: config.nwsUserAgent,
        clock,
        upstream: {
          budget: { reads: config.upstreamReadBudget, windowMs: 60_000 },
          ...(config.recordUpstream ? { recordDir: join(config.dataDir, 'upstream-recordings') } : {}),
        },
      }),
  };
  return { ...feeds, weather: weather[config.weather]() };
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
