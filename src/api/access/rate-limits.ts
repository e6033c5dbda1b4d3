/**
 * The per-minute and per-UTC-day limits of SPEC "Limits". Windows are fixed and aligned (a minute,
 * a UTC day), computed from the injected clock and made part of each counter's key, so the counters
 * themselves (rate-limiter-flexible, in memory or Redis) only count.
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Clock } from '../../lib/clock.js';
import type { CounterFactory } from '../../shared-state/rate-limiter.js';
import { TIER_LIMITS, type Tier, type TierLimits } from './tiers.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export interface RateDecision {
  readonly allowed: boolean;
  /** The window the headers describe: the tighter one, or the one that refused. */
  readonly window: 'minute' | 'day';
  readonly limit: number;
  readonly remaining: number;
  /** Seconds until that window resets. */
  readonly reset: number;
}

interface WindowCounters {
  readonly minute: RateLimiterAbstract;
  readonly day: RateLimiterAbstract;
}

export class RateLimits {
  private readonly counters: Record<Tier, WindowCounters>;

  constructor(
    counters: CounterFactory,
    private readonly clock: Clock,
  ) {
    const make = (limits: TierLimits): WindowCounters => ({
      // Kept a little past the window so a late request still finds its count.
      minute: counters({ keyPrefix: `rl:${limits.tier}:m`, points: limits.per_minute, duration: 120 }),
      day: counters({ keyPrefix: `rl:${limits.tier}:d`, points: limits.per_day, duration: 2 * 86_400 }),
    });
    this.counters = {
      keyless: make(TIER_LIMITS.keyless),
      free: make(TIER_LIMITS.free),
      partner: make(TIER_LIMITS.partner),
    };
  }

  /** Counts one request of `subject` (an IP or a key ID) and says whether it is allowed. */
  async consume(tier: Tier, subject: string): Promise<RateDecision> {
    const limits = TIER_LIMITS[tier];
    const now = this.clock.now();
    const minuteIndex = Math.floor(now / MINUTE_MS);
    const dayIndex = Math.floor(now / DAY_MS);
    const minuteReset = Math.ceil(((minuteIndex + 1) * MINUTE_MS - now) / 1000);
    const dayReset = Math.ceil(((dayIndex + 1) * DAY_MS - now) / 1000);

    const minute = await countOne(this.counters[tier].minute, `${subject}:${minuteIndex}`);
    if (!minute)
      return { allowed: false, window: 'minute', limit: limits.per_minute, remaining: 0, reset: minuteReset };
    const day = await countOne(this.counters[tier].day, `${subject}:${dayIndex}`);
    if (!day) return { allowed: false, window: 'day', limit: limits.per_day, remaining: 0, reset: dayReset };

    return day.remainingPoints < minute.remainingPoints
      ? {
          allowed: true,
          window: 'day',
          limit: limits.per_day,
          remaining: day.remainingPoints,
          reset: dayReset,
        }
      : {
          allowed: true,
          window: 'minute',
          limit: limits.per_minute,
          remaining: minute.remainingPoints,
          reset: minuteReset,
        };
  }
}

/** The counter after one more request, or undefined when the request is over the limit. */
async function countOne(counter: RateLimiterAbstract, key: string): Promise<RateLimiterRes | undefined> {
  try {
    return await counter.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return undefined;
    throw rejection;
  }
}
