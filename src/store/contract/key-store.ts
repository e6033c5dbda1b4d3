/**
 * The behaviour every KeyStore driver must show, as one vitest suite: each driver's test file calls
 * `describeKeyStoreContract` with a function that opens fresh, empty stores.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewApiKey, Stores } from '../ports.js';

const T0 = Date.parse('2026-10-01T12:00:00.000Z');

function newKey(n: number, tier: NewApiKey['tier'] = 'free'): NewApiKey {
  return {
    hash: `hash-${n}`.padEnd(64, '0'),
    hint: `pk_live_${n}…`,
    tier,
    name: `key ${n}`,
    created_at: T0 + n,
  };
}

export function describeKeyStoreContract(name: string, open: () => Promise<Stores>): void {
  describe(`KeyStore contract: ${name}`, () => {
    let stores: Stores;

    beforeEach(async () => {
      stores = await open();
    });

    afterEach(async () => {
      await stores.close();
    });

    it('finds a created key by its hash, with its id, tier and name', async () => {
      const created = await stores.keys.createKey(newKey(1, 'partner'));
      expect(created).toMatchObject({
        hash: newKey(1).hash,
        tier: 'partner',
        name: 'key 1',
        revoked_at: null,
      });
      expect(await stores.keys.findKeyByHash(newKey(1).hash)).toEqual(created);
      expect(await stores.keys.findKeyByHash(newKey(2).hash)).toBeUndefined();
    });

    it('revokes once: the key stays findable, marked revoked; a second revoke or an unknown id is false', async () => {
      const created = await stores.keys.createKey(newKey(1));
      expect(await stores.keys.revokeKey(created.id, T0 + 60_000)).toBe(true);
      expect((await stores.keys.findKeyByHash(created.hash))?.revoked_at).toBe(T0 + 60_000);
      expect(await stores.keys.revokeKey(created.id, T0 + 120_000)).toBe(false);
      expect(await stores.keys.revokeKey(created.id + 1000, T0)).toBe(false);
    });

    it('lists every key oldest first, without the keys themselves', async () => {
      for (const n of [1, 2, 3]) await stores.keys.createKey(newKey(n));
      const listed = await stores.keys.listKeys();
      expect(listed.map((key) => key.name)).toEqual(['key 1', 'key 2', 'key 3']);
      expect(new Set(listed.map((key) => key.id)).size).toBe(3);
    });

    it('refuses a second key with the same hash', async () => {
      await stores.keys.createKey(newKey(1));
      await expect(stores.keys.createKey(newKey(1))).rejects.toThrow();
    });
  });
}
