/**
 * Redis as an accelerator, not a single point of failure: a real instance on its own Redis, which
 * the test stops and starts again. While Redis is away every counted answer keeps flowing, fast and
 * with its rate-limit headers, and /readyz says degraded (HTTP 200); once Redis is back it says
 * ready. Each outage is logged once, not once per failed call.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startRedis } from '../support/databases.js';
import { startInstance, type Instance } from '../support/instances.js';
import { describeWithDatabases, freshDatabase, type FreshDatabase } from '../support/scale-out.js';

let database: FreshDatabase;
let redis: Awaited<ReturnType<typeof startRedis>>;
let instance: Instance;

interface Readiness {
  readonly status: string;
  readonly checks: readonly { readonly name: string; readonly status: string; readonly since?: string }[];
}

async function readiness(): Promise<{ code: number; body: Readiness }> {
  const response = await fetch(`${instance.url}/readyz`);
  return { code: response.status, body: (await response.json()) as Readiness };
}

/** Polls /readyz until it says `status`; resolves with the milliseconds that took. */
async function readyzSays(status: string, withinMs: number): Promise<number> {
  const started = Date.now();
  let last: Readiness | undefined;
  while (Date.now() - started < withinMs) {
    last = (await readiness()).body;
    if (last.status === status) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`/readyz did not say ${status} within ${withinMs} ms: ${JSON.stringify(last)}`);
}

/** Counted requests, each from an address of its own so no limit refuses them. */
async function counted(requests: number, from: number) {
  const answers: { status: number; limit: string | null; ms: number }[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const response = await fetch(`${instance.url}/v1/parks`, {
      headers: { 'x-forwarded-for': `198.51.100.${(from + i) % 250}` },
    });
    await response.arrayBuffer();
    answers.push({
      status: response.status,
      limit: response.headers.get('x-ratelimit-limit'),
      ms: performance.now() - started,
    });
  }
  return answers;
}

function p99(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
}

describeWithDatabases('one instance whose Redis goes away and comes back', () => {
  beforeAll(async () => {
    database = await freshDatabase();
    redis = await startRedis();
    instance = await startInstance('R', {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      COVERAGE_START: new Date().toISOString().slice(0, 10),
      TRUST_PROXY: 'loopback',
    });
    await instance.waitForLog((line) => line.msg === 'queuecast serving', 240_000);
  }, 300_000);

  afterAll(async () => {
    await instance.stop();
    await redis.stop();
    await database.drop();
  }, 60_000);

  it('keeps answering through the outage, says degraded within 5 s and ready within 10 s of the return', async () => {
    const live = await fetch(`${instance.url}/healthz`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    await readyzSays('ready', 15_000);
    const before = await counted(20, 0);
    expect(before.every((answer) => answer.status === 200 && answer.limit === '30')).toBe(true);

    const logsBeforeStop = instance.logs.length;
    await redis.stop();
    const degradedAfter = await readyzSays('degraded', 5_000);
    const down = await readiness();
    expect(down.code).toBe(200);
    expect(down.body.checks).toContainEqual(
      expect.objectContaining({ name: 'redis', status: 'unavailable' }),
    );
    expect(down.body.checks.find((check) => check.name === 'redis')?.since).toMatch(/^\d{4}-/);

    const during = await counted(200, 20);
    expect(during.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(during.every((answer) => answer.status === 200 && answer.limit === '30')).toBe(true);
    expect(p99(during.map((answer) => answer.ms))).toBeLessThan(250);
    // The /healthz and /readyz answers are not counted: no limit refuses them.
    expect((await fetch(`${instance.url}/readyz`)).headers.get('x-ratelimit-limit')).toBeNull();

    const restarted = await startRedis(redis.port);
    redis = restarted;
    const readyAfter = await readyzSays('ready', 10_000);
    const after = await counted(20, 220);
    expect(after.every((answer) => answer.status === 200 && answer.limit === '30')).toBe(true);

    const messages = instance.logs.slice(logsBeforeStop).map((line) => String(line.msg));
    expect(messages.filter((message) => message.startsWith('redis unreachable'))).toHaveLength(1);
    expect(messages.filter((message) => message === 'redis answers again')).toHaveLength(1);
    // Reported for the run's record, beside the asserted bounds.
    console.info(
      `redis outage: degraded after ${degradedAfter} ms, ready ${readyAfter} ms after the restart, ` +
        `p99 ${p99(during.map((answer) => answer.ms)).toFixed(1)} ms over ${during.length} counted requests`,
    );
  }, 120_000);
});
