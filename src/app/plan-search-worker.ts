/**
 * A thread of the plan search (`PlanSearchThreads`): runs one start of the search at a time, as
 * the optimiser would on the main thread, and answers with the order it ended at.
 */
import { parentPort } from 'node:worker_threads';
import { searchStartOrder, type SearchStart } from '../models/plan/optimise.js';

export type SearchAnswer = { readonly order: number[] } | { readonly error: string };

const port = parentPort;
if (port) {
  port.on('message', (start: SearchStart) => {
    let answer: SearchAnswer;
    try {
      answer = { order: searchStartOrder(start) };
    } catch (error) {
      answer = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    port.postMessage(answer);
  });
}
