import { describe, expect, it } from 'vitest';
import { PARK_PROFILES } from './parks.js';
import { profileOf, REFURBISHMENTS, RIDE_OVERRIDES } from './profiles.js';
import { catalog, must } from './test-fixtures.js';

describe('simulator tables', () => {
  it('name only rides that exist in the catalog', () => {
    const missing = [...Object.keys(RIDE_OVERRIDES), ...REFURBISHMENTS.map((r) => r.ride_id)].filter(
      (id) => catalog.ride(id).kind !== 'found' || !id.includes('_'),
    );
    expect(missing).toEqual([]);
    for (const r of REFURBISHMENTS) expect(r.from <= r.to).toBe(true);
  });

  it('have a park profile for every catalog park', () => {
    expect(catalog.parks.map((p) => p.key).filter((k) => !PARK_PROFILES[k])).toEqual([]);
  });

  it('rank the famous headliners above the rest of their park', () => {
    for (const id of [
      'magic-kingdom_seven-dwarfs-mine-train',
      'magic-kingdom_tron-lightcycle-run',
      'hollywood-studios_slinky-dog-dash',
      'hollywood-studios_star-wars-rise-of-the-resistance',
      'animal-kingdom_avatar-flight-of-passage',
      'epcot_guardians-of-the-galaxy-cosmic-rewind',
      'islands-of-adventure_hagrids-magical-creatures-motorbike-adventure',
      'islands-of-adventure_jurassic-world-velocicoaster',
      'epic-universe_mario-kart-bowsers-challenge',
      'california-adventure_radiator-springs-racers',
    ]) {
      const found = catalog.ride(id);
      if (found.kind !== 'found') throw new Error(id);
      const operator = must(PARK_PROFILES[found.park.key]).operator;
      const peaks = found.park.attractions
        .filter((a) => a.type === 'ride')
        .map((a) => profileOf(a, operator).peak);
      const own = profileOf(found.ride, operator);
      expect(own.tier, id).toBe('headliner');
      expect(peaks.filter((p) => p > own.peak).length, id).toBeLessThanOrEqual(3);
    }
  });
});
