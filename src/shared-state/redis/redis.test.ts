import { Redis } from 'ioredis';
import { afterAll, expect, it } from 'vitest';
import { startRedis } from '../../../test/support/databases.js';
import { describeWithDatabases, freshRedisPrefix, redisUrl } from '../../../test/support/scale-out.js';
import type { LiveEvent } from '../../live/events.js';
import { describeBusContract } from '../contract/bus.js';
import { describeStreamSlotsContract } from '../contract/stream-slots.js';
import { describeWindowCountersContract } from '../contract/window-counters.js';
import { RedisBus } from './bus.js';
import { connectRedis, whenReady } from './connection.js';
import { RedisStreamSlots } from './stream-slots.js';
import { RedisWindowCounters } from './window-counters.js';

const connections: Redis[] = [];
afterAll(() => {
  for (const connection of connections) connection.disconnect();
});

function connect(url = redisUrl(), commandTimeoutMs?: number): Redis {
  const redis = connectRedis(
    url,
    'queuecast test',
    commandTimeoutMs === undefined ? {} : { commandTimeoutMs },
  );
  redis.on('error', () => undefined);
  connections.push(redis);
  return redis;
}

async function openBus(url: string, prefix: string, onError?: (error: unknown) => void) {
  // The reader's blocking XREAD outlasts the default command timeout.
  const writer = connect(url);
  const reader = connect(url, 1_000);
  // As the app does: once connected, a command sent while Redis is away fails at once instead of
  // waiting in ioredis's offline queue and landing after a restart.
  await Promise.all([whenReady(writer, 5_000), whenReady(reader, 5_000)]);
  const bus = new RedisBus<LiveEvent>(writer, reader, prefix, {
    blockMs: 200,
    ...(onError ? { onError } : {}),
  });
  await bus.start();
  return bus;
}

const change = (at: number): LiveEvent => ({
  type: 'changes',
  park_key: 'dca',
  at,
  changed: [],
  removed: [],
});

