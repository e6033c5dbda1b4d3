/**
 * The touring-plan search's two starts on threads of their own (`optimisePlanAsync`'s runner): a
 * plan of many rides is CPU work, and its starts are independent, so on a machine of two or more
 * cores they run side by side, in about the time of one (two cores that share a host give less
 * than twice the speed), and the event loop goes on serving meanwhile.
 *
 * Each start simulates at least its candidates, as on the main thread; given `searchMilliseconds`,
 * it goes on past them until that long after the plan reached the threads, unless another plan
 * waits for a thread. A machine that is fast or idle then plans better in the same time, and a
 * busy one answers as soon as the candidates are spent.
 *
 * Threads start on the first plan that needs them and never hold the process open. A thread that
 * fails or ends fails only the start it ran (the optimiser then runs its starts on the main thread)
 * and is replaced on the next plan.
 */
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../lib/module-worker.js';
import type { SearchStart, SearchStartRunner } from '../models/plan/optimise.js';
import type { SearchAnswer, SearchJob } from './plan-search-worker.js';

interface Job {
  readonly start: SearchStart;
  readonly until: number | undefined;
  resolve(order: number[]): void;
  reject(error: Error): void;
}

/** As many threads as the search has starts: more would sit idle. */
export const SEARCH_STARTS = 2;

/**
 * How long a plan's starts may go on past their candidates, from when they reach the threads: with
 * the grid before and the polish and answer after, a 25-ride plan stays well inside the 250 ms the
 * endpoint may take at p99.
 */
export const SEARCH_MILLISECONDS = 150;

export class PlanSearchThreads {
  private readonly threads = new Set<Worker>();
  private readonly idle: Worker[] = [];
  private readonly running = new Map<Worker, Job>();
  private readonly queue: Job[] = [];
  /** `[0]`: the starts queued for a thread, which the threads read to stop going on. */
  private readonly waiting = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly onError: (error: Error) => void,
    private readonly searchMilliseconds?: number,
  ) {}

  /** Runs the starts on the threads, queued behind any other plan's. */
  readonly run: SearchStartRunner = (starts) => {
    const until =
      this.searchMilliseconds === undefined
        ? undefined
        : performance.timeOrigin + performance.now() + this.searchMilliseconds;
    return Promise.all(starts.map((start) => this.search(start, until)));
  };

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('the plan search threads are closed'));
    Atomics.store(this.waiting, 0, 0);
    await Promise.all([...this.threads].map((thread) => thread.terminate()));
  }

  private search(start: SearchStart, until: number | undefined): Promise<number[]> {
    if (this.closed) return Promise.reject(new Error('the plan search threads are closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ start, until, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const thread = this.idle.pop() ?? (this.threads.size < this.size ? this.spawn() : undefined);
      if (!thread) break;
      const job = this.queue.shift();
      if (!job) break;
      this.running.set(thread, job);
      const message: SearchJob = { start: job.start, until: job.until, waiting: this.waiting };
      thread.postMessage(message);
    }
    Atomics.store(this.waiting, 0, this.queue.length);
  }

  private spawn(): Worker {
    const thread = startModuleWorker(import.meta.url, 'plan-search-worker');
    thread.unref();
    this.threads.add(thread);
    thread.on('message', (answer: SearchAnswer) => {
      const job = this.running.get(thread);
      this.running.delete(thread);
      this.idle.push(thread);
      if ('order' in answer) job?.resolve(answer.order);
      else {
        const error = new Error(answer.error);
        this.onError(error);
        job?.reject(error);
      }
      this.dispatch();
    });
    // A thread's uncaught error ends it: reported once, when it has ended, as its start's failure.
    let crash: Error | undefined;
    thread.on('error', (error) => {
      crash = error;
    });
    thread.once('exit', () => {
      this.threads.delete(thread);
      const at = this.idle.indexOf(thread);
      if (at >= 0) this.idle.splice(at, 1);
      const job = this.running.get(thread);
      this.running.delete(thread);
      if (job || crash) {
        const error = crash ?? new Error('a plan search thread ended while searching');
        this.onError(error);
        job?.reject(error);
      }
      if (!this.closed) this.dispatch();
    });
    return thread;
  }
}
