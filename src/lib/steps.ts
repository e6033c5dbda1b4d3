/**
 * A long computation written as a generator that yields between its steps, so the same code runs
 * at once where nothing else waits (a backtest, a script) and in turns beside a server's requests:
 * a park's models take seconds to fit once it has years of history, and one synchronous call that
 * long would hold every request of the process until it ends.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** A computation in steps: it yields between them and returns its result. */
export type Steps<T> = Generator<void, T, void>;

/** Runs every step now and returns the result. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** How long steps run before the event loop gets a turn (I/O, timers, requests). */
const SLICE_MS = 10;

/** Thrown by `runStepsInTurns` when its `stopped` says so: the computation was abandoned. */
export class StepsStopped extends Error {
  constructor() {
    super('stopped before it finished');
    this.name = 'StepsStopped';
  }
}

export interface TurnOptions {
  /** How long steps run before the event loop gets a turn. */
  readonly sliceMs?: number;
  /** Asked at each turn: true abandons the computation (`StepsStopped`), as at shutdown. */
  readonly stopped?: () => boolean;
}

/**
 * Runs the steps in slices of about `sliceMs`, giving the event loop a turn between slices; no
 * single step should take much longer than a slice.
 */
export async function runStepsInTurns<T>(
  steps: Steps<T>,
  { sliceMs = SLICE_MS, stopped = () => false }: TurnOptions = {},
): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await nextTurn();
      if (stopped()) throw new StepsStopped();
      sliceStart = performance.now();
    }
  }
}
