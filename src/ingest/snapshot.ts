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
import { sameLiveValues, sameWindow } from './diff.js';

/** The multi-pass window is preferred when a ride has both (SPEC priority-lane object). */
function chosenWindow(windows: readonly ReturnWindow[]): ReturnWindow | undefined {
  for (const window of windows) if (window.type === 'multi_pass') return window;
  return windows[0];
}

function priceOf(window: ReturnWindow): number | null {
  return window.type === 'single_pass' && window.price ? window.price.amount : null;
}

export function preferredWindow(windows: readonly ReturnWindow[]): PriorityLaneWindow | null {
  const chosen = chosenWindow(windows);
  if (!chosen) return null;
  return {
    type: chosen.type,
    state: chosen.state,
    return_start: chosen.start,
    return_end: chosen.end,
    price: priceOf(chosen),
  };
}

/** Whether `held` is what `preferredWindow(windows)` would make, without making it. */
function isPreferredWindow(held: PriorityLaneWindow | null, windows: readonly ReturnWindow[]): boolean {
  const chosen = chosenWindow(windows);
  if (!chosen || held === null) return !chosen && held === null;
  return (
    held.type === chosen.type &&
    held.state === chosen.state &&
    held.return_start === chosen.start &&
    held.return_end === chosen.end &&
    held.price === priceOf(chosen)
  );
}

function keepChangedAt(next: LiveEntry, previous: LiveEntry | undefined): LiveEntry {
  return previous && sameLiveValues(previous, next) ? { ...next, changed_at: previous.changed_at } : next;
}

/**
 * Whether a reported entry says nothing new of the entry held: its values, name and type, and its
 * estimate made. Compared field by field, not through `fromReading`: most readings repeat the last
 * one, and a backfill asks this of every ride at every step.
 */
function reportsNothingNew(before: LiveEntry, reported: LiveQueueEntry): boolean {
  return (
    before.status === reported.status &&
    before.standby_wait_minutes === reported.standby_wait_minutes &&
    before.single_rider_wait_minutes === reported.single_rider_wait_minutes &&
    isPreferredWindow(before.priority_lane, reported.return_windows) &&
    before.name === reported.name &&
    before.type === reported.type &&
    (reported.standby_wait_minutes === null || before.estimated_actual !== null)
  );
}

/** Whether the entry held is the unavailable entry of the ride, as `unavailableEntry` makes it. */
function isUnavailableEntryOf(before: LiveEntry, ride: Attraction): boolean {
  return (
    before.status === 'unavailable' &&
    before.standby_wait_minutes === null &&
    before.estimated_actual === null &&
    before.single_rider_wait_minutes === null &&
    before.priority_lane === null &&
    before.name === ride.name &&
    before.type === ride.type
  );
}

/** Each attraction's position in the park's list, by ride ID; undefined when an ID is listed twice. */
const positions = new WeakMap<readonly Attraction[], ReadonlyMap<string, number> | undefined>();

function positionsOf(attractions: readonly Attraction[]): ReadonlyMap<string, number> | undefined {
  if (positions.has(attractions)) return positions.get(attractions);
  const byId = new Map(attractions.map((attraction, index) => [attraction.id, index]));
  const unique = byId.size === attractions.length ? byId : undefined;
  positions.set(attractions, unique);
  return unique;
}

/** The reported entry of each attraction, by its position in the park's list (the last one wins). */
function reportedByPosition(
  attractions: readonly Attraction[],
  entries: readonly LiveQueueEntry[],
): readonly (LiveQueueEntry | undefined)[] {
  const slots = new Array<LiveQueueEntry | undefined>(attractions.length);
  const byId = positionsOf(attractions);
  if (byId) {
    for (const entry of entries) {
      const index = byId.get(entry.ride_id);
      if (index !== undefined) slots[index] = entry;
    }
    return slots;
  }
  const reported = new Map(entries.map((entry) => [entry.ride_id, entry]));
  for (const [index, attraction] of attractions.entries()) slots[index] = reported.get(attraction.id);
  return slots;
}

/**
 * The entry of a reported attraction whose reading says something new. Its `changed_at` stays while
 * its values do (a new name alone is no change), and the previous estimate stays while the posted
 * wait does, so that only a new posted wait moves it (the hour alone would otherwise send a stream
 * change no operator made). Made in one object literal: a backfill makes one for every change.
 */
function reportedEntry(
  reported: LiveQueueEntry,
  previous: LiveEntry | undefined,
  ride: Attraction,
  at: number,
  estimate: ActualWaitEstimator,
): LiveEntry {
  const posted = reported.standby_wait_minutes;
  const priorityLane = preferredWindow(reported.return_windows);
  const valuesStand =
    previous !== undefined &&
    previous.status === reported.status &&
    previous.standby_wait_minutes === posted &&
    previous.single_rider_wait_minutes === reported.single_rider_wait_minutes &&
    sameWindow(previous.priority_lane, priorityLane);
  let estimated: LiveEntry['estimated_actual'] = null;
  if (posted !== null) {
    estimated =
      previous?.standby_wait_minutes === posted && previous.estimated_actual !== null
        ? previous.estimated_actual
        : estimate(ride, posted, at);
  }
  return {
    ride_id: reported.ride_id,
    name: reported.name,
    type: reported.type,
    status: reported.status,
    standby_wait_minutes: posted,
    single_rider_wait_minutes: reported.single_rider_wait_minutes,
    priority_lane: priorityLane,
    changed_at: valuesStand ? previous.changed_at : at,
    estimated_actual: estimated,
  };
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
  const attractions = park.attractions;
  const reported = reportedByPosition(attractions, reading?.entries ?? []);
  const entries: LiveEntry[] = [];
  for (let index = 0; index < attractions.length; index++) {
    const attraction = attractions[index] as Attraction;
    const live = reported[index];
    // Most readings repeat the last one: the entry already held is kept as it is (no new objects
    // for every ride every minute of a backfill).
    const before = previous.get(attraction.id);
    if (live) {
      if (before && reportsNothingNew(before, live)) entries.push(before);
      else entries.push(reportedEntry(live, before, attraction, at, estimate));
    } else if (attraction.type === 'ride') {
      if (before && isUnavailableEntryOf(before, attraction)) entries.push(before);
      else entries.push(keepChangedAt(unavailableEntry(attraction, at), before));
    }
  }
  return { park_key: park.key, refreshed_at: at, open, entries };
}
