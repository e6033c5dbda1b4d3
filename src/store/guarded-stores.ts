/**
 * The stores behind the store's circuit breaker: while PostgreSQL is unreachable every call fails at
 * once with StoreUnavailableError (the API answers it 503 with Retry-After) instead of each request
 * waiting for its own connection attempt, and a call failing for want of a connection opens the
 * breaker at once rather than at the next probe.
 */
import type { Stores } from './ports.js';

/** The breaker's side the stores need (shared-state/breaker.ts's CircuitBreaker is one). */
export interface StoreBreaker {
  /** True while the store answers. */
  readonly closed: boolean;
  /** When the store went away (epoch ms), while it is away. */
  readonly openSince: number | undefined;
  /** A call failed for want of the store: opens the breaker. */
  failed(error: unknown): void;
}

/** The store cannot be reached; nothing was read or written. */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';

  constructor(
    /** When the store went away (epoch ms), if known. */
    readonly since: number | undefined,
    options?: { cause?: unknown },
  ) {
    super('the history store is unreachable', options);
  }
}

/** node-postgres and PostgreSQL codes that mean "no usable connection", not a bad query. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const CONNECTION_MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|connection error|not queryable/i;

/** Whether the error says the store could not be reached (rather than a query being wrong). */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  if (CONNECTION_MESSAGES.test(error.message)) return true;
  // AggregateError from a connect to several addresses (localhost as ::1 and 127.0.0.1).
  if (error instanceof AggregateError) return error.errors.some(isConnectionFailure);
  return false;
}

/** Every store method behind the breaker; `close` goes straight through. */
export function guardStores(stores: Stores, breaker: StoreBreaker): Stores {
  return {
    history: guard(stores.history, breaker),
    keys: guard(stores.keys, breaker),
    resortData: guard(stores.resortData, breaker),
    accounts: guard(stores.accounts, breaker),
    catalogKeys: guard(stores.catalogKeys, breaker),
    close: () => stores.close(),
  };
}

function guard<T extends object>(store: T, breaker: StoreBreaker): T {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || property === 'close') return value;
      return (...args: unknown[]): unknown => {
        if (!breaker.closed) return Promise.reject(new StoreUnavailableError(breaker.openSince));
        const result: unknown = Reflect.apply(value, target, args);
        if (!(result instanceof Promise)) return result;
        return result.catch((error: unknown) => {
          if (!isConnectionFailure(error)) throw error;
          breaker.failed(error);
          throw new StoreUnavailableError(breaker.openSince, { cause: error });
        });
      };
    },
  });
}
