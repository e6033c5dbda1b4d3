/**
 * Concurrent stream slots in Redis, shared by every instance and released when an instance dies.
 *
 * Each subject's slots are a hash from instance ID to the number that instance holds. Each instance
 * keeps a heartbeat key alive (TTL, refreshed every third of it); an acquire, in one Lua script,
 * drops the fields of instances whose heartbeat has expired before counting, so the slots of a
 * crashed instance come back within the heartbeat TTL instead of leaking forever.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { StreamSlots } from '../stream-slots.js';
import { RedisScript } from './connection.js';

/** KEYS: the subject's hash. ARGV: this instance, max, heartbeat key prefix. Returns 1 or 0. */
const ACQUIRE_SCRIPT = new RedisScript(`
local held = redis.call('HGETALL', KEYS[1])
local total = 0
for i = 1, #held, 2 do
  if redis.call('EXISTS', ARGV[3] .. held[i]) == 1 then
    total = total + tonumber(held[i + 1])
  else
    redis.call('HDEL', KEYS[1], held[i])
  end
end
if total >= tonumber(ARGV[2]) then return 0 end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
return 1
`);

/** KEYS: the subject's hash. ARGV: this instance. Never below zero; an empty hash is deleted. */
const RELEASE_SCRIPT = new RedisScript(`
local count = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
if count <= 1 then redis.call('HDEL', KEYS[1], ARGV[1]) else redis.call('HINCRBY', KEYS[1], ARGV[1], -1) end
return 0
`);

export const HEARTBEAT_TTL_MS = 15_000;

export class RedisStreamSlots implements StreamSlots {
  readonly instance = randomBytes(8).toString('hex');
  private readonly heartbeatPrefix: string;
  private readonly timer: NodeJS.Timeout;
  private beating: Promise<unknown>;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly heartbeatTtlMs = HEARTBEAT_TTL_MS,
    private readonly onHeartbeatFailed: (error: unknown) => void = () => undefined,
  ) {
    this.heartbeatPrefix = `${prefix}instance:`;
    this.beating = this.beat();
    this.timer = setInterval(() => {
      this.beating = this.beat();
    }, heartbeatTtlMs / 3);
    this.timer.unref();
  }

  async acquire(subject: string, max: number): Promise<boolean> {
    await this.beating;
    const granted = await ACQUIRE_SCRIPT.run(
      this.redis,
      [this.key(subject)],
      [this.instance, max, this.heartbeatPrefix],
    );
    return granted === 1;
  }

  async release(subject: string): Promise<void> {
    await RELEASE_SCRIPT.run(this.redis, [this.key(subject)], [this.instance]);
  }

  /** Stops the heartbeat and gives back every slot at once (a clean shutdown). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.beating;
    await this.redis.del(`${this.heartbeatPrefix}${this.instance}`);
  }

  private key(subject: string): string {
    return `${this.prefix}slots:${subject}`;
  }

  private beat(): Promise<unknown> {
    return this.redis
      .set(`${this.heartbeatPrefix}${this.instance}`, '1', 'PX', this.heartbeatTtlMs)
      .catch((error: unknown) => {
        this.onHeartbeatFailed(error);
      });
  }
}
