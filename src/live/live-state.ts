/**
 * The current snapshot of each park and whether it may be served. Live data is current while the
 * park's last successful refresh is younger than the freshness window and no refresh has failed
 * since: otherwise the park is `unavailable` and no numbers are served.
 */
import type { Clock } from '../lib/clock.js';
import type { ParkSnapshot } from './types.js';

/**
 * How long a park's last successful refresh stays `live`: three polls of the 5-second refresh
 * (SPEC). A refresh stamps the snapshot with the poll's time whatever the upstream's own cadence,
 * so a real feed read less often (its adapter keeps the read between polls) stays live while it
 * is polled; past this, ingest has stopped or stalled and the numbers are not served.
 */
export const LIVE_FRESH_FOR_MS = 15_000;

export type DataStatus = 'live' | 'unavailable';

export interface ParkLiveView {
  readonly data_status: DataStatus;
  /** The snapshot to serve; undefined when unavailable. */
  readonly snapshot: ParkSnapshot | undefined;
  /** Last successful refresh, whether or not it is still current. */
  readonly refreshed_at: number | undefined;
  /** Why the data is unavailable. */
  readonly reason: string | undefined;
}

interface ParkRecord {
  snapshot?: ParkSnapshot;
  failedAt?: number;
  failure?: string;
  /** Counts the updates and failures recorded for the park. */
  changes: number;
}

export class LiveState {
  private readonly parks = new Map<string, ParkRecord>();

  constructor(private readonly clock: Clock) {}

  update(snapshot: ParkSnapshot): void {
    const changes = (this.parks.get(snapshot.park_key)?.changes ?? 0) + 1;
    this.parks.set(snapshot.park_key, { snapshot, changes });
  }

  markFailed(parkKey: string, at: number, message: string): void {
    const record = this.parks.get(parkKey) ?? { changes: 0 };
    this.parks.set(parkKey, { ...record, failedAt: at, failure: message, changes: record.changes + 1 });
  }

  /** The park's last snapshot however old (what this instance served last), for ingest to resume from. */
  lastSnapshot(parkKey: string): ParkSnapshot | undefined {
    return this.parks.get(parkKey)?.snapshot;
  }

  /**
   * Names what `view` would say now: it changes with every refresh, failure and change of data
   * status, so a body built from one view can be reused until it does. A number, as it is read on
   * every request to a live endpoint.
   */
  version(parkKey: string): number {
    const record = this.parks.get(parkKey);
    if (!record) return 0;
    const stale =
      record.snapshot !== undefined && this.clock.now() - record.snapshot.refreshed_at >= LIVE_FRESH_FOR_MS;
    return record.changes * 2 + (stale ? 1 : 0);
  }

  view(parkKey: string): ParkLiveView {
    const record = this.parks.get(parkKey);
    const snapshot = record?.snapshot;
    const refreshed_at = snapshot?.refreshed_at;
    const unavailable = (reason: string): ParkLiveView => ({
      data_status: 'unavailable',
      snapshot: undefined,
      refreshed_at,
      reason,
    });
    if (!snapshot) return unavailable(record?.failure ?? 'No live data has been received for this park yet.');
    if (record.failedAt !== undefined && record.failedAt >= snapshot.refreshed_at) {
      return unavailable(`The last upstream refresh failed: ${record.failure ?? 'unknown error'}.`);
    }
    if (this.clock.now() - snapshot.refreshed_at >= LIVE_FRESH_FOR_MS) {
      return unavailable(
        `The last successful upstream refresh is more than ${LIVE_FRESH_FOR_MS / 1000} seconds old.`,
      );
    }
    return { data_status: 'live', snapshot, refreshed_at, reason: undefined };
  }
}
