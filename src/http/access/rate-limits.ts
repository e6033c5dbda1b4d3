/**
 * The per-minute and per-UTC-day limits of SPEC "Limits". Windows are fixed and aligned (a minute,
 * a UTC day), computed from the injected clock; the counters (`WindowCounters`) only count.
 */
import type { Clock } from '../../lib/clock.js';
import type { CountListener, WindowCounters, WindowCounts } from '../../shared-state/window-counters.js';
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

/** Told a decision that could not be made at once (see CountListener). Neither method may throw. */
export interface DecisionListener {
  decided(decision: RateDecision): void;
  failed(error: unknown): void;
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

  /** True when `consume` decides at once for this tier (a caller then need not prepare a `later`). */
  decidesAtOnce(tier: Tier): boolean {
    return this.counters[tier].answersAtOnce;
  }

  /**
   * Counts one request of `subject` (an address or a key id) and says whether it is allowed. A refused
   * request is not counted. Decided at once when the counters answer at once; otherwise with a
   * promise, or, given `later`, through it (then undefined is returned).
   */
  consume(tier: Tier, subject: string): RateDecision | Promise<RateDecision>;
  consume(tier: Tier, subject: string, later: DecisionListener): RateDecision | undefined;
  consume(
    tier: Tier,
    subject: string,
    later?: DecisionListener,
  ): RateDecision | Promise<RateDecision> | undefined {
    const limits = TIER_LIMITS[tier];
    const now = this.clock.now();
    const minuteEnd = (Math.floor(now / MINUTE_MS) + 1) * MINUTE_MS;
    const dayEnd = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
    const minuteReset = Math.ceil((minuteEnd - now) / 1000);
    const dayReset = Math.ceil((dayEnd - now) / 1000);
    const minute = { limit: limits.per_minute, endsAt: minuteEnd };
    const day = { limit: limits.per_day, endsAt: dayEnd };

    if (later) {
      const counts = this.counters[tier].take(
        subject,
        minute,
        day,
        new DecideOnCount(limits, minuteReset, dayReset, later),
      );
      return counts === undefined ? undefined : decision(counts, limits, minuteReset, dayReset);
    }
    const counts = this.counters[tier].take(subject, minute, day);
    // No closure on the synchronous path: this runs on every request.
    if (counts instanceof Promise) return decideLater(counts, limits, minuteReset, dayReset);
    return decision(counts, limits, minuteReset, dayReset);
  }
}

/** Makes the decision once the counters answer: one object per request where a promise chain took several. */
class DecideOnCount implements CountListener {
  constructor(
    private readonly limits: TierLimits,
    private readonly minuteReset: number,
    private readonly dayReset: number,
    private readonly next: DecisionListener,
  ) {}

  counted(counts: WindowCounts): void {
    this.next.decided(decision(counts, this.limits, this.minuteReset, this.dayReset));
  }

  failed(error: unknown): void {
    this.next.failed(error);
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
