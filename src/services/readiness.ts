/**
 * Whether this instance should get traffic, for a load balancer (`GET /readyz`). An instance that
 * serves but lost a shared dependency (Redis, PostgreSQL) or whose live data went stale is
 * `degraded`, still HTTP 200: a shared dependency's outage hits every instance at once, and a
 * balancer that dropped them all would turn a degraded service into none. Only an instance that
 * cannot serve (starting, draining) is `unavailable`.
 */
import type { Clock } from '../lib/clock.js';
import { LIVE_FRESH_FOR_MS } from '../live/live-state.js';

/** A shared dependency as its circuit breaker sees it. */
export interface DependencyState {
  /** True while the dependency answers. */
  readonly closed: boolean;
  /** When it went away (epoch ms), while it is away. */
  readonly openSince: number | undefined;
  /** Why, while it is away. */
  readonly error: unknown;
}

export type ReadinessStatus = 'ready' | 'degraded' | 'unavailable';
export type Phase = 'starting' | 'serving' | 'draining';

export interface ReadinessCheck {
  readonly name: string;
  readonly status: 'ok' | 'unavailable' | 'stale';
  /** When it stopped being ok (ISO 8601), when it is not. */
  readonly since?: string;
  readonly detail?: string;
}

export interface ReadinessReport {
  readonly status: ReadinessStatus;
  readonly phase: Phase;
  /** Whether this instance is the ingest leader. */
  readonly leading: boolean;
  readonly checks: readonly ReadinessCheck[];
}

/**
 * Ingest is stale when no park's live data is fresh: the same window after which `/waits` says
 * `unavailable`, so readiness and the data never disagree about whether ingest is running.
 */
export const INGEST_STALE_AFTER_MS = LIVE_FRESH_FOR_MS;

export interface ReadinessDependencies {
  readonly clock: Clock;
  /** The newest refresh of any park's live data (epoch ms), if any. */
  readonly lastRefreshAt: () => number | undefined;
  readonly leading: () => boolean;
  /** The shared dependencies by name (`redis`, `postgresql`); absent when not configured. */
  readonly dependencies: Readonly<Record<string, DependencyState>>;
}

export class Readiness {
  private phase: Phase = 'starting';

  constructor(private readonly deps: ReadinessDependencies) {}

  /** Listening: ready for traffic. */
  serving(): void {
    this.phase = 'serving';
  }

  /** Shutting down: the balancer should send traffic elsewhere. */
  draining(): void {
    this.phase = 'draining';
  }

  report(): ReadinessReport {
    const checks: ReadinessCheck[] = [];
    for (const [name, state] of Object.entries(this.deps.dependencies))
      checks.push(dependencyCheck(name, state));
    checks.push(this.ingestCheck());
    const degraded = checks.some((check) => check.status !== 'ok');
    const status: ReadinessStatus =
      this.phase !== 'serving' ? 'unavailable' : degraded ? 'degraded' : 'ready';
    return { status, phase: this.phase, leading: this.deps.leading(), checks };
  }

  private ingestCheck(): ReadinessCheck {
    const last = this.deps.lastRefreshAt();
    if (last === undefined) return { name: 'ingest', status: 'stale', detail: 'no live data yet' };
    if (this.deps.clock.now() - last < INGEST_STALE_AFTER_MS) return { name: 'ingest', status: 'ok' };
    return {
      name: 'ingest',
      status: 'stale',
      since: new Date(last).toISOString(),
      detail: `no park's live data refreshed in the last ${INGEST_STALE_AFTER_MS / 1000} s`,
    };
  }
}

function dependencyCheck(name: string, state: DependencyState): ReadinessCheck {
  if (state.closed) return { name, status: 'ok' };
  return {
    name,
    status: 'unavailable',
    ...(state.openSince !== undefined ? { since: new Date(state.openSince).toISOString() } : {}),
    ...(state.error instanceof Error ? { detail: state.error.message } : {}),
  };
}
