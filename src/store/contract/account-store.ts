/**
 * The behaviour every AccountStore driver must show, as one vitest suite: each driver's test file
 * calls `describeAccountStoreContract` with a function that opens fresh, empty stores.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewAccount, NewApiKey, Stores } from '../ports.js';

const T0 = Date.parse('2026-11-25T12:00:00.000Z');

function account(n: number, address = 'address-a', at = T0 + n): NewAccount {
  return {
    email: `user${n}@example.com`,
    app_name: `App ${n}`,
    signup_address_hash: address,
    created_at: at,
  };
}

function key(n: number): NewApiKey {
  return {
    hash: `account-key-${n}`.padEnd(64, '0'),
    hint: `pk_live_${n}…`,
    tier: 'free',
    name: `App ${n}`,
    created_at: T0 + n,
  };
}

export function describeAccountStoreContract(name: string, open: () => Promise<Stores>): void {
  describe(`AccountStore contract: ${name}`, () => {
    let stores: Stores;

    beforeEach(async () => {
      stores = await open();
    });

    afterEach(async () => {
      await stores.close();
    });

    it('creates the account with its key, findable by email and by the key’s hash', async () => {
      const created = await stores.accounts.createAccount(account(1), key(1));
      if (created.kind !== 'created') throw new Error(created.kind);
      expect(created.account).toMatchObject({ ...account(1), key_id: created.key.id });
      expect(await stores.accounts.findAccountByEmail('user1@example.com')).toEqual(created.account);
      expect(await stores.keys.findKeyByHash(key(1).hash)).toEqual(created.key);
      expect(await stores.accounts.findAccountByEmail('nobody@example.com')).toBeUndefined();
    });

    it('answers email_taken for a second account with the same email, and makes no key for it', async () => {
      await stores.accounts.createAccount(account(1), key(1));
      const again = await stores.accounts.createAccount(
        { ...account(2), email: 'user1@example.com' },
        key(2),
      );
      expect(again).toEqual({ kind: 'email_taken' });
      expect(await stores.keys.findKeyByHash(key(2).hash)).toBeUndefined();
    });

    it('makes no account when its key cannot be made (one transaction)', async () => {
      await stores.accounts.createAccount(account(1), key(1));
      // The same key hash again: the key insert fails, so the account must not exist either.
      await expect(stores.accounts.createAccount(account(2), key(1))).rejects.toThrow();
      expect(await stores.accounts.findAccountByEmail('user2@example.com')).toBeUndefined();
    });

    it('counts the sign-ups of one address from a time on', async () => {
      await stores.accounts.createAccount(account(1, 'address-a', T0), key(1));
      await stores.accounts.createAccount(account(2, 'address-a', T0 + 1000), key(2));
      await stores.accounts.createAccount(account(3, 'address-b', T0 + 1000), key(3));
      expect(await stores.accounts.countSignups('address-a', T0)).toBe(2);
      expect(await stores.accounts.countSignups('address-a', T0 + 1)).toBe(1);
      expect(await stores.accounts.countSignups('address-b', T0)).toBe(1);
      expect(await stores.accounts.countSignups('address-c', 0)).toBe(0);
    });
  });
}
