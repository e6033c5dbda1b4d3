/**
 * Stepwise work for tests that count its pauses: `counter.steps` grows by one at each pause of
 * `work`, which the wrapper passes on.
 */
import type { Steps } from '../../src/lib/steps.js';

export function countingSteps<T>(work: Steps<T>): {
  readonly work: Steps<T>;
  readonly counter: { steps: number };
} {
  const counter = { steps: 0 };
  function* counted(): Steps<T> {
    for (;;) {
      const step = work.next();
      if (step.done) return step.value;
      counter.steps++;
      yield;
    }
  }
  return { work: counted(), counter };
}
