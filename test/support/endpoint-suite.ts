/**
 * The shared endpoint suite: what every data endpoint must do, checked from its registry entry.
 * A test file calls `describeDataEndpoints(endpoints)` once; the servers are shared by
 * the whole file. Each test speaks for a client address of its own (TRUST_PROXY=loopback), so the
 * keyless limits of one test never reach another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../src/http/endpoint.js';
import { ManualClock } from '../../src/lib/clock.js';
import { expectError, receive } from './expect-response.js';
import { createKey } from './keys.js';
import { OpenApiContract } from './openapi.js';
import { SITE_URL, startServer, type TestServer } from './server.js';

interface Servers {
  /** PROVIDER_DATA enabled (the default). */
  readonly served: TestServer;
  /** PROVIDER_DATA=disabled. */
  readonly withoutProviderData: TestServer;
  readonly contract: OpenApiContract;
  readonly freeKey: string;
  readonly partnerKey: string;
}

/**
 * Where the suite's servers keep their state. The embedded default needs nothing; a scaled-out
 * configuration gives each server its own PostgreSQL database and Redis key prefix.
 */
export interface SuiteConfiguration {
  readonly name: string;
  prepare(): Promise<{
    readonly env: Record<string, string>;
    readonly redisKeyPrefix?: string;
    release(): Promise<void>;
  }>;
}

const EMBEDDED: SuiteConfiguration = {
  name: 'embedded',
  prepare: () => Promise.resolve({ env: {}, release: () => Promise.resolve() }),
};

let addresses = 0;

/** A client address nobody else in the file uses. */
function freshAddress(): Record<string, string> {
  addresses += 1;
  return { 'x-forwarded-for': `198.51.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}` };
}

/**
 * Starts the servers once for every endpoint the suite tests (before all of them, closed after all
 * of them): a fixed clock, so no refresh lands between two requests.
 */
function useServers(configuration: SuiteConfiguration): () => Servers {
  let servers: (Servers & { release(): Promise<void> }) | undefined;
  beforeAll(async () => {
    const clock = new ManualClock(Date.parse('2026-11-21T16:00:05Z'));
    const [state, stateWithout] = await Promise.all([configuration.prepare(), configuration.prepare()]);
    const start = (prepared: typeof state, env: Record<string, string>) =>
      startServer({
        clock,
        env: { TRUST_PROXY: 'loopback', ...prepared.env, ...env },
        ...(prepared.redisKeyPrefix === undefined ? {} : { redisKeyPrefix: prepared.redisKeyPrefix }),
      });
    const [served, withoutProviderData] = await Promise.all([
      start(state, {}),
      start(stateWithout, { PROVIDER_DATA: 'disabled' }),
    ]);
    servers = {
      served,
      withoutProviderData,
      contract: await OpenApiContract.fetch(served.url),
      freeKey: await createKey(served.dataDir, 'free', state.env),
      partnerKey: await createKey(served.dataDir, 'partner', state.env),
      release: async () => {
        await Promise.all([state.release(), stateWithout.release()]);
      },
    };
  });
  afterAll(async () => {
    if (!servers) return;
    await Promise.all([servers.served.close(), servers.withoutProviderData.close()]);
    await servers.release();
    servers = undefined;
  });
  return () => {
    if (!servers) throw new Error('the endpoint suite servers are not started');
    return servers;
  };
}

/** Headers that differ between any two requests: the date, and the count that went down. */
const VARYING = new Set(['date', 'x-ratelimit-remaining', 'x-ratelimit-reset']);

async function exchange(server: TestServer, path: string, headers: Record<string, string>) {
  const before = server.app.server.preparedLane.answered;
  const response = await server.get(path, { headers: { 'x-request-id': 'suite-probe', ...headers } });
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    headers: Object.fromEntries([...response.headers].filter(([name]) => !VARYING.has(name))),
    bytes,
    inLane: server.app.server.preparedLane.answered > before,
  };
}

/** One `Cache-Control` per endpoint whoever asks; `Vary` keeps keyed and keyless answers apart in a cache. */
function expectCaching(headers: Headers, maxAge: number): void {
  expect(headers.get('cache-control')).toBe(`public, max-age=${maxAge}`);
  expect(headers.get('vary')).toBe('Accept-Encoding, Authorization, X-Service-Key');
}

/** Every live entry in `body`: an object with a posted standby and a single-rider wait (a `/waits` entry, a ride's `live`). */
function liveEntriesIn(body: unknown, found: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(body)) for (const item of body) liveEntriesIn(item, found);
  else if (body !== null && typeof body === 'object') {
    const object = body as Record<string, unknown>;
    if ('standby_wait_minutes' in object && 'single_rider_wait_minutes' in object) found.push(object);
    for (const value of Object.values(object)) liveEntriesIn(value, found);
  }
  return found;
}

