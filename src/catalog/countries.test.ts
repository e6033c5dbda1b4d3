import { describe, expect, it } from 'vitest';
import { Catalog } from './catalog.js';
import { countryOfZone, parkCountry } from './countries.js';

describe('countryOfZone', () => {
  it.each([
    ['America/New_York', 'United States'],
    ['America/Los_Angeles', 'United States'],
    ['Europe/Berlin', 'Germany'],
    ['Asia/Tokyo', 'Japan'],
    ['Australia/Brisbane', 'Australia'],
    ['Europe/Copenhagen', 'Denmark'],
  ])('%s is in %s', (zone, country) => {
    expect(countryOfZone(zone)).toBe(country);
  });

  it('names no country for a zone of none', () => {
    expect(countryOfZone('UTC')).toBeUndefined();
    expect(countryOfZone('Etc/GMT+5')).toBeUndefined();
  });
});

describe('parkCountry', () => {
  const park = Catalog.load().parks[0];
  if (!park) throw new Error('no park');

  it("reads a spec park's country from its time zone", () => {
    expect(parkCountry(park)).toBe('United States');
  });

  it("prefers the feed's own word for a discovered park", () => {
    const discovered = {
      ...park,
      time_zone: 'Europe/London',
      discovered: { source: 'queue-times', feed_id: '417', removed: false, country: 'Denmark' },
    };
    expect(parkCountry(discovered)).toBe('Denmark');
    expect(parkCountry({ ...discovered, discovered: { ...discovered.discovered, country: undefined } })).toBe(
      'United Kingdom',
    );
  });
});
