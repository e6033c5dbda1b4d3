import { describe, expect, it, vi } from 'vitest';
import { FanoutQueue, type FanoutJob } from './fanout-queue.js';

/** Lets every pending slice run (each yields with one setImmediate). */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 100; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** A job that records `label:recipient` for each send into `log`. */
function recording(log: string[], label: string, recipients: readonly number[]): FanoutJob<number> {
  return {
    recipients,
    deliver: (recipient) => log.push(`${label}:${recipient}`),
    failed: (error) => {
      throw error;
    },
  };
}

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

describe('FanoutQueue', () => {
  it('sends a job of up to `checkEvery` recipients at once, in the same tick, even with no budget', () => {
    const queue = new FanoutQueue({ sliceBudgetMs: 0, checkEvery: 3 });
    const log: string[] = [];
    queue.push(recording(log, 'a', range(3)));
    queue.push(recording(log, 'b', [7]));
    expect(log).toEqual(['a:0', 'a:1', 'a:2', 'b:7']);
    expect(queue.pending).toBe(0);
  });

  it('keeps sending while the slice is within its budget', () => {
    const queue = new FanoutQueue({ sliceBudgetMs: 60_000, checkEvery: 2 });
    const log: string[] = [];
    queue.push(recording(log, 'a', range(1_000)));
    expect(log).toHaveLength(1_000);
  });

  it('yields once over budget, lets callbacks queued meanwhile run before the next slice, and keeps job order', async () => {
    const queue = new FanoutQueue({ sliceBudgetMs: 0, checkEvery: 2 });
    const log: string[] = [];
    queue.push(recording(log, 'a', range(5)));
    expect(log).toEqual(['a:0', 'a:1']);
    queue.push(recording(log, 'b', range(2)));
    expect(log).toEqual(['a:0', 'a:1']);
    expect(queue.pending).toBe(2);
    setImmediate(() => log.push('other'));
    await settle();
    expect(log).toEqual(['a:0', 'a:1', 'other', 'a:2', 'a:3', 'a:4', 'b:0', 'b:1']);
    expect(queue.pending).toBe(0);
  });

  it('sends a job pushed from inside a send after the current one', () => {
    const queue = new FanoutQueue({ sliceBudgetMs: 60_000, checkEvery: 64 });
    const log: string[] = [];
    queue.push({
      recipients: [1, 2],
      deliver: (recipient) => {
        log.push(`a:${recipient}`);
        if (recipient === 1) queue.push(recording(log, 'b', [1]));
      },
      failed: () => undefined,
    });
    expect(log).toEqual(['a:1', 'a:2', 'b:1']);
  });

  it('reports a throwing send once, skips the rest of that job and goes on with the next, after a yield too', async () => {
    const queue = new FanoutQueue({ sliceBudgetMs: 0, checkEvery: 1 });
    const log: string[] = [];
    const failed = vi.fn();
    const boom = new Error('boom');
    queue.push({
      recipients: range(4),
      deliver: (recipient) => {
        if (recipient === 2) throw boom;
        log.push(`a:${recipient}`);
      },
      failed,
    });
    queue.push(recording(log, 'b', [0]));
    expect(log).toEqual(['a:0']);
    await settle();
    expect(failed.mock.calls).toEqual([[boom]]);
    expect(log).toEqual(['a:0', 'a:1', 'b:0']);
  });

  it('sends nothing more once cleared, even from inside a send, and runs new jobs afterwards', async () => {
    const queue = new FanoutQueue({ sliceBudgetMs: 0, checkEvery: 1 });
    const log: string[] = [];
    queue.push(recording(log, 'a', range(3)));
    queue.clear();
    await settle();
    expect(log).toEqual(['a:0']);
    queue.push({
      recipients: range(3),
      deliver: (recipient) => {
        log.push(`b:${recipient}`);
        queue.clear();
      },
      failed: () => undefined,
    });
    await settle();
    expect(log).toEqual(['a:0', 'b:0']);
    queue.push(recording(log, 'c', [0]));
    expect(log).toEqual(['a:0', 'b:0', 'c:0']);
  });
});
