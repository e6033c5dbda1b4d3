import { describe, expect, it } from 'vitest';
import { Catalog } from './catalog.js';
import { RECORDED_ATTRACTIONS, recordedKinds, recordedMatcher } from './recorded-attractions.js';

describe('the recorded attractions', () => {
  const catalog = Catalog.load();

  it('name only rides the catalog has, or carry their own facts when gone', () => {
    for (const recorded of RECORDED_ATTRACTIONS) {
      if (recorded.ride === null) expect(recorded.facts, recorded.file).toBeDefined();
      else expect(catalog.ride(recorded.ride).kind, recorded.file).toBe('found');
    }
  });

  it('give each file the kind of the ride it became, a gone one the kind of its own facts', () => {
    const kindOf = recordedKinds(catalog);
    expect(kindOf('splash_mountain')).toBe('thrill');
    expect(kindOf('dinosaur')).toBe('thrill');
    expect(kindOf('spaceship_earth')).toBe('family');
    expect(kindOf('alien_saucers')).toBe('family');
    expect(kindOf('not_a_file')).toBeUndefined();
  });

  it('give a file the table lacks the kind of the ride its metadata names in its park', () => {
    const kindOf = recordedKinds(catalog);
    const park = "Disney's Hollywood Studios";
    expect(kindOf('rise', { park, names: ['Star Wars: Rise of the Resistance'] })).toBe('headliner');
    expect(kindOf('slinky_dog', { park, names: ['Slinky Dog Dash'] })).toBe('family');
    expect(kindOf('saucers_again', { park, names: ['Swirling Saucers', 'Alien Swirling Saucers'] })).toBe(
      'family',
    );
    // A name from another park, or no name the catalog knows, gives no kind.
    expect(kindOf('mine_train', { park, names: ['Seven Dwarfs Mine Train'] })).toBeUndefined();
    expect(kindOf('mine_train', { park: 'Magic Kingdom', names: ['Seven Dwarfs Mine Train'] })).toBe(
      'headliner',
    );
    expect(kindOf('gone', { park, names: ['The Great Movie Ride'] })).toBeUndefined();
    // The table's own answer stands whatever the metadata says.
    expect(kindOf('spaceship_earth', { park: 'Magic Kingdom', names: ['Seven Dwarfs Mine Train'] })).toBe(
      'family',
    );
  });

  it('match a file to the catalog ride it became, by the table or by its metadata', () => {
    const matchOf = recordedMatcher(catalog);
    expect(matchOf('dinosaur')).toEqual({ ride: null, kind: 'thrill' });
    expect(matchOf('soarin')).toEqual({ ride: 'epcot_soarin-across-america', kind: 'thrill' });
    const rise = catalog.ride('Star Wars: Rise of the Resistance', catalog.park('hollywood studios'));
    expect(rise.kind).toBe('found');
    expect(
      matchOf('rise', {
        park: 'hollywood studios',
        names: ['Rise of the Resistance', 'Star Wars: Rise of the Resistance'],
      }),
    ).toEqual({ ride: rise.kind === 'found' ? rise.ride.id : '', kind: 'headliner' });
  });
});