/**
 * The estimated actual wait beside each posted standby wait: present on every live entry, whole
 * minutes with the estimate inside its range, and null exactly where no wait is posted.
 */
function expectEstimatedActualWaits(body: unknown): void {
  for (const entry of liveEntriesIn(body)) {
    const estimate = [
      entry.estimated_actual_wait_minutes,
      entry.estimated_actual_low_minutes,
      entry.estimated_actual_high_minutes,
    ];
    const where = JSON.stringify(entry);
    if (entry.standby_wait_minutes === null) {
      expect(estimate, where).toEqual([null, null, null]);
      continue;
    }
    for (const value of estimate) expect(Number.isInteger(value) && (value as number) >= 0, where).toBe(true);
    const [minutes, low, high] = estimate as [number, number, number];
    expect(low <= minutes && minutes <= high, where).toBe(true);
  }
}

/** `path` with one more query parameter, which sends the request to the router (the lane takes only declared ones). */
const viaRouter = (path: string) => `${path}${path.includes('?') ? '&' : '?'}via=router`;

const REOPENING = ['reopen_earliest', 'expected_reopen_at', 'reopen_latest'] as const;
const DOWN_STATUSES = new Set(['DOWN', 'BRIEF_DELAY', 'WEATHER_DELAY']);

/** Every object in `value` that carries a reopening estimate's fields (an outage, a ride's live). */
function reopeningHolders(value: unknown, found: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) {
    for (const item of value) reopeningHolders(item, found);
  } else if (typeof value === 'object' && value !== null) {
    const object = value as Record<string, unknown>;
    if ('expected_reopen_at' in object) found.push(object);
    for (const child of Object.values(object)) reopeningHolders(child, found);
  }
  return found;
}

/** Whether `schema` names the property `name`, through the document's `$ref`s. */
function declaresProperty(
  document: unknown,
  schema: unknown,
  name: string,
  seen = new Set<string>(),
): boolean {
  if (Array.isArray(schema)) return schema.some((item) => declaresProperty(document, item, name, seen));
  if (typeof schema !== 'object' || schema === null) return false;
  const object = schema as Record<string, unknown>;
  const properties = object.properties;
  if (typeof properties === 'object' && properties !== null && name in properties) return true;
  const ref = object.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/') && !seen.has(ref)) {
    seen.add(ref);
    const target = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
    if (declaresProperty(document, target, name, seen)) return true;
  }
  return Object.values(object).some((child) => declaresProperty(document, child, name, seen));
}

/** The shared suite for every endpoint in `endpoints`, all on one pair of servers. */
export function describeDataEndpoints(endpoints: readonly Endpoint[], configuration = EMBEDDED): void {
  const get = useServers(configuration);
  for (const endpoint of endpoints) describeDataEndpoint(endpoint, configuration, get);
}

