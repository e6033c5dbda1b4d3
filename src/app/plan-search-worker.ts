/**
 * A thread of the plan search (`PlanSearchThreads`): runs one start of the search at a time, as
 * the optimiser would on the main thread, and answers with the order it ended at. Past its
 * candidates the start goes on while the request's time lasts and no other plan waits.
 */
import { parentPort } from 'node:worker_threads';
import { searchStartOrder, type SearchStart } from '../models/plan/optimise.js';

export interface SearchJob {
  readonly start: SearchStart;
  /** Epoch milliseconds (`performance.timeOrigin + performance.now()`) the start may go on until. */
  readonly until: number | undefined;
  /** Shared with the pool: `[0]` is how many starts wait for a thread. */
  readonly waiting: Int32Array;
}

export type SearchAnswer = { readonly order: number[] } | { readonly error: string };

const port = parentPort;
if (port) {
  port.on('message', ({ start, until, waiting }: SearchJob) => {
    const moreTime =
      until === undefined
        ? undefined
        : () => Atomics.load(waiting, 0) === 0 && performance.timeOrigin + performance.now() < until;
    let answer: SearchAnswer;
    try {
      answer = { order: searchStartOrder(start, moreTime) };
    } catch (error) {
      answer = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    port.postMessage(answer);
  });
}
