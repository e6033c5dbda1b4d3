/**
 * One shared read per key per interval, whatever the number of callers: concurrent callers share
 * the read in flight, later ones reuse its result (or its failure) until the interval has passed.
 * Real adapters key it by park, so the ingest poll, the hours, showtimes and priority-lane
 * endpoints and any number of clients cost the upstream one request per park per interval.
 */
import type { Clock } from '../../lib/clock.js';

interface Entry<T> {
  readonly at: number;
  readonly result: Promise<T>;
}

export class SharedRefresh<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly clock: Clock,
    /** How long a read (or its failure) is reused, in ms. */
    private readonly intervalMs: number,
  ) {}

  get(key: string, read: () => Promise<T>): Promise<T> {
    const now = this.clock.now();
    const entry = this.entries.get(key);
    if (entry && now - entry.at < this.intervalMs && now >= entry.at) return entry.result;
    const result = read();
    // Handled by the callers; this keeps an unobserved rejection from being reported as unhandled.
    result.catch(() => undefined);
    this.entries.set(key, { at: now, result });
    return result;
  }
}
