import { describe, expect, it } from 'vitest';
import type { Park } from '../catalog/types.js';
import type { LiveQueueEntry, LiveQueueReading } from '../feeds/types.js';
import type { LiveEntry } from '../live/types.js';
import { diffEntries } from './diff.js';
import { buildSnapshot, preferredWindow } from './snapshot.js';

const attraction = (slug: string, type: 'ride' | 'show') => ({
  slug,
  name: slug,
  land: 'Land',
  type,
  priority_lane: [],
  id: `p_${slug}`,
  park_key: 'p',
});
const park = {
  key: 'p',
  attractions: [attraction('coaster', 'ride'), attraction('flume', 'ride'), attraction('parade', 'show')],
} as unknown as Park;

const reported = (slug: string, wait: number | null, type: 'ride' | 'show' = 'ride'): LiveQueueEntry => ({
  ride_id: `p_${slug}`,
  name: slug,
  type,
  status: 'OPERATING',
  standby_wait_minutes: wait,
  single_rider_wait_minutes: null,
  return_windows: [],
});
const reading = (...entries: LiveQueueEntry[]): LiveQueueReading => ({
  park_id: 'p',
  observed_at: 0,
  entries,
});
const byId = (entries: readonly LiveEntry[]) => new Map(entries.map((e) => [e.ride_id, e]));

describe('buildSnapshot', () => {
  it('always lists queued rides, unavailable when unreported, and shows only while reported', () => {
    const snapshot = buildSnapshot(park, reading(reported('coaster', 45)), true, 1000, new Map());
    expect(snapshot.entries.map((e) => [e.ride_id, e.status, e.standby_wait_minutes])).toEqual([
      ['p_coaster', 'OPERATING', 45],
      ['p_flume', 'unavailable', null],
    ]);
    const withShow = buildSnapshot(park, reading(reported('parade', null, 'show')), true, 1000, new Map());
    expect(withShow.entries.map((e) => e.ride_id)).toContain('p_parade');
  });

  it('keeps changed_at while nothing changes and moves it when something does', () => {
    const first = buildSnapshot(park, reading(reported('coaster', 45)), true, 1000, new Map());
    const same = buildSnapshot(park, reading(reported('coaster', 45)), true, 2000, byId(first.entries));
    expect(same.entries[0]?.changed_at).toBe(1000);
    const moved = buildSnapshot(park, reading(reported('coaster', 50)), true, 3000, byId(same.entries));
    expect(moved.entries[0]?.changed_at).toBe(3000);
  });
});

describe('the estimated actual wait in a snapshot', () => {
  /** Half the posted wait, plus the hour of `at` in minutes, so a later hour gives another answer. */
  const estimate = (_ride: unknown, posted: number, at: number) => {
    const minutes = Math.round(posted / 2) + Math.floor(at / 3_600_000);
    return { minutes, low: minutes - 5, high: minutes + 5 };
  };
  const HOUR = 3_600_000;

  it('is null without a posted wait and worked out from the posted wait when there is one', () => {
    const snapshot = buildSnapshot(park, reading(reported('coaster', 40)), true, HOUR, new Map(), estimate);
    expect(snapshot.entries.map((e) => [e.ride_id, e.estimated_actual])).toEqual([
      ['p_coaster', { minutes: 21, low: 16, high: 26 }],
      ['p_flume', null],
    ]);
  });

  it('stays as it was while the posted wait stands, however late it gets, and moves with a new posted wait', () => {
    const first = buildSnapshot(park, reading(reported('coaster', 40)), true, HOUR, new Map(), estimate);
    const later = buildSnapshot(
      park,
      reading(reported('coaster', 40)),
      true,
      5 * HOUR,
      byId(first.entries),
      estimate,
    );
    expect(later.entries[0]?.estimated_actual).toEqual(first.entries[0]?.estimated_actual);
    expect(diffEntries(byId(first.entries), later.entries).changed).toEqual([]);
    const moved = buildSnapshot(
      park,
      reading(reported('coaster', 60)),
      true,
      6 * HOUR,
      byId(later.entries),
      estimate,
    );
    expect(moved.entries[0]?.estimated_actual?.minutes).toBe(36);
  });
});

describe('diffEntries', () => {
  it('reports entries whose status, waits or priority lane changed, and removed ones', () => {
    const before = buildSnapshot(
      park,
      reading(reported('coaster', 45), reported('parade', null, 'show')),
      true,
      1,
      new Map(),
    );
    const after = buildSnapshot(park, reading(reported('coaster', 50)), true, 2, byId(before.entries));
    const diff = diffEntries(byId(before.entries), after.entries);
    expect(diff.changed.map((e) => e.ride_id)).toEqual(['p_coaster']);
    expect(diff.removed).toEqual(['p_parade']);
    expect(diffEntries(byId(after.entries), after.entries)).toEqual({ changed: [], removed: [] });
  });
});

describe('preferredWindow', () => {
  const multi = { type: 'multi_pass' as const, state: 'AVAILABLE' as const, start: 10, end: 20, price: null };
  const single = {
    type: 'single_pass' as const,
    state: 'AVAILABLE' as const,
    start: 5,
    end: 15,
    price: { amount: 19, currency: 'USD' },
  };

  it('prefers the multi-pass window and gives no price for it', () => {
    expect(preferredWindow([single, multi])).toEqual({
      type: 'multi_pass',
      state: 'AVAILABLE',
      return_start: 10,
      return_end: 20,
      price: null,
    });
  });

  it('gives the single-ride price of a single-pass window', () => {
    expect(preferredWindow([single])?.price).toBe(19);
    expect(preferredWindow([])).toBeNull();
  });
});
