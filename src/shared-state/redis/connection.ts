/** Redis connections for the shared state: one place that sets how they connect and fail. */
import { createHash } from 'node:crypto';
import { Command, Redis } from 'ioredis';

export interface RedisOptions {
  /** Prefixes every key, so several deployments (or tests) can share one Redis. */
  readonly keyPrefix: string;
}

export const DEFAULT_KEY_PREFIX = 'queuecast:';

/**
 * A connection that reconnects on its own (backing off up to 2 s) and fails a command rather than
 * queueing it for long while Redis is away: a request that needs a count answers 503-like errors
 * through its caller instead of hanging.
 */
export function connectRedis(url: string, name: string): Redis {
  return new Redis(url, {
    connectionName: name,
    lazyConnect: false,
    maxRetriesPerRequest: 2,
    enableAutoPipelining: true,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
}

/** The URL without its password, for messages. */
export function redactedRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
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
