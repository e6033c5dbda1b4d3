/**
 * The verdict on a key, cached for at most 10 minutes (SPEC Authentication 6): a revoked key stops
 * working within that time, and keyed streams end when their verdict expires.
 */
import type { Clock } from '../../lib/clock.js';
import { StoreUnavailableError } from '../../store/guarded-stores.js';
import type { KeyStore } from '../../store/ports.js';
import type { Caller } from './caller.js';
import { KEY_PATTERN, hashKey } from '../../services/api-keys.js';

export const VERDICT_TTL_MS = 10 * 60_000;

/**
 * While the key store is unreachable an expired verdict is kept this much longer, again and again:
 * no key can be revoked meanwhile, and a caller already judged keeps being served from memory.
 */
export const OUTAGE_VERDICT_EXTENSION_MS = 30_000;

export type KeyVerdict =
  /** A valid key's caller is made once per verdict, so a keyed request allocates none. */
  | { readonly valid: true; readonly caller: Caller; readonly expiresAt: number }
  | {
      readonly valid: false;
      readonly reason: 'malformed' | 'unknown' | 'revoked';
      readonly expiresAt: number;
    };

export class KeyVerdicts {
  /**
   * By the key as presented, in this process's memory only, where every request's headers carry it
   * anyway; the key store and the logs never see it (ADR 0004). Looked up on every keyed request: a
   * SHA-256 digest per lookup would be a large share of a cached answer's cost (ADR 0004).
   */
  private readonly cache = new Map<string, KeyVerdict>();

  constructor(
    private readonly keys: KeyStore,
    private readonly clock: Clock,
    private readonly ttlMs = VERDICT_TTL_MS,
  ) {}

  /** The verdict when it needs no lookup (a malformed key, or one judged in the last 10 minutes). */
  known(key: string): KeyVerdict | undefined {
    const now = this.clock.now();
    // Only well-formed keys are judged and cached, so a cached verdict needs no pattern test.
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > now) return cached;
    if (!KEY_PATTERN.test(key)) return { valid: false, reason: 'malformed', expiresAt: now + this.ttlMs };
    return undefined;
  }

  async verdict(key: string): Promise<KeyVerdict> {
    const known = this.known(key);
    if (known) return known;
    let record: Awaited<ReturnType<KeyStore['findKeyByHash']>>;
    try {
      record = await this.keys.findKeyByHash(hashKey(key));
    } catch (error) {
      const expired = this.cache.get(key);
      if (!(error instanceof StoreUnavailableError) || !expired) throw error;
      return this.extend(key, expired, this.clock.now() + OUTAGE_VERDICT_EXTENSION_MS);
    }
    const expiresAt = this.clock.now() + this.ttlMs;
    const verdict: KeyVerdict = !record
      ? { valid: false, reason: 'unknown', expiresAt }
      : record.revoked_at !== null
        ? { valid: false, reason: 'revoked', expiresAt }
        : {
            valid: true,
            caller: { tier: record.tier, subject: String(record.id), verdictExpiresAt: expiresAt },
            expiresAt,
          };
    if (this.cache.size > 100_000) this.cache.clear();
    this.cache.set(key, verdict);
    return verdict;
  }

  private extend(key: string, verdict: KeyVerdict, expiresAt: number): KeyVerdict {
    const extended: KeyVerdict = verdict.valid
      ? { ...verdict, caller: { ...verdict.caller, verdictExpiresAt: expiresAt }, expiresAt }
      : { ...verdict, expiresAt };
    this.cache.set(key, extended);
    return extended;
  }
}
