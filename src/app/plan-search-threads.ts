/**
 * The touring-plan search's two starts on threads of their own (`optimisePlanAsync`'s runner): a
 * plan of many rides is CPU work, and its starts are independent, so on a machine of two or more
 * cores they run side by side, in about the time of one (two cores that share a host give less
 * than twice the speed), and the event loop goes on serving meanwhile. The plan is the same either way: each start is deterministic.
 *
 * Threads start on the first plan that needs them and never hold the process open. A thread that
 * fails or ends fails only the start it ran (the optimiser then runs its starts on the main thread)
 * and is replaced on the next plan.
 */
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../lib/module-worker.js';
import type { SearchStart, SearchStartRunner } from '../models/plan/optimise.js';
import type { SearchAnswer } from './plan-search-worker.js';

interface Job {
  readonly start: SearchStart;
  resolve(order: number[]): void;
  reject(error: Error): void;
}

/** As many threads as the search has starts: more would sit idle. */
export const SEARCH_STARTS = 2;

export class PlanSearchThreads {
  private readonly threads = new Set<Worker>();
  private readonly idle: Worker[] = [];
  private readonly running = new Map<Worker, Job>();
  private readonly queue: Job[] = [];
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly onError: (error: Error) => void,
  ) {}

  /** Runs the starts on the threads, queued behind any other plan's. */
  readonly run: SearchStartRunner = (starts) => Promise.all(starts.map((start) => this.search(start)));

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('the plan search threads are closed'));
    await Promise.all([...this.threads].map((thread) => thread.terminate()));
  }

  private search(start: SearchStart): Promise<number[]> {
    if (this.closed) return Promise.reject(new Error('the plan search threads are closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ start, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const thread = this.idle.pop() ?? (this.threads.size < this.size ? this.spawn() : undefined);
      if (!thread) return;
      const job = this.queue.shift();
      if (!job) return;
      this.running.set(thread, job);
      thread.postMessage(job.start);
    }
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
    thread.on('error', (error) => {
      this.onError(error);
    });
    thread.once('exit', () => {
      this.threads.delete(thread);
      const at = this.idle.indexOf(thread);
      if (at >= 0) this.idle.splice(at, 1);
      const job = this.running.get(thread);
      this.running.delete(thread);
      if (job) {
        const error = new Error('a plan search thread ended while searching');
        this.onError(error);
        job.reject(error);
      }
      if (!this.closed) this.dispatch();
    });
    return thread;
  }
}
