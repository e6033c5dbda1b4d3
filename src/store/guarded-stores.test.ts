import { describe, expect, it } from 'vitest';
import {
  guardStores,
  isConnectionFailure,
  StoreUnavailableError,
  type StoreBreaker,
} from './guarded-stores.js';
import type { Stores } from './ports.js';

class Breaker implements StoreBreaker {
  closed = true;
  openSince: number | undefined;
  failed(): void {
    this.closed = false;
    this.openSince = 42;
  }
}

function storesWith(firstChangeAt: () => Promise<number | undefined>): {
  stores: Stores;
  calls: () => number;
} {
  let calls = 0;
  const history = {
    firstChangeAt: () => {
      calls += 1;
      return firstChangeAt();
    },
  };
  const stores = {
    history,
    keys: {},
    resortData: {},
    accounts: {},
    catalogKeys: {},
    close: async () => undefined,
  };
  return { stores: stores as unknown as Stores, calls: () => calls };
}

describe('guardStores', () => {
  it('passes calls through while the store answers', async () => {
    const { stores } = storesWith(() => Promise.resolve(7));
    expect(await guardStores(stores, new Breaker()).history.firstChangeAt('p')).toBe(7);
  });

  it('opens the breaker on a connection failure and then fails at once without calling', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const { stores, calls } = storesWith(() => Promise.reject(refused));
    const breaker = new Breaker();
    const guarded = guardStores(stores, breaker);
    await expect(guarded.history.firstChangeAt('p')).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(breaker.closed).toBe(false);
    await expect(guarded.history.firstChangeAt('p')).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(calls()).toBe(1);
  });

  it('leaves a query error alone: the store answered', async () => {
    const { stores } = storesWith(() => Promise.reject(new Error('syntax error at or near "selec"')));
    const breaker = new Breaker();
    await expect(guardStores(stores, breaker).history.firstChangeAt('p')).rejects.toThrow('syntax error');
    expect(breaker.closed).toBe(true);
  });

  it('knows the connection failures node-postgres reports', () => {
    expect(isConnectionFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionFailure(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isConnectionFailure(Object.assign(new Error('terminating'), { code: '57P01' }))).toBe(true);
    expect(isConnectionFailure(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
  });
});
