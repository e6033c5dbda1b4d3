import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import { StoreUnavailableError } from '../../store/guarded-stores.js';
import type { ApiKeyRecord, KeyStore } from '../../store/ports.js';
import { KeyVerdicts, OUTAGE_VERDICT_EXTENSION_MS, VERDICT_TTL_MS } from './verdicts.js';

const KEY = `pk_live_${'a'.repeat(32)}`;
const OTHER = `pk_live_${'b'.repeat(32)}`;
const RECORD: ApiKeyRecord = {
  id: 7,
  hash: 'h',
  hint: 'pk_live_aaaa',
  tier: 'free',
  name: null,
  created_at: 0,
  revoked_at: null,
};

/** A key store whose lookups succeed until `down` is set, then fail as an unreachable store does. */
function keyStore(): { store: KeyStore; setDown(down: boolean): void; lookups: () => number } {
  let down = false;
  let lookups = 0;
  const store = {
    findKeyByHash: () => {
      lookups++;
      return down ? Promise.reject(new StoreUnavailableError(0)) : Promise.resolve(RECORD);
    },
  } as unknown as KeyStore;
  return { store, setDown: (value) => (down = value), lookups: () => lookups };
}

describe('KeyVerdicts while the key store is unreachable', () => {
  it('keeps serving a key judged before the outage, re-checking it once the store is back', async () => {
    const clock = new ManualClock(1_000_000);
    const keys = keyStore();
    const verdicts = new KeyVerdicts(keys.store, clock);
    expect((await verdicts.verdict(KEY)).valid).toBe(true);
    keys.setDown(true);
    clock.advance(VERDICT_TTL_MS + 1);
    const during = await verdicts.verdict(KEY);
    expect(during).toMatchObject({ valid: true, expiresAt: clock.now() + OUTAGE_VERDICT_EXTENSION_MS });
    expect(during.valid && during.caller.verdictExpiresAt).toBe(during.expiresAt);
    keys.setDown(false);
    clock.advance(OUTAGE_VERDICT_EXTENSION_MS + 1);
    const before = keys.lookups();
    expect((await verdicts.verdict(KEY)).expiresAt).toBe(clock.now() + VERDICT_TTL_MS);
    expect(keys.lookups()).toBe(before + 1);
  });

  it('cannot judge a key it has never seen: the outage error reaches the caller', async () => {
    const keys = keyStore();
    keys.setDown(true);
    const verdicts = new KeyVerdicts(keys.store, new ManualClock(0));
    await expect(verdicts.verdict(OTHER)).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});
