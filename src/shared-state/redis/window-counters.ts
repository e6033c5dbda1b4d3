/**
 * Rate-limit counters in Redis, exact across instances: one Lua script checks and counts a key's
 * minute and day windows atomically, so the 31st keyless call in a minute is refused whichever
 * instances served the first 30.
 *
 * Why a script and not rate-limiter-flexible's RateLimiterRedis: the port counts two windows at once
 * and must refuse *without counting* when either is full (the contract: a refused call does not use
 * up the day), while a flexible limiter consumes one window per call (two calls, not atomic
 * together) and counts refused calls too. Its windows also run on Redis's clock from the first hit,
 * while ours are fixed windows (the minute, the UTC day) computed from the injected clock, which the
 * response headers report. The script is one round trip, as the limiter's own script would be.
 */
import type { Redis } from 'ioredis';
import { RedisScript } from './connection.js';
import type { Clock } from '../../lib/clock.js';
import type { WindowCounters, WindowCounts, WindowLimit } from '../window-counters.js';

/**
 * KEYS: minute key, day key (each named by its window's end, so a new window is a new key).
 * ARGV: minute limit, day limit, minute ttl ms, day ttl ms.
 * Returns {minute, day} counts, or -1 (minute full) / -2 (day full).
 */
const TAKE_SCRIPT = new RedisScript(`
local minute = tonumber(redis.call('GET', KEYS[1]) or '0')
if minute >= tonumber(ARGV[1]) then return -1 end
local day = tonumber(redis.call('GET', KEYS[2]) or '0')
if day >= tonumber(ARGV[2]) then return -2 end
minute = redis.call('INCR', KEYS[1])
if minute == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
day = redis.call('INCR', KEYS[2])
if day == 1 then redis.call('PEXPIRE', KEYS[2], ARGV[4]) end
return {minute, day}
`);

/** Keys outlive their window by this much, so a clock a little behind Redis's still finds them. */
const EXPIRY_SLACK_MS = 60_000;

export class RedisWindowCounters implements WindowCounters {
  /**
   * @param prefix names the counters (the deployment's prefix and the tier): `<prefix>:<key>:m:<end>`.
   */
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
    private readonly prefix: string,
  ) {}

  async take(key: string, minute: WindowLimit, day: WindowLimit): Promise<WindowCounts> {
    const now = this.clock.now();
    // Expiry is relative (PEXPIRE), so Redis's own clock need not agree with the injected one.
    const ttl = (endsAt: number) => Math.max(endsAt - now, 0) + EXPIRY_SLACK_MS;
    const result = await TAKE_SCRIPT.run(
      this.redis,
      [`${this.prefix}:${key}:m:${minute.endsAt}`, `${this.prefix}:${key}:d:${day.endsAt}`],
      [minute.limit, day.limit, ttl(minute.endsAt), ttl(day.endsAt)],
    );
    if (result === -1) return 'minute';
    if (result === -2) return 'day';
    if (!Array.isArray(result)) throw new Error(`unexpected rate-limit script answer ${String(result)}`);
    return { minute: Number(result[0]), day: Number(result[1]) };
  }
}
