import { describe, expect, it } from 'vitest';
import { Catalog } from './catalog.js';
import { rideKind } from './ride-kind.js';

describe('rideKind', () => {
  it('names headliners by their single-ride lane, thrill rides by their height limit, the rest family', () => {
    expect(rideKind({ priority_lane: ['single_pass'], height_requirement_inches: 38 })).toBe('headliner');
    expect(rideKind({ priority_lane: ['multi_pass'], height_requirement_inches: 40 })).toBe('thrill');
    expect(rideKind({ priority_lane: ['multi_pass'], height_requirement_inches: 32 })).toBe('family');
    expect(rideKind({ priority_lane: [] })).toBe('family');
  });

  it('gives every ride of the catalog a kind, with each kind present', () => {
    const kinds = Catalog.load()
      .parks.flatMap((park) => park.attractions)
      .filter((ride) => ride.type === 'ride')
      .map(rideKind);
    expect(new Set(kinds)).toEqual(new Set(['headliner', 'thrill', 'family']));
  });
});
