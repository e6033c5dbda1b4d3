import type { Tier } from './tiers.js';

/** Who a request comes from, as access control counts it. */
export interface Caller {
  readonly tier: Tier;
  /**
   * What limits are counted per within the tier: the client address (keyless) or the key's id.
   * Kept bare, as the address arrives: a prefixed name would be a new string to flatten and hash
   * on every keyless request.
   */
  readonly subject: string;
  /** For keyed callers, when the cached verdict expires (keyed streams end then). */
  readonly verdictExpiresAt: number | undefined;
}
