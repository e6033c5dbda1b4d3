/**
 * Two instances started while their Redis is away serve at once on their local fallbacks and say
 * degraded naming redis; once Redis starts, each connects by itself and says ready, and fan-out
 * across instances works again: a change the leader ingests reaches a WebSocket client of the
 * follower. Redis is an accelerator, not a start-up dependency.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort, startRedis } from '../support/databases.js';
import { startInstance, type Instance } from '../support/instances.js';
import { describeWithDatabases, freshDatabase, type FreshDatabase } from '../support/scale-out.js';
import { WsClient } from '../stream/support/clients.js';

/**
 * Both instances run on one clock moved to 18:00 UTC of today (midday at the American parks the
 * simulator has), so the leader ingests live changes at whatever hour the test runs.
 */
const OFFSET_MS = (() => {
  const midday = new Date();
  midday.setUTCHours(18, 0, 0, 0);
  return midday.getTime() - Date.now();
})();

let database: FreshDatabase;
let redisPort: number;
let redis: Awaited<ReturnType<typeof startRedis>> | undefined;
let leader: Instance;
let follower: Instance;
const clients: WsClient[] = [];

interface Readiness {
  readonly status: string;
  readonly checks: readonly { readonly name: string; readonly status: string; readonly since?: string }[];
}

async function readiness(instance: Instance): Promise<Readiness> {
  return (await (await fetch(`${instance.url}/readyz`)).json()) as Readiness;
}

async function readyzSays(instance: Instance, status: string, withinMs: number): Promise<number> {
  const started = Date.now();
  let last: Readiness | undefined;
  while (Date.now() - started < withinMs) {
    last = await readiness(instance);
    if (last.status === status) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `${instance.name}: /readyz did not say ${status} within ${withinMs} ms: ${JSON.stringify(last)}`,
  );
}

const serving = (line: Record<string, unknown>) => line.msg === 'queuecast serving';
const leading = (line: Record<string, unknown>) => line.leading === true;

describeWithDatabases('two instances started while their Redis is away', () => {
  beforeAll(async () => {
    database = await freshDatabase();
    redisPort = await freePort();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      COVERAGE_START: new Date(Date.now() + OFFSET_MS).toISOString().slice(0, 10),
      TRUST_PROXY: 'loopback',
    };
    // The leader first (it takes the lock and backfills), then the follower.
    leader = await startInstance('L', env, OFFSET_MS);
    await leader.waitForLog(serving, 240_000);
    follower = await startInstance('F', env, OFFSET_MS);
    await follower.waitForLog(serving, 120_000);
  }, 420_000);

  afterAll(async () => {
    for (const client of clients) client.socket.terminate();
    await Promise.all([leader, follower].filter(Boolean).map((instance) => instance.stop()));
    await redis?.stop();
    await database.drop();
  }, 60_000);

  it('serves degraded on local fallbacks, then both connect by themselves and fan-out resumes', async () => {
    expect(leader.logs.some(leading)).toBe(true);
    expect(follower.logs.some(leading)).toBe(false);
    for (const [n, instance] of [leader, follower].entries()) {
      const down = await readiness(instance);
      expect(down.status, instance.name).toBe('degraded');
      expect(down.checks).toContainEqual(expect.objectContaining({ name: 'redis', status: 'unavailable' }));
      const answer = await fetch(`${instance.url}/v1/parks`, {
        headers: { 'x-forwarded-for': `198.51.100.${n + 1}` },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-ratelimit-limit')).toBe('30');
    }

    redis = await startRedis(redisPort);
    const readyAfter = await Promise.all(
      [leader, follower].map((instance) => readyzSays(instance, 'ready', 10_000)),
    );
    for (const [n, instance] of [leader, follower].entries()) {
      const after = await fetch(`${instance.url}/v1/parks`, {
        headers: { 'x-forwarded-for': `198.51.100.${n + 11}` },
      });
      expect(after.status).toBe(200);
      const messages = instance.logs.map((line) => String(line.msg));
      // The lines themselves in the message: a second pair would show when Redis flapped.
      const said = `${instance.name}: ${JSON.stringify(messages.filter((message) => message.startsWith('redis')))}`;
      expect(
        messages.filter((message) => message.startsWith('redis unreachable')),
        said,
      ).toHaveLength(1);
      expect(
        messages.filter((message) => message === 'redis answers again'),
        said,
      ).toHaveLength(1);
    }

    // A follower ingests nothing: the changes its stream clients get are the leader's, over Redis.
    const client = await WsClient.open(`${follower.url.replace(/^http/, 'ws')}/v1/stream`);
    clients.push(client);
    await client.expect('ready');
    client.send({ type: 'subscribe', parks: ['*'] });
    const subscribedAt = Date.now();
    const changes = await client.until('changes', 150_000);
    expect(changes.changes.length + changes.removed.length).toBeGreaterThan(0);
    console.info(
      `redis down at start: ready ${readyAfter.join('/')} ms after Redis started; the follower's client ` +
        `got the leader's changes ${Date.now() - subscribedAt} ms after subscribing`,
    );
  }, 240_000);
});
