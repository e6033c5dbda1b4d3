/** The access tiers and their limits (SPEC "Limits"), the one table every limiter and document reads. */
export type Tier = 'keyless' | 'free' | 'partner';

export interface TierLimits {
  readonly tier: Tier;
  readonly per_minute: number;
  readonly per_day: number;
  readonly concurrent_streams: number;
  /** What the counters are kept per. */
  readonly counted_per: 'ip' | 'key';
}

export const TIER_LIMITS: Readonly<Record<Tier, TierLimits>> = {
  keyless: { tier: 'keyless', per_minute: 30, per_day: 1_000, concurrent_streams: 2, counted_per: 'ip' },
  free: { tier: 'free', per_minute: 120, per_day: 20_000, concurrent_streams: 10, counted_per: 'key' },
  partner: {
    tier: 'partner',
    per_minute: 600,
    per_day: 200_000,
    concurrent_streams: 100,
    counted_per: 'key',
  },
};
