/**
 * The environment, read and checked once at start. Nothing else in the code reads `process.env`:
 * everything takes a `Config`, so tests build one directly and a bad value stops start-up with one
 * line that names the variable, what it must be and what it got.
 */
import { isIP } from 'node:net';
import { resolve } from 'node:path';

/**
 * A feed adapter's name. The adapters are declared above config (src/feeds/registry.ts), so the
 * app checks the name against them at start-up; here it is only checked to be a name.
 */
export type FeedName = string;
/** Source of conditions' weather: the simulator's storms (default) or the US National Weather Service. */
export type WeatherName = 'sim' | 'nws';
export type ProviderData = 'enabled' | 'disabled';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly feed: FeedName;
  /**
   * Parks the simulator lists (FEED=sim): the spec's ten and the rest generated from its seed,
   * served beside the ten when PARKS chooses them.
   */
  readonly simParks: number;
  readonly weather: WeatherName;
  readonly providerData: ProviderData;
  /** Public address of the website, no trailing slash. */
  readonly siteUrl: string;
  /** Public address of the API, no trailing slash. */
  readonly baseUrl: string;
  readonly logLevel: LogLevel;
  readonly themeparksWikiUrl: string;
  readonly queueTimesUrl: string;
  readonly nwsUrl: string;
  readonly nwsUserAgent: string;
  /** User-Agent of every other upstream read: the service and the operator's contact. */
  readonly upstreamUserAgent: string;
  /** Requests per minute allowed to each upstream; spent: 503 upstream_unavailable. */
  readonly upstreamReadBudget: number;
  /** Raw upstream payloads are written under DATA_DIR/upstream-recordings (new fixtures). */
  readonly recordUpstream: boolean;
  /**
   * Which proxies may name the client IP in X-Forwarded-For: a hop count, or addresses, CIDR ranges
   * and the names loopback, linklocal, uniquelocal. Undefined: trust none, use the socket address.
   */
  readonly trustProxy: number | string | undefined;
  /** First park-local date of recorded history (SPEC: coverage began on 2026-09-28). */
  readonly coverageStart: string;
  /**
   * PostgreSQL (`postgres://…`) for history and keys instead of SQLite under DATA_DIR: what lets
   * several instances share one store. Undefined: the embedded SQLite store.
   */
  readonly databaseUrl: string | undefined;
  /**
   * Redis (`redis://…`) for the change bus, rate-limit counters, stream counts and key revocations
   * that instances share. Undefined: kept in this process (one instance).
   */
  readonly redisUrl: string | undefined;
  /** How long a key's verdict is cached (SPEC Authentication: at most 10 minutes). */
  readonly keyVerdictTtlMs: number;
  /** Which of the feed's parks are served beside the spec's ten (PARKS). */
  readonly parks: ParksSetting;
}

/**
 * PARKS: `spec` (the spec's ten, the default), `all` (every park the feed lists), or the feed's
 * destination or park IDs, names or slugs. Checked against the feed's listing at start-up.
 */
export type ParksSetting =
  | { readonly mode: 'spec' }
  | { readonly mode: 'all' }
  | { readonly mode: 'list'; readonly entries: readonly string[] };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Readonly<Record<string, string | undefined>>;

const WEATHER_SOURCES: readonly WeatherName[] = ['sim', 'nws'];
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const value = text(env, name) ?? fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got "${value}")`);
  }
  return value as T;
}

function port(env: Env): number {
  const value = text(env, 'PORT') ?? '8080';
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed > 65535) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535 (got "${value}")`);
  }
  return parsed;
}