async function until(condition: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

describeWithDatabases('redis shared state', () => {
  describeWindowCountersContract(
    'redis',
    (clock) => new RedisWindowCounters(connect(), clock, `${freshRedisPrefix()}rate`),
  );
  describeStreamSlotsContract('redis', async () => new RedisStreamSlots(connect(), freshRedisPrefix()));
  describeBusContract('redis', async () => {
    const bus = await openBus(redisUrl(), freshRedisPrefix());
    return { bus, close: () => bus.close() };
  });

  it('counts exactly across instances: 31 calls over three connections get exactly one refusal', async () => {
    const { ManualClock } = await import('../../lib/clock.js');
    const clock = new ManualClock(Date.parse('2026-11-21T10:00:00Z'));
    const prefix = `${freshRedisPrefix()}rate`;
    const instances = [1, 2, 3].map(() => new RedisWindowCounters(connect(), clock, prefix));
    const minute = { limit: 30, endsAt: Date.parse('2026-11-21T10:01:00Z') };
    const day = { limit: 1_000, endsAt: Date.parse('2026-11-22T00:00:00Z') };
    const results = await Promise.all(
      Array.from({ length: 31 }, async (_, i) => {
        const instance = instances[i % 3];
        if (!instance) throw new Error('three instances');
        return instance.take('ip:203.0.113.9', minute, day);
      }),
    );
    expect(results.filter((result) => result === 'minute')).toHaveLength(1);
  });

  it('tells every waiting listener that the count failed while Redis is down, and counts again once it is back', async () => {
    const { ManualClock } = await import('../../lib/clock.js');
    const clock = new ManualClock(Date.parse('2026-11-21T10:00:00Z'));
    const redis = await startRedis();
    const counters = new RedisWindowCounters(connect(redis.url), clock, `${freshRedisPrefix()}rate`);
    const minute = { limit: 30, endsAt: Date.parse('2026-11-21T10:01:00Z') };
    const day = { limit: 1_000, endsAt: Date.parse('2026-11-22T00:00:00Z') };
    const take = async () =>
      new Promise((resolve) => {
        counters.take('ip:a', minute, day, {
          counted: resolve,
          failed: (error) => {
            resolve({ error });
          },
        });
      });
    try {
      expect(await take()).toEqual({ minute: 1, day: 1 });
      await redis.stop();
      const outcomes = await Promise.all([take(), take(), take()]);
      expect(outcomes.every((outcome) => outcome instanceof Object && 'error' in outcome)).toBe(true);
      const restarted = await startRedis(redis.port);
      try {
        // A new Redis holds no counts; what matters is that counting resumes on the same connection.
        await until(() => false, 300);
        expect(await take()).toEqual({ minute: 1, day: 1 });
      } finally {
        await restarted.stop();
      }
    } finally {
      await redis.stop();
    }
  });

  it('gives back the slots of an instance that died once its heartbeat lapses', async () => {
    const prefix = freshRedisPrefix();
    const dying = new RedisStreamSlots(connect(), prefix, 600);
    const survivor = new RedisStreamSlots(connect(), prefix, 600);
    expect(await dying.acquire('ip:a', 2)).toBe(true);
    expect(await dying.acquire('ip:a', 2)).toBe(true);
    expect(await survivor.acquire('ip:a', 2)).toBe(false);
    // Dies without releasing: its heartbeat stops and its key expires.
    (dying as unknown as { timer: NodeJS.Timeout }).timer.close();
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(await survivor.acquire('ip:a', 2)).toBe(true);
    await survivor.close();
  });

  it('reaches a subscriber on another connection and replays each park’s latest snapshot to a newcomer', async () => {
    const prefix = freshRedisPrefix();
    const publisher = await openBus(redisUrl(), prefix);
    const snapshot: LiveEvent = {
      type: 'refreshed',
      park_key: 'dca',
      at: 5,
      snapshot: { park_key: 'dca', refreshed_at: 5, open: true, entries: [] },
    };
    publisher.publish(snapshot);
    const follower = await openBus(redisUrl(), prefix);
    // Written in the background: the publisher does not wait for Redis.
    let latest: readonly LiveEvent[] = [];
    for (let i = 0; i < 100 && latest.length === 0; i++) {
      latest = await follower.latest();
      if (latest.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(latest).toEqual([snapshot]);
    const received: LiveEvent[] = [];
    follower.subscribe((event) => received.push(event));
    publisher.publish(change(6));
    await until(() => received.length === 1);
    expect(received).toEqual([change(6)]);
    await Promise.all([publisher.close(), follower.close()]);
  });

  it('survives a Redis restart mid-stream: the publisher never waits, its own subscribers miss nothing, the others resync', async () => {
    const redis = await startRedis();
    try {
      const prefix = freshRedisPrefix();
      const publisher = await openBus(redis.url, prefix);
      const subscriber = await openBus(redis.url, prefix);
      const local: LiveEvent[] = [];
      publisher.subscribe((event) => local.push(event));
      const received: LiveEvent[] = [];
      let gaps = 0;
      subscriber.subscribe(
        (event) => received.push(event),
        () => {
          gaps++;
        },
      );
      for (let at = 1; at <= 3; at++) publisher.publish(change(at));
      await until(() => received.length === 3);
      expect(received).toEqual([change(1), change(2), change(3)]);

      await redis.stop();
      const started = performance.now();
      publisher.publish(change(4));
      publisher.publish({
        type: 'refreshed',
        park_key: 'dca',
        at: 4,
        snapshot: { park_key: 'dca', refreshed_at: 4, open: true, entries: [] },
      });
      expect(performance.now() - started).toBeLessThan(20);
      const restarted = await startRedis(redis.port);
      try {
        // Published until the publisher's breaker has closed and the subscriber reads again.
        for (let at = 5; !received.some((event) => event.type === 'changes' && event.at >= 5); at++) {
          publisher.publish(change(at));
          await new Promise((resolve) => setTimeout(resolve, 100));
          if (at > 200) throw new Error('the subscriber never read again');
        }
        // This instance's own subscribers were handed every event as it was published.
        expect(
          local
            .filter((event) => event.type === 'changes')
            .map((event) => event.at)
            .slice(0, 5),
        ).toEqual([1, 2, 3, 4, 5]);
        // The other instance was told it missed events, with the latest snapshot first.
        expect(gaps).toBeGreaterThan(0);
        const after = received.slice(3);
        expect(after[0]).toMatchObject({ type: 'refreshed', park_key: 'dca', at: 4 });
        expect(after.some((event) => event.type === 'changes' && event.at === 4)).toBe(false);
        await Promise.all([publisher.close(), subscriber.close()]);
      } finally {
        await restarted.stop();
      }
    } finally {
      await redis.stop();
    }
  });
});
