/**
 * The one place that picks implementations from the configuration: the store (SQLite under DATA_DIR
 * by default), the upstream feeds, the state instances share (bus, rate-limit counters, stream
 * slots), and where a touring plan's search runs. The server, the command line, the benchmark and
 * the history recorder all get theirs here.
 */
import type { Tier } from '../http/access/tiers.js';
import type { Catalog } from '../catalog/catalog.js';
import type { Config, WeatherName } from '../config/index.js';
import { UpstreamClient, type UpstreamClientOptions } from '../feeds/http/upstream-client.js';
import { UpstreamError, unpublishedSchedule } from '../feeds/types.js';
import { NwsWeatherFeed } from '../feeds/nws/index.js';
import { createSimulatedFeeds } from '../feeds/sim/index.js';
import type { ResortFeeds } from '../feeds/resort-data.js';
import { noStandInReason, simulatorStandsIn } from '../catalog/families.js';
import type { LiveFamilies } from '../feeds/adapter.js';
import { createLiveFamilies, feedAdapter } from '../feeds/registry.js';
import type {
  LiveQueueFeed,
  OperatorForecastFeed,
  PriorityPriceFeed,
  ScheduleFeed,
  ShowtimeFeed,
  WeatherFeed,
} from '../feeds/types.js';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { systemClock, type Clock } from '../lib/clock.js';
import { soloLeaderLock } from '../ingest/leadership.js';
import { CircuitBreaker } from '../shared-state/breaker.js';
import type { LiveBus, LiveEvent } from '../live/events.js';
import { LocalBus } from '../shared-state/bus.js';
import { FallbackStreamSlots, FallbackWindowCounters } from '../shared-state/fallback.js';
import { LocalStreamSlots, type StreamSlots } from '../shared-state/stream-slots.js';
import { LocalWindowCounters, type WindowCounters } from '../shared-state/window-counters.js';
import type { LeaderLock, Stores } from '../store/ports.js';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { openSqliteDatabase, openSqliteStores } from '../store/sqlite/open-sqlite-store.js';
import { lockDataDir, type ServerLock } from '../store/sqlite/server-lock.js';
import { PlanSearchThreads, SEARCH_MILLISECONDS, SEARCH_STARTS } from './plan-search-threads.js';

/** One upstream per data family (the resort-wide families: tickets, hotels, events, buses… too). */
export interface Feeds extends ResortFeeds {
  readonly liveQueues: LiveQueueFeed;
  readonly schedule: ScheduleFeed;
  readonly priorityPrices: PriorityPriceFeed;
  readonly showtimes: ShowtimeFeed;
  /** WEATHER picks it: the simulator's (default) or the US National Weather Service. */
  readonly weather: WeatherFeed;
  /** The operator's own hourly wait forecast, where the source publishes one. */
  readonly operatorForecast?: OperatorForecastFeed;
}

/** The store the configuration names (PostgreSQL at DATABASE_URL, else SQLite in DATA_DIR), migrated. */
export async function openStores(config: Config): Promise<Stores> {
  if (config.databaseUrl !== undefined) {
    // Loaded only when configured: the embedded default starts without pg (or ioredis) in memory.
    const { openPostgresStores } = await import('../store/postgres/open-postgres-store.js');
    return openPostgresStores(config.databaseUrl);
  }
  return openSqliteStores(config.dataDir);
}

/** The configured store's database itself, migrated, for whole-store commands (`store copy`). */
export async function openDatabase(config: Config): Promise<Kysely<Database>> {
  if (config.databaseUrl !== undefined) {
    const { openPostgresDatabase } = await import('../store/postgres/open-postgres-store.js');
    return openPostgresDatabase(config.databaseUrl, { poolSize: 2 });
  }
  return openSqliteDatabase(config.dataDir);
}

/**
 * Claims the store for this server: one server per DATA_DIR (a second would ingest the same
 * history into the same file). The command line takes no claim; it runs beside the server. On
 * PostgreSQL many instances share the store, and the ingest leader lock keeps one writer.
 */
export function claimStore(config: Config): ServerLock {
  if (config.databaseUrl !== undefined) return { release: () => undefined };
  return lockDataDir(config.dataDir);
}

/** Who may ingest: the PostgreSQL advisory lock when instances share a store, else always this one. */
export async function createLeaderLock(config: Config): Promise<LeaderLock> {
  if (config.databaseUrl !== undefined) {
    const { PostgresAdvisoryLock } = await import('../store/postgres/advisory-lock.js');
    return new PostgresAdvisoryLock(config.databaseUrl);
  }
  return soloLeaderLock;
}

/** Requests in flight at once per upstream. */
const UPSTREAM_IN_FLIGHT = 4;
/** Reads an upstream may receive at once before the pace spreads the rest. */
const UPSTREAM_BURST = 10;

