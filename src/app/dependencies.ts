/**
 * The shared dependencies this instance watches for readiness (services/readiness.ts), each behind
 * a circuit breaker, and the one log line when each goes away and when it returns: an outage
 * of a minute logs two lines, not one per failed call or reconnect attempt.
 */
import type { Logger } from 'pino';
import type { Catalog } from '../catalog/catalog.js';
import type { LiveState } from '../live/live-state.js';
import type { DependencyState } from '../services/readiness.js';
import { CircuitBreaker } from '../shared-state/breaker.js';
import type { StoreProbe } from './drivers.js';

/** How often a store nothing else may be calling is asked whether it answers. */
const STORE_CHECK_MS = 1_000;

export interface WatchedDependencies {
  readonly states: Readonly<Record<string, DependencyState>>;
  /** The shared store's breaker, when PostgreSQL is configured: the stores fail fast behind it. */
  readonly store: CircuitBreaker | undefined;
  close(): Promise<void>;
}

/** Logs each breaker's changes; the store gets a breaker of its own that probes it every second. */
export function watchDependencies(
  watched: { readonly redis: CircuitBreaker | undefined; readonly postgresql: StoreProbe | undefined },
  logger: Logger,
): WatchedDependencies {
  const states: Record<string, DependencyState> = {};
  const stops: (() => void)[] = [];
  const log = (name: string, breaker: CircuitBreaker, consequence: string) => {
    stops.push(
      breaker.listen({
        opened: (error) => {
          logger.warn({ err: error, dependency: name }, `${name} unreachable: ${consequence}`);
        },
        closed: (since) => {
          logger.info(
            { dependency: name, away_since: new Date(since).toISOString() },
            `${name} answers again`,
          );
        },
      }),
    );
    // Away already (Redis down when the instance started): said once now, as it would have been.
    if (!breaker.closed)
      logger.warn({ err: breaker.error, dependency: name }, `${name} unreachable: ${consequence}`);
    states[name] = breaker;
  };
  if (watched.redis)
    log(
      'redis',
      watched.redis,
      'rate limits count per instance and cross-instance stream fan-out pauses until it answers',
    );
  const store = watched.postgresql;
  let storeBreaker: CircuitBreaker | undefined;
  if (store) {
    storeBreaker = new CircuitBreaker({ probe: () => store.probe(), probeEveryMs: STORE_CHECK_MS });
    storeBreaker.watch(STORE_CHECK_MS);
    log(
      'postgresql',
      storeBreaker,
      'reads that need the store answer 503 and ingest holds its writes until it answers',
    );
  }
  return {
    states,
    store: storeBreaker,
    close: async () => {
      for (const stop of stops) stop();
      storeBreaker?.stop();
      await store?.close();
    },
  };
}

/** When any park's live data was last refreshed (epoch ms): ingest's, or the leader's via the bus. */
export function newestRefresh(catalog: Catalog, live: LiveState): number | undefined {
  let newest: number | undefined;
  for (const park of catalog.parks) {
    const at = live.view(park.key).refreshed_at;
    if (at !== undefined && (newest === undefined || at > newest)) newest = at;
  }
  return newest;
}
