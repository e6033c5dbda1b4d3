import type { Tier } from './tiers.js';

/** Who a request comes from, as access control counts it. */
export interface Caller {
  readonly tier: Tier;
  /** What limits are counted per: `ip:<address>` or `key:<id>`. */
  readonly subject: string;
  /** For keyed callers, when the cached verdict expires (keyed streams end then). */
  readonly verdictExpiresAt: number | undefined;
}
