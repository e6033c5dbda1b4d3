import { describe, expect, it } from 'vitest';
import { runSteps, runStepsInTurns, StepsStopped, type Steps } from './steps.js';

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
    await expect(runStepsInTurns(counting(3, log), { sliceMs: 0 })).resolves.toBe(3);
    expect(log.indexOf('other work')).toBeGreaterThan(0);
    expect(log.indexOf('other work')).toBeLessThan(log.length - 1);
  });

  it('abandons the computation at a turn once told to stop', async () => {
    const log: string[] = [];
    let stop = false;
    setImmediate(() => (stop = true));
    await expect(
      runStepsInTurns(counting(1000, log), { sliceMs: 0, stopped: () => stop }),
    ).rejects.toBeInstanceOf(StepsStopped);
    expect(log.length).toBeLessThan(1000);
  });
});
