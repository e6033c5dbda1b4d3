/**
 * Turns one upstream reading into the park's snapshot. Queued rides are always listed (status
 * `unavailable`, null waits, when the operator reports nothing for them); shows, experiences and
 * meets only while reported. An entry keeps its `changed_at` while nothing it carries changes.
 */
import type { Park } from '../catalog/types.js';
import type { LiveQueueEntry, LiveQueueReading, ReturnWindow } from '../feeds/types.js';
import type { LiveEntry, ParkSnapshot, PriorityLaneWindow } from '../live/types.js';
import { unavailableEntry } from '../live/unavailable.js';
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

function fromReading(reported: LiveQueueEntry, at: number): LiveEntry {
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

/** Entries in catalog order: the park's queued rides first as listed, then what else is reported. */
export function buildSnapshot(
  park: Park,
  reading: LiveQueueReading | undefined,
  open: boolean,
  at: number,
  previous: ReadonlyMap<string, LiveEntry>,
): ParkSnapshot {
  const reported = new Map((reading?.entries ?? []).map((entry) => [entry.ride_id, entry]));
  const entries: LiveEntry[] = [];
  for (const attraction of park.attractions) {
    const live = reported.get(attraction.id);
    if (live) {
      entries.push(keepChangedAt(fromReading(live, at), previous.get(attraction.id)));
    } else if (attraction.type === 'ride') {
      entries.push(keepChangedAt(unavailableEntry(attraction, at), previous.get(attraction.id)));
    }
  }
  return { park_key: park.key, refreshed_at: at, open, entries };
}
