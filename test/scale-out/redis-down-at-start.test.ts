/**
 * An instance started while its Redis is away serves at once on its local fallbacks, says degraded
 * naming redis, and once Redis starts it connects by itself and says ready: Redis is an
 * accelerator, not a start-up dependency.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort, startRedis } from '../support/databases.js';
import { startInstance, type Instance } from '../support/instances.js';
import { describeWithDatabases, freshDatabase, type FreshDatabase } from '../support/scale-out.js';

let database: FreshDatabase;
let redisPort: number;
let redis: Awaited<ReturnType<typeof startRedis>> | undefined;
let instance: Instance;

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

describeWithDatabases('one instance started while its Redis is away', () => {
  beforeAll(async () => {
    database = await freshDatabase();
    redisPort = await freePort();
    instance = await startInstance('S', {
      DATABASE_URL: database.url,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      COVERAGE_START: new Date().toISOString().slice(0, 10),
      TRUST_PROXY: 'loopback',
    });
    await instance.waitForLog((line) => line.msg === 'queuecast serving', 240_000);
  }, 300_000);

  afterAll(async () => {
    await instance.stop();
    await redis?.stop();
    await database.drop();
  }, 60_000);

  it('serves degraded on local fallbacks, then connects by itself and says ready', async () => {
    const down = await readiness();
    expect(down.status).toBe('degraded');
    expect(down.checks).toContainEqual(expect.objectContaining({ name: 'redis', status: 'unavailable' }));
    const answer = await fetch(`${instance.url}/v1/parks`, {
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-ratelimit-limit')).toBe('30');

    redis = await startRedis(redisPort);
    const readyAfter = await readyzSays('ready', 10_000);
    const after = await fetch(`${instance.url}/v1/parks`, { headers: { 'x-forwarded-for': '198.51.100.8' } });
    expect(after.status).toBe(200);
    const messages = instance.logs.map((line) => String(line.msg));
    expect(messages.filter((message) => message.startsWith('redis unreachable'))).toHaveLength(1);
    expect(messages.filter((message) => message === 'redis answers again')).toHaveLength(1);
    console.info(`redis down at start: ready ${readyAfter} ms after Redis started`);
  }, 60_000);
});
