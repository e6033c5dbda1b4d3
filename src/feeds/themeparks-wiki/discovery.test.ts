import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseChildren, parseDestinations, parsePark } from './discovery.js';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../../../shared/fixtures/${name}`, import.meta.url), 'utf8'));
const WDW = 'e957da41-3552-4cf6-b636-5babc5cbc4e5';

describe('ThemeParks.wiki discovery', () => {
  it('reads destinations and their parks from /v1/destinations', () => {
    const listing = parseDestinations(fixture('themeparkswiki-destinations.json'));
    const wdw = listing.resorts.find((resort) => resort.feed_id === WDW);
    expect(wdw).toMatchObject({ name: 'Walt Disney World Resort', slug: 'waltdisneyworldresort' });
    expect(wdw?.parks.map((park) => park.name)).toContain("Disney's Typhoon Lagoon Water Park");
    expect(wdw?.parks[0]).toEqual({
      feed_id: '75ea578a-adc8-4116-a54d-dccb60765ef9',
      name: 'Magic Kingdom Park',
    });
  });

  it('reads a park: time zone and location from the entity, attractions and shows from its children', () => {
    const park = parsePark(
      fixture('themeparkswiki-entity.json'),
      fixture('themeparkswiki-children.json'),
      WDW,
    );
    expect(park).toMatchObject({
      feed_id: '75ea578a-adc8-4116-a54d-dccb60765ef9',
      name: 'Magic Kingdom Park',
      time_zone: 'America/New_York',
      resort_feed_id: WDW,
      location: { latitude: 28.4160036778, longitude: -81.5811902834 },
    });
    const kinds = new Map(park.attractions.map((a) => [a.name, a.type]));
    expect(kinds.get('TRON Lightcycle / Run')).toBe('ride');
    expect(kinds.get('Disney Starlight: Dream the Night Away')).toBe('show');
    // Restaurants are not attractions.
    expect(kinds.has('Jungle Navigation Co. LTD Skipper Canteen')).toBe(false);
    expect(park.attractions.find((a) => a.name === 'TRON Lightcycle / Run')?.location).toEqual({
      latitude: 28.4205,
      longitude: -81.5776,
    });
  });

  it('refuses a park without a time zone and a document without its lists', () => {
    const entity = { ...(fixture('themeparkswiki-entity.json') as object), timezone: undefined };
    expect(() => parsePark(entity, fixture('themeparkswiki-children.json'), WDW)).toThrow(/timezone/);
    expect(() => parseDestinations({})).toThrow(/destinations/);
    expect(() => parseChildren({ id: 'x' })).toThrow(/children/);
  });
});
