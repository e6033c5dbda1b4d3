/**
 * The verdict on a key, cached for at most 10 minutes (SPEC Authentication 6): a revoked key stops
 * working within that time, and keyed streams end when their verdict expires.
 */
import { hash } from 'node:crypto';
import type { Clock } from '../../lib/clock.js';
import type { KeyStore, KeyTier } from '../../store/ports.js';
import { KEY_PATTERN, hashKey } from './keys.js';

export const VERDICT_TTL_MS = 10 * 60_000;

export type KeyVerdict =
  | { readonly valid: true; readonly keyId: number; readonly tier: KeyTier; readonly expiresAt: number }
  | {
      readonly valid: false;
      readonly reason: 'malformed' | 'unknown' | 'revoked';
      readonly expiresAt: number;
    };

export class KeyVerdicts {
  /** By `cacheName`: the raw key is never kept, not even in memory. */
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
    const cached = this.cache.get(cacheName(key));
    if (cached && cached.expiresAt > now) return cached;
    if (!KEY_PATTERN.test(key)) return { valid: false, reason: 'malformed', expiresAt: now + this.ttlMs };
    return undefined;
  }

  async verdict(key: string): Promise<KeyVerdict> {
    const known = this.known(key);
    if (known) return known;
    const record = await this.keys.findKeyByHash(hashKey(key));
    const expiresAt = this.clock.now() + this.ttlMs;
    const verdict: KeyVerdict = !record
      ? { valid: false, reason: 'unknown', expiresAt }
      : record.revoked_at !== null
        ? { valid: false, reason: 'revoked', expiresAt }
        : { valid: true, keyId: record.id, tier: record.tier, expiresAt };
    if (this.cache.size > 100_000) this.cache.clear();
    this.cache.set(cacheName(key), verdict);
    return verdict;
  }
}

/**
 * The name a key's verdict is cached under: its SHA-256 digest as a 32-character binary string.
 * The key store's hex form (`hashKey`) is twice as long, and making and looking up that string
 * on every keyed request cost more than the digest itself.
 */
function cacheName(key: string): string {
  return hash('sha256', key, 'binary');
}
