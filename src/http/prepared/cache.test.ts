import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import { PreparedBody } from './body.js';
import { PreparedCache } from './cache.js';

/** A build that resolves when the test says so, counting how often it ran. */
function pendingBuilds() {
  let release: (() => void) | undefined;
  let builds = 0;
  return {
    get builds() {
      return builds;
    },
    build: (value: unknown) => async () => {
      builds++;
      await new Promise<void>((resolve) => (release = resolve));
      return PreparedBody.of(value);
    },
    release: () => release?.(),
  };
}

describe('prepared bodies rebuilt behind', () => {
  it('answer an expired body of the same version at once, and its successor once built', async () => {
    const clock = new ManualClock(0);
    const cache = new PreparedCache(clock, 5, 'rebuild-behind');
    const first = await cache.get('home', 'v1', () => ({ n: 1 }));
    clock.advance(6_000);
    const pending = pendingBuilds();
    // Two requests while the successor is built: both get the first body, one build runs.
    expect(await cache.get('home', 'v1', pending.build({ n: 2 }))).toBe(first);
    expect(await cache.get('home', 'v1', pending.build({ n: 2 }))).toBe(first);
    expect(pending.builds).toBe(1);
    pending.release();
    await new Promise((resolve) => setImmediate(resolve));
    const second = await cache.get('home', 'v1', () => ({ n: 3 }));
    expect(second).not.toBe(first);
    expect(second.etag).toBe(PreparedBody.of({ n: 2 }).etag);
  });

  it('never answer the body of an older version: a new version waits for its build', async () => {
    const clock = new ManualClock(0);
    const cache = new PreparedCache(clock, 5, 'rebuild-behind');
    await cache.get('home', 'v1', () => ({ live: true }));
    clock.advance(6_000);
    const answered = await cache.get('home', 'v2', () => ({ live: false }));
    expect(answered.etag).toBe(PreparedBody.of({ live: false }).etag);
  });
});