/**
 * The upstream feeds FEED names, with the weather WEATHER names. The adapter's declaration
 * (src/feeds/registry.ts) says which park-level families it provides; every family a real feed
 * does not have stays simulated, or answers empty where it declares a family it lacks
 * (src/feeds/sources.ts says so on /v1). Every real upstream reads through its own UpstreamClient:
 * one User-Agent, one read budget and one bound on requests in flight per upstream, optional raw
 * recording under DATA_DIR. An unknown FEED is a ConfigError naming the adapters.
 */
export function createFeeds(
  config: Config,
  catalog: Catalog,
  clock: Clock = systemClock,
  logger?: Logger,
): Feeds {
  const recording = config.recordUpstream ? { recordDir: join(config.dataDir, 'upstream-recordings') } : {};
  const upstream = (feed: string, label: string, baseUrl: string): UpstreamClientOptions => ({
    feed,
    label,
    baseUrl,
    userAgent: config.upstreamUserAgent,
    clock,
    budget: { reads: config.upstreamReadBudget, windowMs: 60_000 },
    maxInFlight: UPSTREAM_IN_FLIGHT,
    // Reads due together (every park at the top of a round) start at the budget's steady rate.
    pace: { reads: config.upstreamReadBudget, windowMs: 60_000, burst: UPSTREAM_BURST },
    ...recording,
    onRecordError: (error) => logger?.warn({ err: error, feed }, 'could not record an upstream payload'),
  });
  const simulated = createSimulatedFeeds(catalog);
  const families = createLiveFamilies(config.feed, {
    config,
    catalog,
    clock,
    ...(logger ? { logger } : {}),
    simulated,
    upstream: (feed, { label, baseUrl }) => new UpstreamClient(upstream(feed, label, baseUrl)),
  });
  const weather: Record<WeatherName, () => WeatherFeed> = {
    sim: () => simulated.weather,
    nws: () =>
      new NwsWeatherFeed({
        baseUrl: config.nwsUrl,
        userAgent: config.nwsUserAgent,
        clock,
        upstream: { budget: { reads: config.upstreamReadBudget, windowMs: 60_000 }, ...recording },
      }),
  };
  return {
    ...simulated,
    ...withoutStandInsForDiscovered(config.feed, families),
    weather: weather[config.weather](),
  };
}

/**
 * The simulator stands in for a family the feed does not publish at the spec's ten only
 * (catalog/families.ts): a park the feed discovered gets no simulated priority-lane prices (an
 * empty list), no simulated showtimes (unavailable, saying why) and no simulated hours: its
 * schedule is unpublished, so its hours are unknown and ingest opens and closes it by its live
 * rides (ingest/park-hours.ts).
 */
function withoutStandInsForDiscovered(feed: string, families: LiveFamilies): LiveFamilies {
  const { provides, name, label } = feedAdapter(feed);
  const { priorityPrices, showtimes, schedule } = families;
  return {
    ...families,
    schedule: provides.includes('schedule')
      ? schedule
      : {
          readSchedule: async (park, date) =>
            simulatorStandsIn(park) ? schedule.readSchedule(park, date) : unpublishedSchedule(park.id, date),
        },
    priorityPrices: provides.includes('priorityPrices')
      ? priorityPrices
      : {
          readPriorityPrices: async (park, date, at) =>
            simulatorStandsIn(park) ? priorityPrices.readPriorityPrices(park, date, at) : [],
        },
    showtimes: provides.includes('showtimes')
      ? showtimes
      : {
          readShowtimes: async (park, date, at) => {
            if (simulatorStandsIn(park)) return showtimes.readShowtimes(park, date, at);
            throw new UpstreamError(name, noStandInReason(park, 'showtimes', label));
          },
        },
  };
}

