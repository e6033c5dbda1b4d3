/**
 * The client side's bookkeeping of a fan-out round: when each client received the round's change
 * (process.hrtime), and the answer to the parent's `round` request once every client has it.
 */
export class Arrivals {
  private readonly rounds: bigint[][] = [];
  private readonly waiters = new Map<number, () => void>();
  private readonly received: number[] = [];

  constructor(private readonly count: number) {}

  /** Client `index` received a change (its n-th). */
  record(index: number): void {
    const at = process.hrtime.bigint();
    const round = (this.received[index] = (this.received[index] ?? 0) + 1) - 1;
    const times = (this.rounds[round] ??= []);
    times.push(at);
    if (times.length === this.count) {
      this.waiters.get(round)?.();
      this.waiters.delete(round);
    }
  }

  /** Resolves when every client has round `round`'s change: first, median and last arrival. */
  async round(round: number): Promise<{ first: string; median: string; last: string }> {
    if ((this.rounds[round]?.length ?? 0) < this.count) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          const got = this.rounds[round]?.length ?? 0;
          reject(new Error(`round ${round}: ${got} of ${this.count} clients got the change`));
        }, 60_000);
        this.waiters.set(round, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    const sorted = [...(this.rounds[round] ?? [])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return {
      first: String(sorted[0]),
      median: String(sorted[Math.floor(sorted.length / 2)]),
      last: String(sorted.at(-1)),
    };
  }
}

/** Opens `count` clients, `concurrent` at a time; `open(i)` resolves once client i is subscribed. */
export async function openAll(count: number, concurrent: number, open: (index: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < count) await open(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrent, count) }, worker));
}
