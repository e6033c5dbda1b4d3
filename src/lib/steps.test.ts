import { describe, expect, it } from 'vitest';
import { runSteps, runStepsInTurns, type Steps } from './steps.js';

function* counting(steps: number, log: string[]): Steps<number> {
  for (let step = 0; step < steps; step++) {
    log.push(`step ${step}`);
    yield;
  }
  return steps;
}

describe('a computation in steps', () => {
  it('runs every step at once where nothing waits', () => {
    const log: string[] = [];
    expect(runSteps(counting(3, log))).toBe(3);
    expect(log).toEqual(['step 0', 'step 1', 'step 2']);
  });

  it('gives the event loop a turn between slices, and still returns the result', async () => {
    const log: string[] = [];
    setImmediate(() => log.push('other work'));
    // A slice of 0 ms: a turn after every step.
    await expect(runStepsInTurns(counting(3, log), 0)).resolves.toBe(3);
    expect(log.indexOf('other work')).toBeGreaterThan(0);
    expect(log.indexOf('other work')).toBeLessThan(log.length - 1);
  });
});
