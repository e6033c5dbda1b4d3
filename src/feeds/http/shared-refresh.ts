/**
 * One shared read per key per interval, whatever the number of callers: concurrent callers share
 * the read in flight, later ones reuse its result until the interval has passed. A failure is
 * reused only for a short retry interval (the ingest poll's 5 s), so a long interval (a schedule's
 * ten minutes) does not keep a park failing after its upstream has recovered. Real adapters key it
 * by park, so the ingest poll, the hours, showtimes and priority-lane endpoints and any number of
 * clients cost the upstream one request per park per interval.
 */
import type { Clock } from '../../lib/clock.js';

interface Entry<T> {
  at: number;
  failed: boolean;
  readonly result: Promise<T>;
}

export class SharedRefresh<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly clock: Clock,
    /** How long a successful read is reused, in ms. */
    private readonly intervalMs: number,
    /** How long a failed read is reused, in ms. */
    private readonly failureMs: number = Math.min(intervalMs, 5_000),
  ) {}

  get(key: string, read: () => Promise<T>): Promise<T> {
    const now = this.clock.now();
    const entry = this.entries.get(key);
    if (entry && now >= entry.at && now - entry.at < (entry.failed ? this.failureMs : this.intervalMs)) {
      return entry.result;
    }
    const result = read();
    const fresh: Entry<T> = { at: now, failed: false, result };
    // Callers handle the rejection; this marks the entry and keeps it from being reported unhandled.
    result.catch(() => {
      fresh.failed = true;
      fresh.at = this.clock.now();
    });
    this.entries.set(key, fresh);
    return result;
  }
}
