import { describe, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock.js';
import { INGEST_STALE_AFTER_MS, Readiness } from './readiness.js';

const NOW = Date.parse('2026-11-28T10:00:00Z');

function setup() {
  const clock = new ManualClock(NOW);
  const redis: { closed: boolean; openSince: number | undefined; error: unknown } = {
    closed: true,
    openSince: undefined,
    error: undefined,
  };
  let lastRefreshAt: number | undefined = NOW - 5_000;
  const readiness = new Readiness({
    clock,
    lastRefreshAt: () => lastRefreshAt,
    leading: () => true,
    dependencies: { redis },
  });
  return {
    clock,
    redis,
    readiness,
    refreshedAt: (at: number | undefined) => {
      lastRefreshAt = at;
    },
  };
}

describe('Readiness', () => {
  it('is unavailable while starting and draining, ready while serving with everything answering', () => {
    const { readiness } = setup();
    expect(readiness.report().status).toBe('unavailable');
    readiness.serving();
    expect(readiness.report()).toEqual({
      status: 'ready',
      phase: 'serving',
      leading: true,
      checks: [
        { name: 'redis', status: 'ok' },
        { name: 'ingest', status: 'ok' },
      ],
    });
    readiness.draining();
    expect(readiness.report()).toMatchObject({ status: 'unavailable', phase: 'draining' });
  });

  it('is degraded, saying which and since when, while a shared dependency is away', () => {
    const { readiness, redis } = setup();
    readiness.serving();
    Object.assign(redis, { closed: false, openSince: NOW - 2_000, error: new Error('ECONNREFUSED') });
    expect(readiness.report().status).toBe('degraded');
    expect(readiness.report().checks).toContainEqual({
      name: 'redis',
      status: 'unavailable',
      since: '2026-11-28T09:59:58.000Z',
      detail: 'ECONNREFUSED',
    });
  });

  it('is degraded when no park was refreshed within the staleness window', () => {
    const { readiness, clock, refreshedAt } = setup();
    readiness.serving();
    refreshedAt(NOW);
    clock.advance(INGEST_STALE_AFTER_MS - 1);
    expect(readiness.report().status).toBe('ready');
    clock.advance(1);
    expect(readiness.report().status).toBe('degraded');
    expect(readiness.report().checks).toContainEqual(
      expect.objectContaining({ name: 'ingest', status: 'stale', since: '2026-11-28T10:00:00.000Z' }),
    );
    refreshedAt(undefined);
    expect(readiness.report().checks).toContainEqual(
      expect.objectContaining({ name: 'ingest', status: 'stale' }),
    );
  });
});
