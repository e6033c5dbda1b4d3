import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import { generateKey, hashKey, keyHint } from '../../services/api-keys.js';
import { CircuitBreaker } from '../../shared-state/breaker.js';
import { LocalWindowCounters } from '../../shared-state/window-counters.js';
import { StoreUnavailableError, guardStores } from '../../store/guarded-stores.js';
import type { Stores } from '../../store/ports.js';
import { openInMemorySqliteStores } from '../../store/sqlite/open-sqlite-store.js';
import { AccessControl, type RateLimitHeaders } from './access-control.js';
import { RateLimits } from './rate-limits.js';
import { KeyVerdicts, VERDICT_TTL_MS } from './verdicts.js';

const opened: { stores: Stores; breaker: CircuitBreaker }[] = [];

afterEach(async () => {
  for (const { stores, breaker } of opened.splice(0)) {
    breaker.stop();
    await stores.close();
  }
});

/**
 * Access as the server assembles it on a shared store: the key store behind its breaker, which a
 * test opens as a PostgreSQL outage does (every call then fails with StoreUnavailableError).
 */
async function accessOnGuardedStore(clock: ManualClock) {
  const stores = await openInMemorySqliteStores();
  let reachable = true;
  const breaker = new CircuitBreaker({
    probe: () => (reachable ? Promise.resolve() : Promise.reject(new Error('connect ECONNREFUSED'))),
    probeEveryMs: 3_600_000,
    clock,
  });
  opened.push({ stores, breaker });
  const guarded = guardStores(stores, breaker);
  const access = new AccessControl(
    new KeyVerdicts(guarded.keys, clock),
    new RateLimits(() => new LocalWindowCounters(clock), clock),
    'enabled',
  );
  const key = generateKey();
  await stores.keys.createKey({
    hash: hashKey(key),
    hint: keyHint(key),
    tier: 'free',
    name: 'judged before the outage',
    created_at: clock.now(),
  });
  const storeGoesAway = () => {
    reachable = false;
    breaker.failed(new Error('connect ECONNREFUSED'));
  };
  return { access, key, storeGoesAway };
}

const keyed = (key: string) => ({ headers: { authorization: `Bearer ${key}` }, ip: '192.0.2.1' });

describe('AccessControl while the key store is away', () => {
  it('counts a key judged before the outage, with rate-limit headers, after its cached verdict expired', async () => {
    const clock = new ManualClock(Date.parse('2026-11-21T12:00:10Z'));
    const { access, key, storeGoesAway } = await accessOnGuardedStore(clock);
    const before: RateLimitHeaders = await access.admit(keyed(key), false);
    expect(before).toMatchObject({ 'X-RateLimit-Limit': 120, 'X-RateLimit-Remaining': 119 });

    storeGoesAway();
    // A key's verdict lasts 10 minutes; an outage spanning its expiry must not refuse the caller
    // (the soak saw 503s without X-RateLimit-* on /waits, which needs no store, at that moment).
    clock.advance(VERDICT_TTL_MS + 1_000);
    const during = await access.admit(keyed(key), true);
    expect(during).toEqual({
      'X-RateLimit-Limit': 120,
      'X-RateLimit-Remaining': 119,
      'X-RateLimit-Reset': expect.any(Number) as number,
    });
  });

  it('cannot judge a key never seen: the store error reaches the router (a 503 with Retry-After)', async () => {
    const clock = new ManualClock(Date.parse('2026-11-21T12:00:10Z'));
    const { access, storeGoesAway } = await accessOnGuardedStore(clock);
    storeGoesAway();
    // The spec puts X-RateLimit-* on successes and 429s; this caller was counted against no one.
    await expect(Promise.resolve(access.admit(keyed(generateKey()), false))).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
  });
});
