import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import {
  LocalWindowCounters,
  type CountListener,
  type WindowCounters,
  type WindowCounts,
  type WindowLimit,
} from '../../shared-state/window-counters.js';
import { RateLimits, type RateDecision } from './rate-limits.js';
import type { Tier } from './tiers.js';

/** The local counters answer at once: a decision is never a promise with them. */
function sync(decision: RateDecision | Promise<RateDecision>): RateDecision {
  if (decision instanceof Promise) throw new Error('the local counters answered with a promise');
  return decision;
}

/** Spreads `count` requests over minutes, never more than `perMinute` in one. */
function spend(limits: RateLimits, clock: ManualClock, tier: Tier, count: number, perMinute: number) {
  let last;
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % perMinute === 0) clock.advance(60_000);
    last = sync(limits.consume(tier, 'subject'));
    if (!last.allowed) throw new Error(`refused at request ${i + 1}`);
  }
  return last;
}

describe('RateLimits per UTC day', () => {
  it.each([
    ['keyless', 1_000, 30],
    ['free', 20_000, 120],
    ['partner', 200_000, 600],
  ] as const)(
    'allows a %s subject %i requests a UTC day, then refuses until midnight',
    (tier, perDay, perMinute) => {
      const clock = new ManualClock(Date.parse('2026-11-21T00:00:00Z'));
      const limits = new RateLimits(() => new LocalWindowCounters(clock), clock);
      const last = spend(limits, clock, tier, perDay, perMinute);
      expect(last).toMatchObject({ allowed: true, window: 'day', limit: perDay, remaining: 0 });
      clock.advance(60_000);
      const refused = sync(limits.consume(tier, 'subject'));
      expect(refused).toMatchObject({ allowed: false, window: 'day', limit: perDay, remaining: 0 });
      expect(refused.reset).toBe(Math.ceil((Date.parse('2026-11-22T00:00:00Z') - clock.now()) / 1000));
      expect(sync(limits.consume(tier, 'another subject')).allowed).toBe(true);
      clock.set('2026-11-22T00:00:00Z');
      expect(sync(limits.consume(tier, 'subject')).allowed).toBe(true);
    },
  );

  it('describes the minute window while it is the tighter one', () => {
    const clock = new ManualClock(Date.parse('2026-11-21T10:00:15Z'));
    const limits = new RateLimits(() => new LocalWindowCounters(clock), clock);
    expect(limits.consume('free', 's')).toEqual({
      allowed: true,
      window: 'minute',
      limit: 120,
      remaining: 119,
      reset: 45,
    });
  });

  it('decides alike when the counters answer with a promise (a shared driver)', async () => {
    const clock = new ManualClock(Date.parse('2026-11-21T10:00:15Z'));
    const limits = new RateLimits(() => sharedCounters(localTake(new LocalWindowCounters(clock))), clock);
    expect(limits.decidesAtOnce('keyless')).toBe(false);
    for (let i = 0; i < 30; i++) expect((await limits.consume('keyless', 's')).allowed).toBe(true);
    expect(await limits.consume('keyless', 's')).toMatchObject({
      allowed: false,
      window: 'minute',
      reset: 45,
    });
  });

  it('tells a listener the same decisions when the counters answer later', async () => {
    const clock = new ManualClock(Date.parse('2026-11-21T10:00:15Z'));
    const limits = new RateLimits(() => sharedCounters(localTake(new LocalWindowCounters(clock))), clock);
    const decide = async () =>
      new Promise<RateDecision>((resolve, reject) => {
        expect(limits.consume('keyless', 's', { decided: resolve, failed: reject })).toBeUndefined();
      });
    expect(await decide()).toEqual({ allowed: true, window: 'minute', limit: 30, remaining: 29, reset: 45 });
    for (let i = 0; i < 29; i++) await decide();
    expect(await decide()).toMatchObject({ allowed: false, window: 'minute', remaining: 0, reset: 45 });
  });

  it('tells a listener that the counters failed', async () => {
    const clock = new ManualClock(Date.parse('2026-11-21T10:00:15Z'));
    const broken = new Error('counters unreachable');
    const limits = new RateLimits(
      () =>
        sharedCounters(() => {
          throw broken;
        }),
      clock,
    );
    const failure = await new Promise((resolve) => {
      limits.consume('free', 's', { decided: () => undefined, failed: resolve });
    });
    expect(failure).toBe(broken);
  });
});

type Take = (key: string, minute: WindowLimit, day: WindowLimit) => WindowCounts;

function localTake(local: LocalWindowCounters): Take {
  return (key, minute, day) => local.take(key, minute, day);
}

/** Counters answering as a shared driver does: later, with a promise or through a listener (a throw fails the count). */
function sharedCounters(takeNow: Take): WindowCounters {
  function take(key: string, minute: WindowLimit, day: WindowLimit): Promise<WindowCounts>;
  function take(key: string, minute: WindowLimit, day: WindowLimit, later: CountListener): undefined;
  function take(
    key: string,
    minute: WindowLimit,
    day: WindowLimit,
    later?: CountListener,
  ): Promise<WindowCounts> | undefined {
    if (!later) return Promise.resolve().then(() => takeNow(key, minute, day));
    queueMicrotask(() => {
      let counts: WindowCounts;
      try {
        counts = takeNow(key, minute, day);
      } catch (error) {
        later.failed(error);
        return;
      }
      later.counted(counts);
    });
    return undefined;
  }
  return { answersAtOnce: false, take };
}
