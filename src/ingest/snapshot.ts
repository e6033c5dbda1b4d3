/**
 * Turns one upstream reading into the park's snapshot. Queued rides are always listed (status
 * `unavailable`, null waits, when the operator reports nothing for them); shows, experiences and
 * meets only while reported. An entry keeps its `changed_at` while nothing it carries changes. A
 * posted standby wait carries its estimated actual wait.
 */
import type { Attraction, Park } from '../catalog/types.js';
import type { LiveQueueEntry, LiveQueueReading, ReturnWindow } from '../feeds/types.js';
import type { LiveEntry, ParkSnapshot, PriorityLaneWindow } from '../live/types.js';
import { unavailableEntry } from '../live/unavailable.js';
import { actualWaitEstimator, type ActualWaitEstimator } from './actual-wait-estimator.js';
import { sameLiveValues } from './diff.js';

/** The multi-pass window is preferred when a ride has both (SPEC priority-lane object). */
export function preferredWindow(windows: readonly ReturnWindow[]): PriorityLaneWindow | null {
  const chosen = windows.find((w) => w.type === 'multi_pass') ?? windows[0];
  if (!chosen) return null;
  return {
    type: chosen.type,
    state: chosen.state,
    return_start: chosen.start,
    return_end: chosen.end,
    price: chosen.type === 'single_pass' && chosen.price ? chosen.price.amount : null,
  };
}

function fromReading(reported: LiveQueueEntry, at: number): Omit<LiveEntry, 'estimated_actual'> {
  return {
    ride_id: reported.ride_id,
    name: reported.name,
    type: reported.type,
    status: reported.status,
    standby_wait_minutes: reported.standby_wait_minutes,
    single_rider_wait_minutes: reported.single_rider_wait_minutes,
    priority_lane: preferredWindow(reported.return_windows),
    changed_at: at,
  };
}

function keepChangedAt(next: LiveEntry, previous: LiveEntry | undefined): LiveEntry {
  return previous && sameLiveValues(previous, next) ? { ...next, changed_at: previous.changed_at } : next;
}

/** Whether a reading says nothing new of an entry: its values, name and type, and its estimate made. */
function unchanged(before: LiveEntry, fresh: Omit<LiveEntry, 'estimated_actual'>): boolean {
  return (
    sameLiveValues(before, fresh) &&
    before.name === fresh.name &&
    before.type === fresh.type &&
    (fresh.standby_wait_minutes === null || before.estimated_actual !== null)
  );
}

/**
 * The previous estimate while the posted wait stands, so that only a new posted wait moves it (the
 * hour alone would otherwise send a stream change no operator made).
 */
function withEstimate(
  entry: Omit<LiveEntry, 'estimated_actual'>,
  previous: LiveEntry | undefined,
  ride: Attraction,
  at: number,
  estimate: ActualWaitEstimator,
): LiveEntry {
  const posted = entry.standby_wait_minutes;
  if (posted === null) return { ...entry, estimated_actual: null };
  if (previous?.standby_wait_minutes === posted && previous.estimated_actual !== null) {
    return { ...entry, estimated_actual: previous.estimated_actual };
  }
  return { ...entry, estimated_actual: estimate(ride, posted, at) };
}

/** Entries in catalog order: the park's queued rides first as listed, then what else is reported. */
export function buildSnapshot(
  park: Park,
  reading: LiveQueueReading | undefined,
  open: boolean,
  at: number,
  previous: ReadonlyMap<string, LiveEntry>,
  estimate: ActualWaitEstimator = actualWaitEstimator(park),
): ParkSnapshot {
  const reported = new Map((reading?.entries ?? []).map((entry) => [entry.ride_id, entry]));
  const entries: LiveEntry[] = [];
  for (const attraction of park.attractions) {
    const live = reported.get(attraction.id);
    if (live) {
      const before = previous.get(attraction.id);
      const fresh = fromReading(live, at);
      // Most readings repeat the last one: the entry already held is kept as it is (no new objects
      // for every ride every minute of a backfill).
      if (before && unchanged(before, fresh)) entries.push(before);
      else entries.push(keepChangedAt(withEstimate(fresh, before, attraction, at, estimate), before));
    } else if (attraction.type === 'ride') {
      entries.push(keepChangedAt(unavailableEntry(attraction, at), previous.get(attraction.id)));
    }
  }
  return { park_key: park.key, refreshed_at: at, open, entries };
}
