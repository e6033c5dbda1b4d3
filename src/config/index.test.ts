import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index.js';

/** The tests' today: COVERAGE_START may not be later. */
const TODAY = Date.parse('2026-11-24T12:00:00Z');

describe('loadConfig', () => {
  it('gives the embedded defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      feed: 'sim',
      providerData: 'enabled',
      baseUrl: 'http://localhost:8080',
      siteUrl: 'http://localhost:8080',
      logLevel: 'info',
      coverageStart: '2026-09-28',
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('reads the weather source and the NWS settings', () => {
    expect(loadConfig({}).weather).toBe('sim');
    const config = loadConfig({
      WEATHER: 'nws',
      NWS_URL: 'http://127.0.0.1:9/',
      NWS_USER_AGENT: 'park-app (ops@example.com)',
    });
    expect(config).toMatchObject({
      weather: 'nws',
      nwsUrl: 'http://127.0.0.1:9',
      nwsUserAgent: 'park-app (ops@example.com)',
    });
  });

  it('reads the real feeds and the upstream etiquette settings', () => {
    const config = loadConfig(
      {
        FEED: 'themeparks-wiki',
        THEMEPARKS_WIKI_URL: 'http://127.0.0.1:9000/',
        QUEUE_TIMES_URL: 'https://qt.example/',
        UPSTREAM_USER_AGENT: 'queuecast (ops@example.com)',
        UPSTREAM_READ_BUDGET: '30',
        RECORD_UPSTREAM: 'on',
      },
      TODAY,
    );
    expect(config).toMatchObject({
      feed: 'themeparks-wiki',
      themeparksWikiUrl: 'http://127.0.0.1:9000',
      queueTimesUrl: 'https://qt.example',
      upstreamUserAgent: 'queuecast (ops@example.com)',
      upstreamReadBudget: 30,
      recordUpstream: true,
    });
    expect(loadConfig({ FEED: 'queue-times' }, TODAY)).toMatchObject({
      feed: 'queue-times',
      themeparksWikiUrl: 'https://api.themeparks.wiki',
      queueTimesUrl: 'https://queue-times.com',
      upstreamReadBudget: 120,
      recordUpstream: false,
    });
  });

  it('takes public addresses without trailing slashes', () => {
    const config = loadConfig({ BASE_URL: 'https://api.example.com/', SITE_URL: 'https://example.com//' });
    expect(config.baseUrl).toBe('https://api.example.com');
    expect(config.siteUrl).toBe('https://example.com');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be an integer from 0 to 65535 (got "eighty")'],
    [{ PORT: '70000' }, 'PORT must be an integer from 0 to 65535 (got "70000")'],
    [
      { FEED: 'Magic Feed' },
      'FEED must be a feed name of lowercase letters, digits and dashes, such as sim (got "Magic Feed")',
    ],
    [
      { THEMEPARKS_WIKI_URL: 'ftp://api.themeparks.wiki' },
      'THEMEPARKS_WIKI_URL must use http or https (got "ftp://api.themeparks.wiki")',
    ],
    [
      { QUEUE_TIMES_URL: 'queue times' },
      'QUEUE_TIMES_URL must be a URL starting with http or https (got "queue times")',
    ],
    [{ UPSTREAM_READ_BUDGET: '0' }, 'UPSTREAM_READ_BUDGET must be an integer from 1 to 10000 (got "0")'],
    [{ UPSTREAM_READ_BUDGET: '5.5' }, 'UPSTREAM_READ_BUDGET must be an integer from 1 to 10000 (got "5.5")'],
    [{ RECORD_UPSTREAM: 'yes' }, 'RECORD_UPSTREAM must be one of off, on (got "yes")'],
    [
      { UPSTREAM_USER_AGENT: 'app\u0007 (ops@example.com)' },
      'UPSTREAM_USER_AGENT must be printable ASCII of at most 256 characters naming the app and a contact, such as "myapp (ops@example.com)" (got "app\\u0007 (ops@example.com)")',
    ],
    [{ WEATHER: 'owm' }, 'WEATHER must be one of sim, nws (got "owm")'],
    [{ NWS_URL: 'ftp://weather' }, 'NWS_URL must use http or https (got "ftp://weather")'],
    [
      { NWS_USER_AGENT: 'app\u0007 (ops@example.com)' },
      'NWS_USER_AGENT must be printable ASCII of at most 256 characters naming the app and a contact, such as "myapp (ops@example.com)" (got "app\\u0007 (ops@example.com)")',
    ],
    [{ PROVIDER_DATA: 'off' }, 'PROVIDER_DATA must be one of enabled, disabled (got "off")'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must use postgres or postgresql (got "mysql://x")'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL must be a URL starting with redis or rediss (got "not a url")'],
    [
      { DATABASE_URL: 'postgres:///queuecast' },
      'DATABASE_URL must name a server, e.g. postgres://queuecast:password@db.internal:5432/queuecast (got "postgres:///queuecast")',
    ],
    [
      { REDIS_URL: 'redis://' },
      'REDIS_URL must name a server, e.g. redis://redis.internal:6379 (got "redis:")',
    ],
    [
      { KEY_VERDICT_TTL_SECONDS: '601' },
      'KEY_VERDICT_TTL_SECONDS must be a whole number of seconds from 1 to 600 (got "601")',
    ],
    [
      { KEY_VERDICT_TTL_SECONDS: '0' },
      'KEY_VERDICT_TTL_SECONDS must be a whole number of seconds from 1 to 600 (got "0")',
    ],
    [
      { LOG_LEVEL: 'loud' },
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ],
    [
      { COVERAGE_START: '2026-13-01' },
      'COVERAGE_START must be a real date YYYY-MM-DD from 2020-01-01 to today, 2026-11-24 (got "2026-13-01")',
    ],
    [
      { COVERAGE_START: '2026-02-30' },
      'COVERAGE_START must be a real date YYYY-MM-DD from 2020-01-01 to today, 2026-11-24 (got "2026-02-30")',
    ],
    [
      { COVERAGE_START: '1900-01-01' },
      'COVERAGE_START must be a real date YYYY-MM-DD from 2020-01-01 to today, 2026-11-24 (got "1900-01-01")',
    ],
    [
      { COVERAGE_START: '2026-11-25' },
      'COVERAGE_START must be a real date YYYY-MM-DD from 2020-01-01 to today, 2026-11-24 (got "2026-11-25")',
    ],
    [{ HOST: '999.1.1.1' }, 'HOST must be an IP address or a host name to listen on (got "999.1.1.1")'],
    [{ HOST: 'bad host!' }, 'HOST must be an IP address or a host name to listen on (got "bad host!")'],
  ])('rejects %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env, TODAY)).toThrow(new ConfigError(message));
  });

  it('takes DATABASE_URL and REDIS_URL for a scaled-out instance (unset: SQLite and this process)', () => {
    expect(loadConfig({}, TODAY)).toMatchObject({
      databaseUrl: undefined,
      redisUrl: undefined,
      keyVerdictTtlMs: 600_000,
    });
    const config = loadConfig(
      {
        DATABASE_URL: 'postgresql://queuecast:secret@db.internal:5432/queuecast',
        REDIS_URL: 'rediss://:token@cache.internal:6380/2',
        KEY_VERDICT_TTL_SECONDS: '30',
      },
      TODAY,
    );
    expect(config.databaseUrl).toBe('postgresql://queuecast:secret@db.internal:5432/queuecast');
    expect(config.redisUrl).toBe('rediss://:token@cache.internal:6380/2');
    expect(config.keyVerdictTtlMs).toBe(30_000);
    expect(
      loadConfig({ DATABASE_URL: 'postgres:///queuecast?host=/run/postgresql' }, TODAY).databaseUrl,
    ).toBe('postgres:///queuecast?host=/run/postgresql');
  });

  it.each(['127.0.0.1', '::1', 'localhost', 'api.internal', '0.0.0.0'])('listens on HOST=%s', (value) => {
    expect(loadConfig({ HOST: value }, TODAY).host).toBe(value);
  });
});
