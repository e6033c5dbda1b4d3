import { describe, expect, it } from 'vitest';
import { Catalog } from './catalog.js';
import { RECORDED_ATTRACTIONS, recordedKinds } from './recorded-attractions.js';

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
});
