import { describe, expect, it } from 'vitest';
import { Turns } from './turns.js';

/** Holds the thread, as a park's diff and store write do. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('Turns', () => {
  it('resumes waiters in order, each in its own task, with due timers served between them', async () => {
    const turns = new Turns();
    const events: string[] = [];
    setTimeout(() => events.push('timer'), 0);
    await Promise.all(
      ['a', 'b', 'c'].map(async (name) => {
        await turns.take();
        events.push(name);
        busy(5);
      }),
    );
    expect(events.filter((event) => event !== 'timer')).toEqual(['a', 'b', 'c']);
    // Without turns all three would run in one task, and the timer only after the last.
    expect(events.indexOf('timer')).toBeLessThan(events.indexOf('c'));
    expect(events.indexOf('timer')).toBeLessThan(events.indexOf('b'));
  });

  it('serves a waiter that asks after the queue emptied', async () => {
    const turns = new Turns();
    await turns.take();
    await expect(turns.take()).resolves.toBeUndefined();
  });
});
