/**
 * The hub's sends, in order and in slices. A fan-out to 10,000 clients takes longer than an HTTP
 * request should wait, so once a slice has run past its time budget the queue yields to the event
 * loop (`setImmediate`) and carries on where it stopped; requests and socket I/O run in between.
 *
 * One queue for every job keeps each connection's frames in the order the events came: a second
 * event, a heartbeat or a status snapshot waits until every job before it has been sent. A job of
 * at most `checkEvery` recipients that finds the queue idle is sent at once, in the same tick.
 */

export interface FanoutJob<T> {
  /** Taken when the event arrives: whoever subscribes later gets a snapshot that includes it. */
  readonly recipients: readonly T[];
  /** Sends to one recipient (or skips one that has left since). */
  readonly deliver: (recipient: T) => void;
  /**
   * Called once if `deliver` throws; the job's remaining recipients are skipped, later jobs run.
   * Must not throw itself: after a yield nothing above it would catch the error.
   */
  readonly failed: (error: unknown) => void;
}

export interface FanoutQueueOptions {
  /** How long one slice may send before it yields. */
  readonly sliceBudgetMs: number;
  /** Sends between looks at the clock, which costs more than a send to a fast client. */
  readonly checkEvery: number;
}

export const FANOUT_DEFAULTS: FanoutQueueOptions = { sliceBudgetMs: 8, checkEvery: 64 };

/** A job with its recipients' type erased, so jobs of any recipient type share the queue. */
interface PendingJob {
  readonly size: number;
  /** Index of the next recipient to send to. */
  next: number;
  readonly sendTo: (index: number) => void;
  readonly failed: (error: unknown) => void;
}

export class FanoutQueue {
  private readonly jobs: PendingJob[] = [];
  private resume: NodeJS.Immediate | undefined;
  /** True while a slice runs, so a job pushed from inside a send joins it instead of starting another. */
  private running = false;

  constructor(private readonly options: FanoutQueueOptions = FANOUT_DEFAULTS) {}

  /** Jobs not yet sent to every recipient. */
  get pending(): number {
    return this.jobs.length;
  }

  push<T>(job: FanoutJob<T>): void {
    const { recipients, deliver, failed } = job;
    this.jobs.push({
      size: recipients.length,
      next: 0,
      sendTo: (index) => {
        deliver(recipients[index] as T);
      },
      failed,
    });
    if (!this.running && this.resume === undefined) this.runSlice();
  }

  /** Drops every pending job; nothing more is sent, not even the rest of a job being sent now. */
  clear(): void {
    clearImmediate(this.resume);
    this.resume = undefined;
    this.jobs.length = 0;
  }

  private runSlice(): void {
    this.running = true;
    const started = performance.now();
    let sinceCheck = 0;
    try {
      for (let job = this.jobs[0]; job; job = this.jobs[0]) {
        while (job.next < job.size && this.jobs[0] === job) {
          if (sinceCheck === this.options.checkEvery) {
            if (this.overBudget(started)) {
              this.yieldThenResume();
              return;
            }
            sinceCheck = 0;
          }
          this.sendNext(job);
          sinceCheck += 1;
        }
        // A `clear()` from inside a send has already emptied the queue.
        if (this.jobs[0] === job) this.jobs.shift();
      }
    } finally {
      this.running = false;
    }
  }

  private yieldThenResume(): void {
    // Two hops: the immediates queued while this slice ran (the prepared lane's answers to the
    // requests read in between, http/prepared/write-batch.ts) go before the next slice, not after it.
    this.resume = setImmediate(() => {
      this.resume = setImmediate(() => {
        this.resume = undefined;
        this.runSlice();
      });
    });
  }

  private overBudget(started: number): boolean {
    return performance.now() - started >= this.options.sliceBudgetMs;
  }

  private sendNext(job: PendingJob): void {
    const index = job.next;
    job.next += 1;
    try {
      job.sendTo(index);
    } catch (error) {
      job.next = job.size;
      job.failed(error);
    }
  }
}
