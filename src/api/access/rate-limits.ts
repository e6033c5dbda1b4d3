/**
 * The per-minute and per-UTC-day limits of SPEC "Limits". Windows are fixed and aligned (a minute,
 * a UTC day), computed from the injected clock; the counters (`WindowCounters`) only count.
 */
import type { Clock } from '../../lib/clock.js';
import type { WindowCounters, WindowCounts } from '../../shared-state/window-counters.js';
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

/** The counters of one tier: keys are then the subjects themselves. */
export type TierCounters = (tier: Tier) => WindowCounters;

export class RateLimits {
  private readonly counters: Record<Tier, WindowCounters>;

  constructor(
    counters: TierCounters,
    private readonly clock: Clock,
  ) {
    // One set of counters per tier, so a request builds no key: a key's tier may change, and its
    // old count must not carry over.
    this.counters = { keyless: counters('keyless'), free: counters('free'), partner: counters('partner') };
  }

  /**
   * Counts one request of `subject` (an address or a key id) and says whether it is allowed. A refused
   * request is not counted.
   */
  consume(tier: Tier, subject: string): RateDecision | Promise<RateDecision> {
    const limits = TIER_LIMITS[tier];
    const now = this.clock.now();
    const minuteEnd = (Math.floor(now / MINUTE_MS) + 1) * MINUTE_MS;
    const dayEnd = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
    const minuteReset = Math.ceil((minuteEnd - now) / 1000);
    const dayReset = Math.ceil((dayEnd - now) / 1000);

    const counts = this.counters[tier].take(
      subject,
      { limit: limits.per_minute, endsAt: minuteEnd },
      { limit: limits.per_day, endsAt: dayEnd },
    );
    // No closure on the synchronous path: this runs on every request.
    if (counts instanceof Promise) return decideLater(counts, limits, minuteReset, dayReset);
    return decision(counts, limits, minuteReset, dayReset);
  }
}

async function decideLater(
  counts: Promise<WindowCounts>,
  limits: TierLimits,
  minuteReset: number,
  dayReset: number,
): Promise<RateDecision> {
  return decision(await counts, limits, minuteReset, dayReset);
}

function decision(
  counts: WindowCounts,
  limits: TierLimits,
  minuteReset: number,
  dayReset: number,
): RateDecision {
  if (counts === 'minute')
    return { allowed: false, window: 'minute', limit: limits.per_minute, remaining: 0, reset: minuteReset };
  if (counts === 'day')
    return { allowed: false, window: 'day', limit: limits.per_day, remaining: 0, reset: dayReset };

  const minuteRemaining = limits.per_minute - counts.minute;
  const dayRemaining = limits.per_day - counts.day;
  return dayRemaining < minuteRemaining
    ? { allowed: true, window: 'day', limit: limits.per_day, remaining: dayRemaining, reset: dayReset }
    : {
        allowed: true,
        window: 'minute',
        limit: limits.per_minute,
        remaining: minuteRemaining,
        reset: minuteReset,
      };
}
