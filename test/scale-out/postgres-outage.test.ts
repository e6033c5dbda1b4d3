/**
 * PostgreSQL gone under two instances, a leader and a follower: a private throwaway cluster (its own
 * data directory and port, so the suite's server is untouched) stopped while they serve, then
 * started again. While it is away, what memory can answer keeps answering, what needs the store
 * answers 503 with Retry-After (never 500), /readyz says degraded, stream clients stay connected,
 * and the leader keeps polling provisionally: it publishes on the bus, so the follower's waits stay
 * live, and holds its readings. Once PostgreSQL returns the old leader takes the lock back before
 * the follower asks, writes what it held, and history equals the simulator's uninterrupted run row
 * by row.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLOCK_OFFSET_MS, simulatedNow } from '../../bench/soak/scenario.js';
import { SimulatedReference } from '../../bench/soak/reference.js';
import { privatePostgres, type RestartableServer } from '../../bench/soak/servers.js';
import { webSocketClient, type StreamClient } from '../../bench/soak/streams.js';
import { startRedis } from '../support/databases.js';
import { startInstance, type Instance } from '../support/instances.js';
import { OpenApiContract } from '../support/openapi.js';
import { describeWithDatabases } from '../support/scale-out.js';

const OUTAGE_MS = 25_000;

let postgres: RestartableServer;
let redis: Awaited<ReturnType<typeof startRedis>>;
let instance: Instance;
/** A second instance on the same stores: it follows, and serves live data from the bus. */
let follower: Instance;
let reference: SimulatedReference;
let contract: OpenApiContract;

interface Readiness {
  readonly status: string;
  readonly checks: readonly { readonly name: string; readonly status: string; readonly since?: string }[];
}

async function readiness(): Promise<Readiness> {
  return (await (await fetch(`${instance.url}/readyz`)).json()) as Readiness;
}

/**
 * Waits until /readyz says `status` and, given `postgresql`, its PostgreSQL check says that: on a
 * host short of CPU another dependency's breaker may say degraded before PostgreSQL's does.
 */
