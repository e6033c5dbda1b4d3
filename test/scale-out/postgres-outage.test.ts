/**
 * PostgreSQL gone under one instance: a private throwaway cluster (its own data directory and port,
 * so the suite's server is untouched) stopped while the instance serves, then started again. While
 * it is away, what memory can answer keeps answering, what needs the store answers 503 with
 * Retry-After (never 500), /readyz says degraded, stream clients stay connected, and live ingest
 * holds its readings; once it returns, history equals the simulator's uninterrupted run row by row.
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

const OUTAGE_MS = 8_000;

let postgres: RestartableServer;
let redis: Awaited<ReturnType<typeof startRedis>>;
let instance: Instance;
let reference: SimulatedReference;
let contract: OpenApiContract;

interface Readiness {
  readonly status: string;
  readonly checks: readonly { readonly name: string; readonly status: string; readonly since?: string }[];
}

async function readiness(): Promise<Readiness> {
  return (await (await fetch(`${instance.url}/readyz`)).json()) as Readiness;
}

async function readyzSays(status: string, withinMs: number): Promise<number> {
  const started = Date.now();
  let last: Readiness | undefined;
  while (Date.now() - started < withinMs) {
    last = await readiness();
    if (last.status === status) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`/readyz did not say ${status} within ${withinMs} ms: ${JSON.stringify(last)}`);
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

describeWithDatabases('one instance whose PostgreSQL goes away and comes back', () => {
  beforeAll(async () => {
    [postgres, redis] = await Promise.all([privatePostgres(), startRedis()]);
    const coverageStart = new Date(simulatedNow()).toISOString().slice(0, 10);
    reference = new SimulatedReference(coverageStart, simulatedNow());
    instance = await startInstance(
      'P',
      {
        FEED: 'sim',
        DATABASE_URL: postgres.url,
        REDIS_URL: redis.url,
        COVERAGE_START: coverageStart,
        TRUST_PROXY: 'loopback',
      },
      CLOCK_OFFSET_MS,
    );
    await instance.waitForLog((line) => line.msg === 'queuecast serving', 240_000);
    contract = await OpenApiContract.fetch(instance.url);
  }, 300_000);

  afterAll(async () => {
    await instance.stop();
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
      await postgres.stop();
      const stoppedAt = Date.now();
      const degradedAfter = await readyzSays('degraded', 5_000);
      const down = await readiness();
      const check = down.checks.find((entry) => entry.name === 'postgresql');
      expect(check?.status).toBe('unavailable');
      expect(check?.since).toMatch(/^\d{4}-/);

      const answers: Answer[] = [];
      while (Date.now() - stoppedAt < OUTAGE_MS) {
        const started = performance.now();
        for (const path of [...fromMemory, ...fromStore, ...others]) answers.push(await get(path));
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

      await postgres.start();
      const readyAfter = await readyzSays('ready', 10_000);
      const restartedAt = simulatedNow();
      expect(disconnects).toBe(0);
      expect(messages).toBeGreaterThan(0);

      const lines = instance.logs.slice(logsBefore).map((line) => String(line.msg));
      expect(lines.filter((line) => line.startsWith('postgresql unreachable'))).toHaveLength(1);
      expect(lines.filter((line) => line === 'postgresql answers again')).toHaveLength(1);

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
          `${answers.length} answers, ${answers.filter((a) => a.status === 503).length} of them 503`,
      );
    } finally {
      client.close();
    }
  }, 120_000);
});