function url(env: Env, name: string, schemes: readonly string[], fallback?: string): string | undefined {
  const value = text(env, name) ?? fallback;
  if (value === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be a URL starting with ${schemes.join(' or ')} (got "${value}")`);
  }
  if (!schemes.includes(parsed.protocol.replace(/:$/, ''))) {
    throw new ConfigError(`${name} must use ${schemes.join(' or ')} (got "${value}")`);
  }
  return value.replace(/\/+$/, '');
}

/** A server URL (PostgreSQL, Redis): the scheme, and a host to reach, or a socket for PostgreSQL. */
function serverUrl(env: Env, name: string, schemes: readonly string[], example: string): string | undefined {
  const value = url(env, name, schemes);
  if (value === undefined) return undefined;
  const parsed = new URL(value);
  if (parsed.hostname === '' && !parsed.searchParams.has('host')) {
    throw new ConfigError(`${name} must name a server, e.g. ${example} (got "${value}")`);
  }
  return value;
}

/** A whole number of seconds from 1 to `max`, as milliseconds. */
function seconds(env: Env, name: string, max: number): number {
  const value = text(env, name) ?? String(max);
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed < 1 || parsed > max) {
    throw new ConfigError(`${name} must be a whole number of seconds from 1 to ${max} (got "${value}")`);
  }
  return parsed * 1000;
}

/**
 * The NWS API requires a User-Agent naming the application and a contact. It travels as an HTTP
 * header, so it must be printable ASCII on one line.
 */
function userAgent(env: Env, name: string, fallback: string): string {
  const value = text(env, name) ?? fallback;
  if (!/^[\x20-\x7E]{1,256}$/.test(value)) {
    throw new ConfigError(
      `${name} must be printable ASCII of at most 256 characters naming the app and a contact, such as "myapp (ops@example.com)" (got ${JSON.stringify(value.slice(0, 60))})`,
    );
  }
  return value;
}

/** A whole number from `min` to `max`. */
function integer(env: Env, name: string, min: number, max: number, fallback: number): number {
  const value = text(env, name) ?? String(fallback);
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed < min || parsed > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max} (got "${value}")`);
  }
  return parsed;
}

/** The earliest coverage start: simulated backfill runs from it to now on an empty store. */
export const EARLIEST_COVERAGE_START = '2020-01-01';

/** A real calendar day written YYYY-MM-DD (Date.parse would roll 2026-02-30 over to March). */
function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** A date from `earliest` to today (UTC), so that history never starts in the future or a century ago. */
function pastDate(env: Env, name: string, fallback: string, earliest: string, now: number): string {
  const value = text(env, name) ?? fallback;
  const today = new Date(now).toISOString().slice(0, 10);
  if (!isRealDate(value) || value < earliest || value > today) {
    throw new ConfigError(
      `${name} must be a real date YYYY-MM-DD from ${earliest} to today, ${today} (got "${value}")`,
    );
  }
  return value;
}

/** A host name (RFC 1123 labels) or an IP address; a dotted quad must be a real IPv4 address. */
function host(env: Env): string {
  const value = text(env, 'HOST') ?? '0.0.0.0';
  const hostName =
    /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
  const numeric = /^[\d.]+$/.test(value);
  if (isIP(value) === 0 && (numeric || !hostName.test(value))) {
    throw new ConfigError(`HOST must be an IP address or a host name to listen on (got "${value}")`);
  }
  return value;
}

function feedName(env: Env): FeedName {
  const value = text(env, 'FEED') ?? 'sim';
  if (!/^[a-z][a-z0-9-]*$/.test(value)) {
    throw new ConfigError(
      `FEED must be a feed name of lowercase letters, digits and dashes, such as sim (got "${value}")`,
    );
  }
  return value;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function trustProxy(env: Env): number | string | undefined {
  const value = text(env, 'TRUST_PROXY');
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  for (const entry of value.split(',').map((part) => part.trim())) {
    const [address, bits] = entry.split('/');
    const known =
      PROXY_NAMES.has(entry) ||
      (address !== undefined && isIP(address) !== 0 && (bits === undefined || /^\d{1,3}$/.test(bits)));
    if (!known) {
      throw new ConfigError(
        `TRUST_PROXY must be a hop count, or a comma-separated list of proxy addresses, CIDR ranges, loopback, linklocal or uniquelocal (got "${entry}")`,
      );
    }
  }
  return value;
}

function parks(env: Env): ParksSetting {
  const value = text(env, 'PARKS') ?? 'spec';
  if (value.toLowerCase() === 'spec') return { mode: 'spec' };
  if (value.toLowerCase() === 'all') return { mode: 'all' };
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) {
    throw new ConfigError(
      `PARKS must be spec, all, or a comma-separated list of the feed's destination or park IDs, names or slugs (got "${value}")`,
    );
  }
  return { mode: 'list', entries };
}

