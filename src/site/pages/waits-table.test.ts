import { describe, expect, it } from 'vitest';
import { Catalog } from '../../catalog/catalog.js';
import type { LiveEntryView } from '../../http/resources/live-entry.js';
import { parseWaitsQuery, sortEntries, waitsQueryKey } from './waits-table.js';

const park = Catalog.load().park('magic-kingdom');
if (!park) throw new Error('catalog without magic-kingdom');

const entry = (name: string, status: LiveEntryView['status'], wait: number | null): LiveEntryView => ({
  ride_id: `magic-kingdom_${name}`,
  name,
  type: 'ride',
  status,
  standby_wait_minutes: wait,
  estimated_actual_wait_minutes: wait === null ? null : Math.round(wait * 0.7),
  estimated_actual_low_minutes: wait === null ? null : Math.round(wait * 0.5),
  estimated_actual_high_minutes: wait,
  single_rider_wait_minutes: null,
  priority_lane: null,
  changed_at: '2026-11-25T15:00:00.000Z',
});

describe('the waits table query', () => {
  it('keeps known values and reads anything else as all, so the prepared pages stay bounded', () => {
    expect(parseWaitsQuery(park, { type: 'show', land: 'Tomorrowland', sort: 'wait' })).toEqual({
      type: 'show',
      land: 'Tomorrowland',
      sort: 'wait',
    });
    const odd = parseWaitsQuery(park, { type: 'boat', land: ['a', 'b'], sort: 'random', extra: 'x' });
    expect(odd).toEqual({ type: 'all', land: 'all', sort: 'name' });
    expect(waitsQueryKey(odd)).toBe('all|all|name');
  });

  it('sorts by longest wait (no number last), by status, or by name', () => {
    const entries = [entry('b', 'DOWN', null), entry('a', 'OPERATING', 20), entry('c', 'OPERATING', 45)];
    expect(sortEntries(entries, 'wait').map((e) => e.name)).toEqual(['c', 'a', 'b']);
    expect(sortEntries(entries, 'status').map((e) => e.name)).toEqual(['a', 'c', 'b']);
    expect(sortEntries(entries, 'name').map((e) => e.name)).toEqual(['a', 'b', 'c']);
  });
});
