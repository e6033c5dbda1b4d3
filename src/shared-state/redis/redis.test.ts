import { Redis } from 'ioredis';
import { afterAll, expect, it } from 'vitest';
import { startRedis } from '../../../test/support/databases.js';
import { describeWithDatabases, freshRedisPrefix, redisUrl } from '../../../test/support/scale-out.js';
import type { LiveEvent } from '../../live/events.js';
import { describeBusContract } from '../contract/bus.js';
import { describeStreamSlotsContract } from '../contract/stream-slots.js';
import { describeWindowCountersContract } from '../contract/window-counters.js';
import { RedisBus } from './bus.js';
import { connectRedis } from './connection.js';
import { RedisStreamSlots } from './stream-slots.js';
import { RedisWindowCounters } from './window-counters.js';

const connections: Redis[] = [];
afterAll(() => {
  for (const connection of connections) connection.disconnect();
});

function connect(url = redisUrl()): Redis {
  const redis = connectRedis(url, 'queuecast test');
  redis.on('error', () => undefined);
  connections.push(redis);
  return redis;
}

async function openBus(url: string, prefix: string, onError?: (error: unknown) => void) {
  const bus = new RedisBus<LiveEvent>(connect(url), connect(url), prefix, {
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
    await publisher.publish(snapshot);
    const follower = await openBus(redisUrl(), prefix);
    expect(await follower.latest()).toEqual([snapshot]);
    const received: LiveEvent[] = [];
    follower.subscribe((event) => received.push(event));
    await publisher.publish(change(6));
    await until(() => received.length === 1);
    expect(received).toEqual([change(6)]);
    await Promise.all([publisher.close(), follower.close()]);
  });

  it('survives a Redis restart mid-stream: nothing is lost silently, a gap is announced with fresh snapshots', async () => {
    const redis = await startRedis();
    try {
      const prefix = freshRedisPrefix();
      const publisher = await openBus(redis.url, prefix);
      const subscriber = await openBus(redis.url, prefix);
      const received: LiveEvent[] = [];
      let gaps = 0;
      subscriber.subscribe(
        (event) => received.push(event),
        () => {
          gaps++;
        },
      );
      for (let at = 1; at <= 3; at++) await publisher.publish(change(at));
      await until(() => received.length === 3);
      expect(received).toEqual([change(1), change(2), change(3)]);

      await redis.stop();
      // Published while Redis is down: held in the outbox, written once it is back.
      void publisher.publish(change(4));
      const restarted = await startRedis(redis.port);
      try {
        await publisher.publish(change(5));
        await until(() => received.some((event) => event.at === 5) && gaps > 0, 20_000);
        // Either every event arrived, or the subscriber was told it missed some: never silence.
        expect(gaps).toBeGreaterThan(0);
        expect(received.filter((event) => event.type === 'changes').map((event) => event.at)).toEqual([
          1, 2, 3, 4, 5,
        ]);
        await Promise.all([publisher.close(), subscriber.close()]);
      } finally {
        await restarted.stop();
      }
    } finally {
      await redis.stop();
    }
  });
});
