import { afterEach, describe, expect, it, vi } from 'vitest';
import { CircuitBreaker } from './breaker.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('CircuitBreaker', () => {
  it('opens on a failure, probes after a while (half-open) and closes when the probe answers', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-28T10:00:00Z') });
    let answers = false;
    const probe = vi.fn(async () => {
      if (!answers) throw new Error('ECONNREFUSED');
      return 'PONG';
    });
    const breaker = new CircuitBreaker({ probe, probeEveryMs: 500 });
    const opened: unknown[] = [];
    const closed: number[] = [];
    breaker.listen({ opened: (error) => opened.push(error), closed: (since) => closed.push(since) });

    expect(breaker.closed).toBe(true);
    breaker.failed(new Error('timeout'));
    breaker.failed(new Error('timeout again'));
    expect(breaker.state).toBe('open');
    expect(breaker.openSince).toBe(Date.parse('2026-11-28T10:00:00Z'));
    // One notice per outage, not one per failure.
    expect(opened).toHaveLength(1);
    expect(probe).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(500);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(breaker.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(probe).toHaveBeenCalledTimes(2);

    answers = true;
    await vi.advanceTimersByTimeAsync(500);
    expect(breaker.state).toBe('closed');
    expect(breaker.openSince).toBeUndefined();
    expect(closed).toEqual([Date.parse('2026-11-28T10:00:00Z')]);
    breaker.stop();
  });

  it('is half-open while a probe is out, and a probe that never answers counts as a failure', async () => {
    vi.useFakeTimers();
    const breaker = new CircuitBreaker({
      probe: () => new Promise(() => undefined),
      probeEveryMs: 100,
      probeTimeoutMs: 50,
    });
    breaker.failed(new Error('gone'));
    await vi.advanceTimersByTimeAsync(100);
    expect(breaker.state).toBe('half-open');
    await vi.advanceTimersByTimeAsync(50);
    expect(breaker.state).toBe('open');
    expect(String(breaker.error)).toContain('no answer within 50 ms');
    breaker.stop();
  });

  it('watches a dependency nothing else calls: a failed check opens the breaker', async () => {
    vi.useFakeTimers();
    let answers = true;
    const breaker = new CircuitBreaker({
      probe: async () => {
        if (!answers) throw new Error('connection refused');
      },
    });
    breaker.watch(1_000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(breaker.closed).toBe(true);
    answers = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(breaker.state).toBe('open');
    breaker.stop();
  });
});
