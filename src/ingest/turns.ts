/**
 * Turns on the event loop for work that is quick alone but long together: a live round reads,
 * diffs and records every park at once, and a feed that answers without real I/O (the simulator)
 * would run all of them in one task, holding requests back for the whole round. Each caller of
 * `take()` resumes in a task of its own, one per turn of the loop, in the order they asked, so
 * timers and sockets are served between one park and the next. A caller waiting on real I/O after
 * its turn does not hold the next one back.
 */
export class Turns {
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;

  /** Resolves at the caller's own turn of the event loop. */
  take(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.grant);
  }

  // An immediate queued while immediates run waits for the next turn of the loop: exactly one
  // waiter resumes (with its microtasks) per turn.
  private readonly grant = (): void => {
    this.scheduled = false;
    this.waiting.shift()?.();
    if (this.waiting.length > 0) this.schedule();
  };
}
