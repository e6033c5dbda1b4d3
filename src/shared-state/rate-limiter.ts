/**
 * Where rate-limit counters live. rate-limiter-flexible keeps them; this picks its store: memory in
 * the embedded default, Redis (`RateLimiterRedis`, same options) when instances share counters.
 */
import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface CounterOptions {
  readonly keyPrefix: string;
  /** Requests allowed per key. */
  readonly points: number;
  /** How long, in seconds, a key's count is kept. */
  readonly duration: number;
}

export type CounterFactory = (options: CounterOptions) => RateLimiterAbstract;

export const localCounters: CounterFactory = (options) => new RateLimiterMemory({ ...options });
