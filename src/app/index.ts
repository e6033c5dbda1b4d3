/**
 * The composition root: builds every service from the configuration and starts and stops them in
 * order. Implementations are picked in `drivers.ts`, and only there.
 */
import type { Logger } from 'pino';
import { AccessControl } from '../http/access/access-control.js';
import { RateLimits } from '../http/access/rate-limits.js';
import { AccessStreamGate } from '../stream/access-gate.js';
import { KeyVerdicts } from '../http/access/verdicts.js';
import { trustProxy } from '../http/client-ip.js';
import type { ApiContext } from '../http/context.js';
import { EnvelopeFactory } from '../http/envelope.js';
import { Links } from '../http/links.js';
import { EndpointRegistry } from '../http/registry.js';
import { HTTP_LIMITS, buildApiServer, type HttpLimits } from '../api/server.js';
import type { ApiServer } from '../http/server-types.js';
import { Catalog } from '../catalog/catalog.js';
import { ConfigError, type Config } from '../config/index.js';
import { CatalogRefresh } from '../services/catalog-refresh.js';
import { createDiscovery } from './discovery.js';
import { Ingest, type CatchUpProgress } from '../ingest/ingest.js';
import { ResortIngest } from '../ingest/resort-ingest.js';
import { ResortState } from '../live/resort-state.js';
import { IngestLeadership } from '../ingest/leadership.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { LiveReplica } from '../live/live-replica.js';
import { LiveState } from '../live/live-state.js';
import { ConditionsService } from '../services/conditions.js';
import { OutageService } from '../services/outages.js';
import { ParkHoursService } from '../services/park-hours.js';
import { ShowtimesService } from '../services/showtimes.js';
import { BestTimesService } from '../services/best-times.js';
import { PlanService } from '../services/plan.js';
import { ParkModelService } from '../services/models/index.js';
import { PriorityLaneService } from '../services/priority-lane.js';
import { ReliabilityService } from '../services/reliability.js';
import { ReopeningService } from '../services/reopening/index.js';
import { ResortDataService } from '../services/resort-data.js';
import { RideHistoryService } from '../services/ride-history.js';
import { SignupService } from '../services/signup.js';
import type { LiveBus } from '../live/events.js';
import { registerSite } from '../site/index.js';
import { registerHealth } from '../http/health.js';
import { Readiness } from '../services/readiness.js';
import { newestRefresh, watchDependencies } from './dependencies.js';
import { createStreams, type StreamOptions, type Streams } from '../stream/index.js';
import type { ServerLock } from '../store/sqlite/server-lock.js';
import type { Stores } from '../store/ports.js';
import { guardStores } from '../store/guarded-stores.js';
import {
  claimStore,
  createFeeds,
  createLeaderLock,
  createPlanSearchThreads,
  createSharedState,
  createStoreProbe,
  openStores,
  type Feeds,
  type SharedStateOptions,
} from './drivers.js';

export type { Feeds } from './drivers.js';

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
  /** HTTP timeouts and the connection cap (tests shorten the timeouts). */
  readonly http?: Partial<HttpLimits>;
  /** Redis key prefix and the like (tests give each run its own prefix). */
  readonly sharedState?: SharedStateOptions;
}

export interface App {
  readonly server: ApiServer;
  readonly context: ApiContext;
  readonly ingest: Ingest;
  /** Daily checks of tickets, park availability, hotels and event nights; buses every minute. */
  readonly resortIngest: ResortIngest;
  readonly bus: LiveBus;
  readonly streams: Streams;
  /** Whether this instance is the ingest leader (always, on the embedded store). */
  readonly leadership: IngestLeadership;
  /** Rows the start-up catch-up wrote. */
  readonly caughtUpRows: number;
  /** The daily refresh of the parks a feed discovered (PARKS other than spec). */
  readonly catalogRefresh: CatalogRefresh | undefined;
  /** Listens on the configured host and port (port 0 picks a free one); resolves to the address. */
  listen(): Promise<string>;
  /** Stops accepting, finishes in-flight requests, stops ingest, then closes the store. */
  close(): Promise<void>;
}