/** SIM_PARKS: only the simulator generates parks, so another FEED naming it is a mistake. */
function simParks(env: Env, feed: FeedName): number {
  if (feed !== 'sim' && text(env, 'SIM_PARKS') !== undefined) {
    throw new ConfigError(
      `SIM_PARKS sets how many parks FEED=sim generates; unset it for FEED=${feed}, whose parks PARKS chooses`,
    );
  }
  return integer(env, 'SIM_PARKS', 10, 1000, 10);
}

/** Reads the environment into a Config, or throws a ConfigError naming the first bad variable. */
export function loadConfig(env: Env = process.env, now: number = Date.now()): Config {
  const listenPort = port(env);
  const listenHost = host(env);
  const publicHost = listenHost === '0.0.0.0' || listenHost === '::' ? 'localhost' : listenHost;
  const localUrl = `http://${publicHost.includes(':') ? `[${publicHost}]` : publicHost}:${listenPort}`;
  const web = ['http', 'https'];
  const baseUrl = url(env, 'BASE_URL', web, localUrl) ?? localUrl;

  return {
    port: listenPort,
    host: listenHost,
    dataDir: resolve(text(env, 'DATA_DIR') ?? './data'),
    feed: feedName(env),
    simParks: simParks(env, feedName(env)),
    weather: oneOf(env, 'WEATHER', WEATHER_SOURCES, 'sim'),
    providerData: oneOf<ProviderData>(env, 'PROVIDER_DATA', ['enabled', 'disabled'], 'enabled'),
    siteUrl: url(env, 'SITE_URL', web, baseUrl) ?? baseUrl,
    baseUrl,
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    themeparksWikiUrl: url(env, 'THEMEPARKS_WIKI_URL', web, 'https://api.themeparks.wiki') ?? '',
    queueTimesUrl: url(env, 'QUEUE_TIMES_URL', web, 'https://queue-times.com') ?? '',
    nwsUrl: url(env, 'NWS_URL', web, 'https://api.weather.gov') ?? '',
    nwsUserAgent: userAgent(
      env,
      'NWS_USER_AGENT',
      'queuecast (self-hosted; set NWS_USER_AGENT to name a contact)',
    ),
    upstreamUserAgent: userAgent(
      env,
      'UPSTREAM_USER_AGENT',
      'queuecast (self-hosted; set UPSTREAM_USER_AGENT to name a contact)',
    ),
    upstreamReadBudget: integer(env, 'UPSTREAM_READ_BUDGET', 1, 10_000, 120),
    recordUpstream: oneOf(env, 'RECORD_UPSTREAM', ['off', 'on'], 'off') === 'on',
    trustProxy: trustProxy(env),
    coverageStart: pastDate(env, 'COVERAGE_START', '2026-09-28', EARLIEST_COVERAGE_START, now),
    databaseUrl: serverUrl(
      env,
      'DATABASE_URL',
      ['postgres', 'postgresql'],
      'postgres://queuecast:password@db.internal:5432/queuecast',
    ),
    redisUrl: serverUrl(env, 'REDIS_URL', ['redis', 'rediss'], 'redis://redis.internal:6379'),
    keyVerdictTtlMs: seconds(env, 'KEY_VERDICT_TTL_SECONDS', 600),
    parks: parks(env),
  };
}
