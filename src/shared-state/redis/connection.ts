/** Redis connections for the shared state: one place that sets how they connect and fail. */
import { createHash } from 'node:crypto';
import { Command, Redis } from 'ioredis';

export interface RedisOptions {
  /** Prefixes every key, so several deployments (or tests) can share one Redis. */
  readonly keyPrefix: string;
}

export const DEFAULT_KEY_PREFIX = 'queuecast:';

export interface ConnectOptions {
  /** A command not answered within this fails (a blocking read needs longer than its block time). */
  readonly commandTimeoutMs?: number;
}

/**
 * Redis on the same network answers in well under a millisecond; the rest of this allows for this
 * process's own event loop being busy (a timer fires late, and a late reply reads as a timeout).
 */
export const COMMAND_TIMEOUT_MS = 100;

/**
 * A connection that reconnects on its own (backing off up to 1 s) and fails a command fast rather
 * than retrying it while Redis is away: callers fall back (see ../fallback.ts) instead of waiting.
 * Commands sent before the first connection wait for it; `whenReady` then stops that queueing.
 */
export function connectRedis(url: string, name: string, options: ConnectOptions = {}): Redis {
  return new Redis(url, {
    connectionName: name,
    lazyConnect: false,
    maxRetriesPerRequest: 0,
    commandTimeout: options.commandTimeoutMs ?? COMMAND_TIMEOUT_MS,
    enableAutoPipelining: true,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
  });
}

/**
 * Waits until the connection is ready, then makes it fail commands at once whenever it is
 * disconnected. Rejects after `timeoutMs` if Redis does not answer.
 */
export async function whenReady(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status !== 'ready') {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        redis.off('ready', onReady);
        reject(new Error(`Redis not ready within ${timeoutMs} ms`));
      }, timeoutMs);
      const onReady = () => {
        clearTimeout(timer);
        resolve();
      };
      redis.once('ready', onReady);
    });
  }
  redis.options.enableOfflineQueue = false;
}

/**
 * A Lua script run by its SHA-1 (EVALSHA), sent in full only when Redis does not know it yet (first
 * use, or after a restart): one round trip, atomic on the server.
 */
export class RedisScript {
  private readonly sha: string;

  constructor(private readonly lua: string) {
    this.sha = createHash('sha1').update(lua).digest('hex');
  }

  /**
   * Runs the script. `atOnce` writes it to the connection at once: auto-pipelining otherwise holds
   * a command until the next turn of the event loop (setImmediate) to gather that turn's others, and
   * a caller that already gathers its own batch would wait a whole turn more for nothing.
   */
  async run(
    redis: Redis,
    keys: readonly string[],
    args: readonly (string | number)[],
    { atOnce = false }: { readonly atOnce?: boolean } = {},
  ): Promise<unknown> {
    const send = (name: 'evalsha' | 'eval', script: string) =>
      atOnce
        ? redis.sendCommand(new Command(name, [script, keys.length, ...keys, ...args]))
        : name === 'evalsha'
          ? redis.evalsha(script, keys.length, ...keys, ...args)
          : redis.eval(script, keys.length, ...keys, ...args);
    try {
      return await send('evalsha', this.sha);
    } catch (error) {
      if (!isNoScript(error)) throw error;
      return send('eval', this.lua);
    }
  }
}

function isNoScript(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('NOSCRIPT');
}