export async function createApp(options: AppOptions): Promise<App> {
  // Before the store opens: a second server would ingest the same history into the same file.
  const claim = claimStore(options.config);
  try {
    return await assembleApp(options, claim);
  } catch (error) {
    claim.release();
    throw error;
  }
}

async function assembleApp(options: AppOptions, claim: ServerLock): Promise<App> {
  const { config, logger, clock = systemClock } = options;
  const catalog = Catalog.load();
  const feeds = options.feeds?.(catalog) ?? createFeeds(config, catalog, clock, logger);
  const openedStores = await openStores(config);
  const shared = await createSharedState(config, clock, {
    // Each failure at debug level only: the breakers below log once when Redis goes and returns.
    onError: (error, during) => {
      logger.debug({ err: error, during }, 'shared state (Redis) operation failed');
    },
    ...options.sharedState,
  });
  const dependencies = watchDependencies(
    { redis: shared.redis, postgresql: await createStoreProbe(config) },
    logger,
  );
  // A shared store answers behind its breaker: calls fail at once while it is away.
  const stores = dependencies.store ? guardStores(openedStores, dependencies.store) : openedStores;
  // PARKS other than spec: the feed's other parks join the catalog before anything serves it.
  const catalogRefresh = await discoverParks(config, catalog, stores.catalogKeys, clock, logger).catch(
    async (error: unknown) => {
      await shared.close();
      await dependencies.close();
      await stores.close();
      throw error;
    },
  );
  const live = new LiveState(clock);
  const ingest = new Ingest({
    catalog,
    liveQueues: feeds.liveQueues,
    schedule: feeds.schedule,
    store: stores.history,
    live,
    bus: shared.bus,
    clock,
    logger,
    coverageStart: config.coverageStart,
  });
  // One instance ingests (the leader); followers keep their live state from the bus.
  // The store's breaker tells a leader that lost the lock with the store when to ask for it back.
  const leadership = new IngestLeadership(await createLeaderLock(config), logger, {
    ...(dependencies.store ? { store: dependencies.store } : {}),
  });
  const replica = new LiveReplica(live, shared.bus, () => leadership.leading);
  const readiness = new Readiness({
    clock,
    lastRefreshAt: () => newestRefresh(catalog, live),
    leading: () => leadership.leading,
    dependencies: dependencies.states,
  });
  let caughtUpRows = 0;
  if (await leadership.claim()) {
    await ingest.resume();
    caughtUpRows = await ingest.catchUp(clock.now(), options.onCatchUpProgress);
    await ingest.refreshAll();
  }
  await replica.start();

  const resortState = new ResortState();
  const resortIngest = new ResortIngest({
    catalog,
    feeds,
    store: stores.resortData,
    state: resortState,
    clock,
    logger,
  });
  await resortIngest.refreshAll();

  const reliability = new ReliabilityService(catalog, stores.history, clock, config.coverageStart, logger);
  await reliability.recomputeAll();
  const models = new ParkModelService(
    catalog,
    stores.history,
    feeds.schedule,
    clock,
    config.coverageStart,
    logger,
  );
  models.warm();
  const reopening = new ReopeningService(catalog, stores.history, feeds.schedule, clock, logger);
  reopening.warm();

  const conditions = new ConditionsService(feeds.weather, live, catalog, clock, logger);
  // Not awaited: serving starts at once; conditions say the weather is not read yet until it is.
  conditions.refreshInBackground();

  const links = new Links(config.siteUrl, config.baseUrl);
  const access = new AccessControl(
    new KeyVerdicts(stores.keys, clock, config.keyVerdictTtlMs),
    new RateLimits((tier) => shared.counters(tier), clock),
    config.providerData,
  );
  const outages = new OutageService(stores.history, live, reopening, clock);
  const parkHours = new ParkHoursService(feeds.schedule);
  const planThreads = createPlanSearchThreads((error) => {
    logger.error({ err: error }, 'a plan search thread failed; its plan was searched on the main thread');
  });
  const context: ApiContext = {
    config,
    clock,
    catalog,
    links,
    envelopes: new EnvelopeFactory(links, clock),
    services: {
      live,
      history: new RideHistoryService(stores.history, live, clock),
      outages,
      reopening,
      reliability,
      priorityLane: new PriorityLaneService(feeds.priorityPrices, live, clock),
      resortData: new ResortDataService(resortState, stores.resortData, feeds, clock),
      parkHours,
      showtimes: new ShowtimesService(feeds.showtimes, clock),
      conditions,
      models,
      bestTimes: new BestTimesService(models, feeds.schedule, feeds.operatorForecast, clock),
      plan: new PlanService(models, parkHours, live, outages, clock, planThreads?.run),
      signup: new SignupService(stores.accounts, clock),
    },
    access,
    trustProxy: trustProxy(config.trustProxy),
    registry: new EndpointRegistry(),
  };
  const gate = new AccessStreamGate(access, shared.streamSlots, (error) => {
    logger.error({ err: error }, 'a stream slot could not be released');
  });
  const streams = createStreams({ context, bus: shared.bus, logger }, { gate, ...options.streams });
  const server = await buildApiServer(
    context,
    logger,
    (app, parts) => {
      registerSite(app, context);
      registerHealth(app, readiness);
      streams.register(app, parts);
    },
    { ...HTTP_LIMITS, ...options.http },
  );
  await server.ready();

  return {
    server,
    context,
    ingest,
    resortIngest,
    bus: shared.bus,
    streams,
    leadership,
    caughtUpRows,
    catalogRefresh,
    listen: async () => {
      const address = await server.listen({ port: config.port, host: config.host });
      readiness.serving();
      if (options.poll ?? true) {
        if (leadership.leading) ingest.start();
        leadership.start({
          // Taking over: resume from the checkpoints the last leader wrote, record the minutes it
          // missed, then poll, as a restarted server does.
          lead: async () => {
            await ingest.resume();
            await ingest.catchUp(clock.now());
            await ingest.refreshAll();
            ingest.start();
          },
          follow: () => ingest.stop(),
          // The lock went with the store: ingest goes on, its writes held until the lock is back.
          holdWrites: () => {
            ingest.holdWrites();
          },
          writeHeld: () => ingest.writeHeld(),
          dropHeld: () => ingest.dropHeld(),
        });
        reliability.start();
        catalogRefresh?.start();
        resortIngest.start();
        conditions.start();
        models.start();
        reopening.start();
      }
      return address;
    },
    close: async () => {
      // Streams first: open WebSockets (1001) and SSE responses would otherwise hold the server open.
      readiness.draining();
      await streams.close();
      await server.close();
      // Leadership first: a takeover in progress would otherwise start ingest after it stopped.
      await leadership.stop();
      await ingest.stop();
      replica.stop();
      reliability.stop();
      catalogRefresh?.stop();
      await resortIngest.stop();
      await conditions.stop();
      await models.stop();
      await reopening.stop();
      await planThreads?.close();
      await shared.close();
      await dependencies.close();
      await stores.close();
      claim.release();
    },
  };
}

/** The daily catalog refresh when PARKS chooses more than the spec's ten, after its first pass. */
async function discoverParks(
  config: Config,
  catalog: Catalog,
  store: Stores['catalogKeys'],
  clock: Clock,
  logger: Logger,
): Promise<CatalogRefresh | undefined> {
  if (config.parks.mode === 'spec') return undefined;
  const discovery = createDiscovery(config, clock);
  if (!discovery) {
    throw new ConfigError(
      `PARKS must be spec unless FEED is a feed that lists its parks (themeparks-wiki or queue-times) (got FEED "${config.feed}")`,
    );
  }
  const refresh = new CatalogRefresh({ catalog, discovery, store, setting: config.parks, clock, logger });
  await refresh.refresh();
  return refresh;
}