async function readyzSays(status: string, withinMs: number, postgresql?: string): Promise<number> {
  const started = Date.now();
  let last: Readiness | undefined;
  while (Date.now() - started < withinMs) {
    last = await readiness();
    const check = last.checks.find((entry) => entry.name === 'postgresql');
    if (last.status === status && (postgresql === undefined || check?.status === postgresql))
      return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const wanted = postgresql === undefined ? status : `${status} with PostgreSQL ${postgresql}`;
  throw new Error(`/readyz did not say ${wanted} within ${withinMs} ms: ${JSON.stringify(last)}`);
}

interface Answer {
  readonly path: string;
  readonly status: number;
  readonly retryAfter: string | null;
  readonly code: string | undefined;
  readonly problems: readonly string[];
}

let address = 0;
async function get(path: string): Promise<Answer> {
  address += 1;
  const response = await fetch(`${instance.url}${path}`, {
    headers: { 'x-forwarded-for': `198.51.100.${address % 250}` },
  });
  const body = (await response.json()) as { error?: { code?: string } };
  return {
    path,
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    code: body.error?.code,
    problems: contract.validate(path, response.status, body),
  };
}

interface FollowerWaits {
  readonly status: number;
  readonly data_status: string | undefined;
  readonly refreshed_at: string | null | undefined;
  readonly problems: readonly string[];
}

let followerAddress = 0;
async function followerWaits(): Promise<FollowerWaits> {
  const path = '/v1/parks/magic-kingdom/waits';
  const response = await fetch(`${follower.url}${path}`, {
    headers: { 'x-forwarded-for': `203.0.113.${followerAddress++ % 250}` },
  });
  const body = (await response.json()) as { data_status?: string; refreshed_at?: string | null };
  return {
    status: response.status,
    data_status: body.data_status,
    refreshed_at: body.refreshed_at,
    problems: contract.validate(path, response.status, body),
  };
}

async function withStore<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgres.url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

describeWithDatabases('a leader and a follower whose PostgreSQL goes away and comes back', () => {
  beforeAll(async () => {
    [postgres, redis] = await Promise.all([privatePostgres(), startRedis()]);
    const coverageStart = new Date(simulatedNow()).toISOString().slice(0, 10);
    reference = new SimulatedReference(coverageStart, simulatedNow());
    const environment = {
      FEED: 'sim',
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      COVERAGE_START: coverageStart,
      TRUST_PROXY: 'loopback',
    };
    instance = await startInstance('P', environment, CLOCK_OFFSET_MS);
    await instance.waitForLog((line) => line.msg === 'queuecast serving', 240_000);
    follower = await startInstance('F', environment, CLOCK_OFFSET_MS);
    await follower.waitForLog((line) => line.msg === 'queuecast serving', 240_000);
    expect(instance.logs.some((line) => line.msg === 'leading ingest')).toBe(true);
    expect(follower.logs.some((line) => line.msg === 'following ingest')).toBe(true);
    contract = await OpenApiContract.fetch(instance.url);
  }, 300_000);

  afterAll(async () => {
    await Promise.allSettled([instance.stop(), follower.stop()]);
    await Promise.allSettled([postgres.dispose(), redis.stop()]);
  }, 60_000);

  it('answers from memory or 503 with Retry-After, keeps streams, and records every reading once', async () => {
    await readyzSays('ready', 15_000);
    const waits = (await (await fetch(`${instance.url}/v1/parks/magic-kingdom/waits`)).json()) as {
      entries: { ride_id: string }[];
    };
    const ride = waits.entries[0]?.ride_id;
    expect(ride).toBeDefined();
    const fromMemory = ['/v1/parks', '/v1/parks/magic-kingdom/waits', `/v1/rides/${ride}`, '/v1/resorts'];
    const fromStore = [`/v1/rides/${ride}/history`, `/v1/rides/${ride}/outages`];
    const others = ['/v1/parks/magic-kingdom/outages/today', '/v1/parks/magic-kingdom/reliability'];

    let disconnects = 0;
    let messages = 0;
    const client: StreamClient = webSocketClient({ name: 'P', url: () => instance.url }, '198.51.100.251', {
      message: () => (messages += 1),
      disconnect: () => (disconnects += 1),
    });
    try {
      const logsBefore = instance.logs.length;
      const followerLogsBefore = follower.logs.length;
      await postgres.stop();
      const stoppedAt = Date.now();
      const degradedAfter = await readyzSays('degraded', 5_000, 'unavailable');
      const down = await readiness();
      const check = down.checks.find((entry) => entry.name === 'postgresql');
      expect(check?.status).toBe('unavailable');
      expect(check?.since).toMatch(/^\d{4}-/);

      const answers: Answer[] = [];
      const followerAnswers: FollowerWaits[] = [];
      while (Date.now() - stoppedAt < OUTAGE_MS) {
        const started = performance.now();
        for (const path of [...fromMemory, ...fromStore, ...others]) answers.push(await get(path));
        followerAnswers.push(await followerWaits());
        // Fails fast: no request waits for a connection to a store that is away.
        expect(performance.now() - started).toBeLessThan(2_000);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(answers.filter((answer) => answer.status >= 500 && answer.status !== 503)).toEqual([]);
      expect(answers.filter((answer) => answer.problems.length > 0)).toEqual([]);
      for (const answer of answers.filter((entry) => fromMemory.includes(entry.path)))
        expect(answer.status, answer.path).toBe(200);
      for (const answer of answers.filter((entry) => fromStore.includes(entry.path))) {
        expect(answer.status, answer.path).toBe(503);
        expect(answer.code).toBe('upstream_unavailable');
      }
      for (const answer of answers.filter((entry) => entry.status === 503))
        expect(answer.retryAfter, answer.path).toMatch(/^\d+$/);
      // The leader goes on polling without its lock: the follower's waits stay live throughout,
      // refreshed from the bus as the outage goes on (not the last numbers from before it).
      expect(followerAnswers.filter((answer) => answer.problems.length > 0)).toEqual([]);
      expect(
        followerAnswers.filter((answer) => answer.status !== 200 || answer.data_status !== 'live'),
      ).toEqual([]);
      const refreshes = new Set(followerAnswers.map((answer) => answer.refreshed_at));
      expect(refreshes.size).toBeGreaterThanOrEqual(Math.floor(OUTAGE_MS / 5_000) - 1);
      const lastRefresh = Date.parse(String(followerAnswers.at(-1)?.refreshed_at));
      expect(lastRefresh).toBeGreaterThan(stoppedAt + CLOCK_OFFSET_MS + OUTAGE_MS - 15_000);

      await postgres.start();
      const readyAfter = await readyzSays('ready', 10_000);
      const restartedAt = simulatedNow();
      expect(disconnects).toBe(0);
      expect(messages).toBeGreaterThan(0);

      const lines = instance.logs.slice(logsBefore).map((line) => String(line.msg));
      expect(lines.filter((line) => line.startsWith('postgresql unreachable'))).toHaveLength(1);
      expect(lines.filter((line) => line === 'postgresql answers again')).toHaveLength(1);
      // The old leader gets its lock back (once); the follower never takes over.
      await instance.waitForLog(
        (line) => String(line.msg).startsWith('took the ingest leader lock back'),
        10_000,
      );
      const leaderLines = instance.logs.slice(logsBefore).map((line) => String(line.msg));
      expect(leaderLines.filter((line) => line.startsWith('lost the ingest leader lock'))).toHaveLength(1);
      expect(leaderLines.filter((line) => line.startsWith('took the ingest leader lock back'))).toHaveLength(
        1,
      );
      const followerLines = follower.logs.slice(followerLogsBefore).map((line) => String(line.msg));
      expect(followerLines.filter((line) => line.startsWith('leading ingest'))).toEqual([]);
      expect(
        followerLines.filter((line) => line.startsWith('could not ask for the ingest leader lock')).length,
      ).toBeLessThanOrEqual(1);

      // Ingest writes what it held, then keeps recording: wait until every park is past the restart.
      const deadline = Date.now() + 30_000;
      for (;;) {
        const oldest = await withStore(async (store) => {
          const { rows } = await store.query<{ at: string | null }>(
            'select min(at) as at from ingest_checkpoints',
          );
          return Number(rows[0]?.at ?? 0);
        });
        if (oldest >= restartedAt) break;
        if (Date.now() > deadline) throw new Error('ingest did not record past the restart within 30 s');
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const comparison = await withStore((store) => reference.compare(store));
      expect(comparison.samples).toEqual([]);
      expect({ lost: comparison.lost, extra: comparison.extra, duplicated: comparison.duplicated }).toEqual({
        lost: 0,
        extra: 0,
        duplicated: 0,
      });
      expect(comparison.recordedRows).toBeGreaterThan(0);
      console.info(
        `postgresql outage: degraded after ${degradedAfter} ms, ready ${readyAfter} ms after the restart, ` +
          `${answers.length} answers, ${answers.filter((a) => a.status === 503).length} of them 503, ` +
          `follower waits refreshed ${refreshes.size} times while it was away`,
      );
    } finally {
      client.close();
    }
  }, 180_000);
});
