import { describe, expect, it } from 'vitest';
import { Catalog } from './catalog.js';
import {
  DATA_FAMILIES,
  DISCOVERED_FAMILIES_TEXT,
  familiesOf,
  hasFamily,
  isDiscovered,
  sourceOf,
  unsourcedReason,
} from './families.js';

const catalog = Catalog.load();
const origin = { source: 'themeparks-wiki', feed_id: 'f3ab4b9d-82a4-52c2-a2ed-0045074ad199', removed: false };
const europa = { name: 'Europa-Park', discovered: origin };

describe('which families a park has', () => {
  it('gives the spec parks, resorts and rides every family', () => {
    const everything = DATA_FAMILIES.map(({ family }) => family);
    for (const park of catalog.parks) {
      expect(isDiscovered(park)).toBe(false);
      expect(familiesOf(park), park.key).toEqual(everything);
      for (const ride of park.attractions) expect(hasFamily(ride, 'ride_facts'), ride.id).toBe(true);
    }
    for (const resort of catalog.resorts) expect(familiesOf(resort), resort.key).toEqual(everything);
  });

  it('gives a discovered park its feed and recorded families and none the simulator models', () => {
    expect(isDiscovered(europa)).toBe(true);
    for (const family of ['live_queues', 'park_hours', 'showtimes', 'crowds', 'history', 'plans'] as const) {
      expect(hasFamily(europa, family), family).toBe(true);
    }
    for (const family of [
      'tickets',
      'park_availability',
      'hotels',
      'event_nights',
      'buses',
      'ride_facts',
      'simulated_weather',
    ] as const) {
      expect(hasFamily(europa, family), family).toBe(false);
      expect(sourceOf(family)).toBe('modelled');
    }
  });

  it('keeps a removed park to the same families', () => {
    const removed = { name: 'Europa-Park', discovered: { ...origin, removed: true } };
    expect(familiesOf(removed)).toEqual(familiesOf(europa));
  });

  it('says why a family is unavailable, only where it is', () => {
    expect(unsourcedReason(europa, 'tickets')).toMatch(/No source provides ticket prices for Europa-Park/);
    expect(unsourcedReason(europa, 'live_queues')).toBeUndefined();
    for (const resort of catalog.resorts) expect(unsourcedReason(resort, 'tickets')).toBeUndefined();
  });

  it('names every family in the sentence the docs and the API descriptions carry', () => {
    for (const { words } of DATA_FAMILIES) expect(DISCOVERED_FAMILIES_TEXT).toContain(words);
  });
});