function describeDataEndpoint(
  endpoint: Endpoint,
  configuration: SuiteConfiguration,
  get: () => Servers,
): void {
  const where = configuration === EMBEDDED ? '' : `, ${configuration.name}`;
  describe(`GET ${endpoint.url} (${endpoint.operationId}${where})`, () => {
    const path = endpoint.examples[0];

    it('answers a keyless caller: keyless limits, public caching, a body the OpenAPI document accepts', async () => {
      const { served, contract } = get();
      const address = freshAddress();
      const received = await receive(await served.get(path, { headers: address }));
      expect(received.status, JSON.stringify(received.body).slice(0, 500)).toBe(200);
      expect(received.headers.get('x-ratelimit-limit')).toBe('30');
      expect(received.headers.get('x-ratelimit-remaining')).toBe('29');
      expect(received.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
      expectCaching(received.headers, endpoint.maxAge);
      expect(received.headers.get('access-control-allow-origin')).toBe('*');
      expect(contract.validate(path, 200, received.body)).toEqual([]);
      expectEstimatedActualWaits(received.body);
      expect(received.body).toMatchObject({ schema_version: 1, docs_url: `${SITE_URL}/docs` });
      expect((received.body.attribution as { url: string }).url.startsWith(`${SITE_URL}/`)).toBe(true);
      const etag = received.headers.get('etag') ?? '';
      const notModified = await served.get(path, { headers: { ...address, 'if-none-match': etag } });
      expect(notModified.status).toBe(304);
      expectCaching(notModified.headers, endpoint.maxAge);
    });

    it.each([
      ['a free key in Authorization', 'free', 'authorization', '120'],
      ['a partner key in X-Service-Key', 'partner', 'x-service-key', '600'],
    ] as const)(
      'answers %s with its limits and the same public caching, varying on the key headers',
      async (_case, tier, header, limit) => {
        const { served, freeKey, partnerKey } = get();
        const key = tier === 'free' ? freeKey : partnerKey;
        const keyed = { [header]: header === 'authorization' ? `Bearer ${key}` : key };
        const response = await served.get(path, { headers: keyed });
        await response.arrayBuffer();
        expect(response.status).toBe(200);
        expect(response.headers.get('x-ratelimit-limit')).toBe(limit);
        expectCaching(response.headers, endpoint.maxAge);
        const etag = response.headers.get('etag') ?? '';
        const notModified = await served.get(path, { headers: { ...keyed, 'if-none-match': etag } });
        expect(notModified.status).toBe(304);
        expect(notModified.headers.get('x-ratelimit-limit')).toBe(limit);
        expectCaching(notModified.headers, endpoint.maxAge);
      },
    );

    it('refuses an invalid key with 401 invalid_key, never the keyless tier, and never stored', async () => {
      const { served, contract } = get();
      const keys: Record<string, string>[] = [
        { authorization: 'Bearer pk_live_short' },
        { authorization: `Bearer pk_live_${'Z'.repeat(32)}` },
        { 'x-service-key': `pk_live_${'Y'.repeat(32)}` },
      ];
      for (const key of keys) {
        const received = await receive(await served.get(path, { headers: { ...key, ...freshAddress() } }));
        expectError(received, contract, path, {
          status: 401,
          code: 'invalid_key',
          message: /keyless allowance/,
        });
        expect(received.headers.get('vary')).toBe('Accept-Encoding, Authorization, X-Service-Key');
      }
    });

    it('refuses ?key= (only the streams take it) with 400', async () => {
      const { served, contract, freeKey } = get();
      const keyed = `${path}${path.includes('?') ? '&' : '?'}key=${freeKey}`;
      const received = await receive(await served.get(keyed, { headers: freshAddress() }));
      expectError(received, contract, path, {
        status: 400,
        code: 'invalid_request',
        message: /stream endpoints only/,
      });
    });

    it(
      endpoint.provider
        ? 'answers 403 rights_unavailable when provider data is disabled'
        : 'still answers when provider data is disabled',
      async () => {
        const { withoutProviderData, contract } = get();
        const received = await receive(await withoutProviderData.get(path, { headers: freshAddress() }));
        if (endpoint.provider) {
          expectError(received, contract, path, {
            status: 403,
            code: 'rights_unavailable',
            message: /disabled on this server/,
          });
        } else {
          expect(received.status).toBe(200);
        }
      },
    );

    it('estimates a reopening wherever it declares one, only while the ride is down: three instants in order, or three nulls', async () => {
      const { served, contract } = get();
      // Fitted in the background at start-up; the answer after it is the one with estimates.
      await served.app.context.services.reopening.refitIfStale();
      const received = await receive(await served.get(path, { headers: freshAddress() }));
      expect(received.status).toBe(200);
      const holders = reopeningHolders(received.body);
      const declared = declaresProperty(
        contract.document,
        contract.document.paths?.[contract.templateFor(path) ?? ''],
        'expected_reopen_at',
      );
      expect(holders.length > 0, JSON.stringify(received.body).slice(0, 500)).toBe(declared);
      for (const holder of holders) {
        const values = REOPENING.map((field) => holder[field]);
        const context = JSON.stringify(holder);
        const down =
          typeof holder.ongoing === 'boolean' ? holder.ongoing : DOWN_STATUSES.has(String(holder.status));
        if (!down || values.every((value) => value === null)) {
          expect(values, context).toEqual([null, null, null]);
          continue;
        }
        const instants = values.map((value) => (typeof value === 'string' ? Date.parse(value) : NaN));
        expect(instants.every(Number.isFinite), context).toBe(true);
        expect(instants, context).toEqual([...instants].sort((a, b) => a - b));
        if (typeof holder.started_at === 'string') {
          expect(instants[0], context).toBeGreaterThan(Date.parse(holder.started_at));
        }
      }
    });

    it.each([
      ['without a key', () => ({})],
      ['with a key', () => ({ 'x-service-key': get().partnerKey })],
    ])('answers in the prepared lane byte for byte as the router does, %s', async (_case, key) => {
      const { served } = get();
      const headers = { ...freshAddress(), 'accept-encoding': 'gzip, br', ...key() };
      const router = await exchange(served, viaRouter(path), headers);
      const lane = await exchange(served, path, headers);
      expect(router).toMatchObject({ status: 200, inLane: false });
      expect(lane).toMatchObject({ status: 200, inLane: true });
      expect(lane.headers).toEqual(router.headers);
      expect(lane.bytes.equals(router.bytes)).toBe(true);
    });
  });
}
