/**
 * The composition root: builds every service from the configuration and starts and stops them in
 * order. The only place that picks implementations.
 */
// First, before anything else allocates (see the module); main.ts loads it first too.
import '../lib/tick-shapes.js';
import type { Logger } from 'pino';
import { AccessControl } from '../api/access/access-control.js';
import { RateLimits } from '../api/access/rate-limits.js';
import { AccessStreamGate } from '../api/access/stream-gate.js';
import { KeyVerdicts } from '../api/access/verdicts.js';
import { trustProxy } from '../api/client-ip.js';
import { EnvelopeFactory } from '../api/envelope.js';
import { Links } from '../api/links.js';
import { buildApiServer, type ApiServer } from '../api/server.js';
import { Catalog } from '../catalog/catalog.js';
import type { Config } from '../config/index.js';
import { createSimulatedFeeds } from '../feeds/sim/index.js';
import type { LiveQueueFeed, PriorityPriceFeed, ScheduleFeed } from '../feeds/types.js';
import { Ingest, type CatchUpProgress } from '../ingest/ingest.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { LiveState } from '../live/live-state.js';
import { PriorityPriceService } from '../services/priority-prices.js';
import { ReliabilityService } from '../services/reliability.js';
import { LocalBus, type Bus } from '../shared-state/bus.js';
import { LocalWindowCounters } from '../shared-state/window-counters.js';
import { LocalStreamSlots } from '../shared-state/stream-slots.js';
import { registerSite } from '../site/index.js';
import { createStreams, type StreamOptions, type Streams } from '../stream/index.js';
import { openSqliteStores } from '../store/sqlite/open-sqlite-store.js';
import { lockDataDir, type ServerLock } from '../store/sqlite/server-lock.js';

export interface Feeds {
  readonly liveQueues: LiveQueueFeed;
  readonly schedule: ScheduleFeed;
  readonly priorityPrices: PriorityPriceFeed;
}

export interface AppOptions {
  readonly config: Config;
  readonly logger: Logger;
  readonly clock?: Clock;
  /** Replaces the feeds the config names (tests wrap the simulator to inject failures). */
  readonly feeds?: (catalog: Catalog) => Feeds;
  /** Poll every 5 s once listening (default true); tests with a manual clock drive `ingest` themselves. */
  readonly poll?: boolean;
  /** Told how the catch-up (the backfill on an empty store) advances. */
  readonly onCatchUpProgress?: (progress: CatchUpProgress) => void;
  /** Stream timers, limits and the access gate (tests shorten the timers). */
  readonly streams?: Partial<StreamOptions>;
}

export interface App {
  readonly server: ApiServer;
  readonly ingest: Ingest;
  readonly reliability: ReliabilityService;
  readonly bus: Bus;
  readonly streams: Streams;
  /** Rows the start-up catch-up wrote. */
  readonly caughtUpRows: number;
  /** Listens on the configured host and port (port 0 picks a free one); resolves to the address. */
  listen(): Promise<string>;
  /** Stops accepting, finishes in-flight requests, stops ingest, then closes the store. */
  close(): Promise<void>;
}

export async function createApp(options: AppOptions): Promise<App> {
  // Before the store opens: a second server would ingest the same history into the same file.
  const lock = lockDataDir(options.config.dataDir);
  try {
    return await assembleApp(options, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function assembleApp(options: AppOptions, lock: ServerLock): Promise<App> {
  const { config, logger, clock = systemClock } = options;
  const catalog = Catalog.load();
  const feeds = options.feeds?.(catalog) ?? createSimulatedFeeds(catalog);
  const stores = await openSqliteStores(config.dataDir);
  const history = stores.history;
  const live = new LiveState(clock);
  const bus = new LocalBus();
  const ingest = new Ingest({
    catalog,
    liveQueues: feeds.liveQueues,
    schedule: feeds.schedule,
    store: history,
    live,
    bus,
    clock,
    logger,
    coverageStart: config.coverageStart,
  });
  await ingest.resume();
  const caughtUpRows = await ingest.catchUp(clock.now(), options.onCatchUpProgress);
  await ingest.refreshAll();

  const reliability = new ReliabilityService(catalog, history, clock, config.coverageStart);
  await reliability.recomputeAll();

  const links = new Links(config.siteUrl, config.baseUrl);
  const access = new AccessControl(
    new KeyVerdicts(stores.keys, clock),
    new RateLimits(() => new LocalWindowCounters(clock), clock),
    config.providerData,
  );
  const context = {
    config,
    clock,
    catalog,
    links,
    envelopes: new EnvelopeFactory(links, clock),
    live,
    history,
    reliability,
    priorityPrices: new PriorityPriceService(feeds.priorityPrices, clock),
    access,
    trustProxy: trustProxy(config.trustProxy),
  };
  const gate = new AccessStreamGate(access, new LocalStreamSlots());
  const streams = createStreams({ context, bus, logger }, { gate, ...options.streams });
  const server = await buildApiServer(context, logger, (app) => {
    registerSite(app, context);
    streams.register(app);
  });
  await server.ready();

  return {
    server,
    ingest,
    reliability,
    bus,
    streams,
    caughtUpRows,
    listen: async () => {
      const address = await server.listen({ port: config.port, host: config.host });
      if (options.poll ?? true) {
        ingest.start();
        reliability.start();
      }
      return address;
    },
    close: async () => {
      // Streams first: open WebSockets (1001) and SSE responses would otherwise hold the server open.
      await streams.close();
      await server.close();
      await ingest.stop();
      reliability.stop();
      await stores.close();
      lock.release();
    },
  };
}
