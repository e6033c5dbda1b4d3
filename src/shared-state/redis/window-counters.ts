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
 * response headers report.
 *
 * Requests that arrive in the same turn of the event loop are counted by one script call: a busy
 * instance otherwise spends most of a cached answer's time on one Redis command per request (the
 * command, its promise and its reply). The script takes the batch's entries in arrival order, each
 * exactly as a call of its own would, so the counts stay exact; a request waits at most one
 * turn longer.
 */
import type { Redis } from 'ioredis';
import { RedisScript } from './connection.js';
import type { Clock } from '../../lib/clock.js';
import type { CountListener, WindowCounters, WindowCounts, WindowLimit } from '../window-counters.js';

/**
 * ARGV: the key prefix, the minute window's end, the day window's end, the minute limit, the day
 * limit, the minute ttl ms, the day ttl ms, then one caller key per entry. Each caller's counters
 * are `<prefix>:<caller>:m:<minute end>` and `:d:<day end>` (a new window is a new key); they are
 * named here rather than in KEYS so a batch sends one short string per request (this Redis is one
 * node, never a cluster). Returns per entry two numbers: the minute and day counts, or -1 (minute
 * full) / -2 (day full) and 0. A refused entry is counted and taken back within the script, so it
 * counts nothing.
 */
const TAKE_SCRIPT = new RedisScript(`
local prefix, minuteEnd, dayEnd = ARGV[1], ARGV[2], ARGV[3]
local minuteLimit, dayLimit = tonumber(ARGV[4]), tonumber(ARGV[5])
local minuteTtl, dayTtl = ARGV[6], ARGV[7]
local result = {}
for i = 8, #ARGV do
  local minuteKey = prefix .. ':' .. ARGV[i] .. ':m:' .. minuteEnd
  local dayKey = prefix .. ':' .. ARGV[i] .. ':d:' .. dayEnd
  local minute = redis.call('INCR', minuteKey)
  if minute == 1 then redis.call('PEXPIRE', minuteKey, minuteTtl) end
  if minute > minuteLimit then
    redis.call('DECR', minuteKey)
    result[#result + 1], result[#result + 2] = -1, 0
  else
    local day = redis.call('INCR', dayKey)
    if day == 1 then redis.call('PEXPIRE', dayKey, dayTtl) end
    if day > dayLimit then
      redis.call('DECR', dayKey)
      redis.call('DECR', minuteKey)
      result[#result + 1], result[#result + 2] = -2, 0
    else
      result[#result + 1], result[#result + 2] = minute, day
    end
  end
end
return result
`);

/** Keys outlive their window by this much, so a clock a little behind Redis's still finds them. */
const EXPIRY_SLACK_MS = 60_000;
/** Entries per script call: bounds the time Redis spends in one call (others wait meanwhile). */
const MAX_BATCH = 256;

/** Requests gathered for one script call: all of them in the same two windows. */
interface Batch {
  readonly minute: WindowLimit;
  readonly day: WindowLimit;
  readonly callers: string[];
  readonly waiting: CountListener[];
}

export class RedisWindowCounters implements WindowCounters {
  readonly answersAtOnce = false;
  private batch: Batch | undefined;
  private scheduled: NodeJS.Immediate | undefined;

  /**
   * @param prefix names the counters (the deployment's prefix and the tier): `<prefix>:<key>:m:<end>`.
   */
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
    private readonly prefix: string,
  ) {}

  take(key: string, minute: WindowLimit, day: WindowLimit): Promise<WindowCounts>;
  take(key: string, minute: WindowLimit, day: WindowLimit, later: CountListener): undefined;
  take(
    key: string,
    minute: WindowLimit,
    day: WindowLimit,
    later?: CountListener,
  ): Promise<WindowCounts> | undefined {
    if (later) {
      this.enqueue(key, minute, day, later);
      return undefined;
    }
    return new Promise<WindowCounts>((resolve, reject) => {
      this.enqueue(key, minute, day, { counted: resolve, failed: reject });
    });
  }

  private enqueue(key: string, minute: WindowLimit, day: WindowLimit, listener: CountListener): void {
    if (this.batch && !sameWindows(this.batch, minute, day)) this.flush();
    this.batch ??= { minute, day, callers: [], waiting: [] };
    this.batch.callers.push(key);
    if (this.batch.waiting.push(listener) >= MAX_BATCH) this.flush();
    else this.scheduled ??= setImmediate(this.flushLater);
  }

  private readonly flushLater = (): void => {
    this.flush();
  };

  /** Sends the requests gathered so far as one script call and answers each of them. */
  private flush(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    const batch = this.batch;
    if (!batch) return;
    this.batch = undefined;
    const { minute, day, callers, waiting } = batch;
    const now = this.clock.now();
    // Expiry is relative (PEXPIRE), so Redis's own clock need not agree with the injected one.
    const ttl = (endsAt: number) => Math.max(endsAt - now, 0) + EXPIRY_SLACK_MS;
    const args = [
      this.prefix,
      minute.endsAt,
      day.endsAt,
      minute.limit,
      day.limit,
      ttl(minute.endsAt),
      ttl(day.endsAt),
    ];
    TAKE_SCRIPT.run(this.redis, [], [...args, ...callers], { atOnce: true }).then(
      (result) => {
        answer(waiting, result);
      },
      (error: unknown) => {
        for (const listener of waiting) listener.failed(error);
      },
    );
  }
}

/** Tells each listener its entry of the script's answer, in the order they were gathered. */
function answer(waiting: readonly CountListener[], result: unknown): void {
  if (!Array.isArray(result) || result.length !== 2 * waiting.length) {
    const error = new Error(`unexpected rate-limit script answer ${String(result)}`);
    for (const listener of waiting) listener.failed(error);
    return;
  }
  for (let i = 0; i < waiting.length; i++) {
    const listener = waiting[i] as CountListener;
    const counted = Number(result[2 * i]);
    if (counted === -1) listener.counted('minute');
    else if (counted === -2) listener.counted('day');
    else listener.counted({ minute: counted, day: Number(result[2 * i + 1]) });
  }
}

function sameWindows(batch: Batch, minute: WindowLimit, day: WindowLimit): boolean {
  return (
    batch.minute.endsAt === minute.endsAt &&
    batch.minute.limit === minute.limit &&
    batch.day.endsAt === day.endsAt &&
    batch.day.limit === day.limit
  );
}
