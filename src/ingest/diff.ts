import type { LiveEntry, PriorityLaneWindow } from '../live/types.js';

export function sameWindow(a: PriorityLaneWindow | null, b: PriorityLaneWindow | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.type === b.type &&
    a.state === b.state &&
    a.return_start === b.return_start &&
    a.return_end === b.return_end &&
    a.price === b.price
  );
}

/** The values a change is made of (status, waits, priority lane). */
type LiveValues = Pick<
  LiveEntry,
  'status' | 'standby_wait_minutes' | 'single_rider_wait_minutes' | 'priority_lane'
>;

/** Whether two readings of an entry carry the same status, waits and priority lane. */
export function sameLiveValues(a: LiveValues, b: LiveValues): boolean {
  return (
    a.status === b.status &&
    a.standby_wait_minutes === b.standby_wait_minutes &&
    a.single_rider_wait_minutes === b.single_rider_wait_minutes &&
    sameWindow(a.priority_lane, b.priority_lane)
  );
}

export interface SnapshotDiff {
  /** Entries that are new or whose status, wait, single-rider wait or priority lane changed. */
  readonly changed: readonly LiveEntry[];
  /** IDs of entries the feed stopped reporting (shows, experiences, meets). */
  readonly removed: readonly string[];
}

/**
 * Runs for every park every minute of a backfill: an entry held over from the last snapshot is the
 * same object, and the removed IDs are looked for only when some previous entry went unmatched.
 * `next` lists each ride once, as a snapshot does.
 */
export function diffEntries(
  previous: ReadonlyMap<string, LiveEntry>,
  next: readonly LiveEntry[],
): SnapshotDiff {
  const changed: LiveEntry[] = [];
  let matched = 0;
  for (const entry of next) {
    const before = previous.get(entry.ride_id);
    if (before) matched++;
    if (!before || (before !== entry && !sameLiveValues(before, entry))) changed.push(entry);
  }
  const removed: string[] = [];
  if (matched < previous.size) {
    const present = new Set(next.map((entry) => entry.ride_id));
    for (const id of previous.keys()) if (!present.has(id)) removed.push(id);
  }
  return { changed, removed };
}