/** Asks the shared store whether it answers, on a connection of its own. */
export interface StoreProbe {
  probe(): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * A probe of PostgreSQL when instances share it (readiness says when it is gone); none for the
 * embedded SQLite, which is a file in this process.
 */
export async function createStoreProbe(config: Config): Promise<StoreProbe | undefined> {
  if (config.databaseUrl === undefined) return undefined;
  const { createPool } = await import('../store/postgres/open-postgres-store.js');
  // Idle-connection errors are what the probe reports; the pool must not throw them.
  const pool = createPool(config.databaseUrl, 1, () => undefined);
  return {
    probe: () => pool.query('select 1'),
    close: () => pool.end(),
  };
}

/** What instances share when scaled out; in this process for the embedded default. */
export interface SharedState {
  readonly bus: LiveBus;
  /** The rate-limit counters of one access tier. */
  counters(tier: Tier): WindowCounters;
  readonly streamSlots: StreamSlots;
  /** Whether Redis answers, when configured: while it does not, everything above runs locally. */
  readonly redis?: CircuitBreaker;
  close(): Promise<void>;
}

export interface SharedStateOptions {
  /** Key prefix in Redis (tests give each run its own). */
  readonly redisKeyPrefix?: string;
  /** Told when a Redis operation in the background fails (the breaker says when Redis goes away). */
  readonly onError?: (error: unknown, during: string) => void;
}

/** How long the bus's blocking read waits before checking for shutdown. */
const BUS_BLOCK_MS = 2_000;
/** How long a start waits for Redis to accept a connection. */
const REDIS_CONNECT_TIMEOUT_MS = 10_000;
/** How long a bus start that failed while Redis answers waits before trying again. */
const BUS_START_RETRY_MS = 1_000;

/** In this process by default; in Redis when REDIS_URL is set, so every instance shares them. */
export async function createSharedState(
  config: Config,
  clock: Clock,
  options: SharedStateOptions = {},
): Promise<SharedState> {
  if (config.redisUrl !== undefined) return createRedisSharedState(config.redisUrl, clock, options);
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

async function createRedisSharedState(
  url: string,
  clock: Clock,
  options: SharedStateOptions,
): Promise<SharedState> {
  const [
    { RedisBus },
    { connectRedis, whenReady, DEFAULT_KEY_PREFIX },
    { RedisStreamSlots },
    { RedisWindowCounters },
  ] = await Promise.all([
    import('../shared-state/redis/bus.js'),
    import('../shared-state/redis/connection.js'),
    import('../shared-state/redis/stream-slots.js'),
    import('../shared-state/redis/window-counters.js'),
  ]);
  const prefix = options.redisKeyPrefix ?? DEFAULT_KEY_PREFIX;
  const onError = options.onError ?? (() => undefined);
  const commands = connectRedis(url, 'queuecast');
  // The bus reads with a blocking XREAD, which holds its connection (and outlasts a command timeout).
  const reader = connectRedis(url, 'queuecast bus reader', { commandTimeoutMs: BUS_BLOCK_MS + 1_000 });
  // One breaker for Redis: a failure anywhere moves every user to its local fallback at once.
  const redis = new CircuitBreaker({ probe: () => commands.ping(), clock });
  // ioredis reconnects by itself; an 'error' listener keeps a lost connection from throwing.
  commands.on('error', (error: unknown) => {
    redis.failed(error);
  });
  // The reader's own reconnects say nothing the commands connection does not: reported, not tripping.
  reader.on('error', (error: unknown) => {
    onError(error, 'redis bus reader');
  });
  const fallbackCounters = (tier: Tier) =>
    new FallbackWindowCounters(
      new RedisWindowCounters(commands, clock, `${prefix}rate:${tier}`),
      redis,
      clock,
    );
  const tierCounters: Record<Tier, WindowCounters> = {
    keyless: fallbackCounters('keyless'),
    free: fallbackCounters('free'),
    partner: fallbackCounters('partner'),
  };
  const redisSlots = new RedisStreamSlots(commands, prefix, undefined, (error) => {
    redis.failed(error);
  });
  const bus = new RedisBus<LiveEvent>(commands, reader, prefix, {
    onError,
    breaker: redis,
    blockMs: BUS_BLOCK_MS,
  });
  const connect = async () => {
    await Promise.all([
      whenReady(commands, REDIS_CONNECT_TIMEOUT_MS),
      whenReady(reader, REDIS_CONNECT_TIMEOUT_MS),
    ]);
    await bus.start();
  };
  try {
    await connect();
  } catch (error) {
    // Redis is an accelerator: an instance started while it is away serves on its local fallbacks
    // (the breaker open, readiness degraded) and starts the bus once Redis answers, as after an
    // outage. The connections keep reconnecting by themselves meanwhile.
    // A ping answered does not mean both connections are ready and the bus's first reads fit in a
    // command timeout on a busy instance: such a late start is retried while Redis keeps answering,
    // rather than reported as Redis going away again (one outage, two log lines).
    const connectOnceRedisAnswers = () => {
      const stopWaiting = redis.listen({
        closed: () => {
          stopWaiting();
          startBusWhileRedisAnswers();
        },
      });
    };
    const startBusWhileRedisAnswers = () => {
      connect().catch((late: unknown) => {
        onError(late, 'redis bus start');
        if (redis.closed) setTimeout(startBusWhileRedisAnswers, BUS_START_RETRY_MS).unref();
        else connectOnceRedisAnswers();
      });
    };
    redis.failed(error);
    connectOnceRedisAnswers();
  }
  // Also noticed when no request or publish happens to call Redis.
  redis.watch(1_000);
  return {
    bus,
    counters: (tier) => tierCounters[tier],
    streamSlots: new FallbackStreamSlots(redisSlots, redis),
    redis,
    close: async () => {
      redis.stop();
      await bus.close();
      await redisSlots.close().catch(() => undefined);
      await commands.quit().catch(() => undefined);
    },
  };
}

/**
 * Threads for a large touring plan's search starts, going on past their candidates while the
 * request's time allows, or none on a single core, where running them in turn on the main thread
 * is as fast.
 */
export function createPlanSearchThreads(onError: (error: Error) => void): PlanSearchThreads | undefined {
  const size = Math.min(SEARCH_STARTS, availableParallelism());
  return size >= 2 ? new PlanSearchThreads(size, onError, SEARCH_MILLISECONDS) : undefined;
}
