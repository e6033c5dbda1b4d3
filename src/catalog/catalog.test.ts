import { IANAZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import { distanceMetres } from '../models/plan/walking.js';
import { Catalog, normalizeIdentifier } from './catalog.js';

const catalog = Catalog.load();

describe('catalog data', () => {
  it('has the ten parks in the four resorts', () => {
    expect(catalog.parks).toHaveLength(10);
    expect(catalog.resorts.map((r) => [r.key, r.parks.length])).toEqual([
      ['walt-disney-world', 4],
      ['disneyland-resort', 2],
      ['universal-orlando', 3],
      ['universal-hollywood', 1],
    ]);
  });

  it('uses valid IANA time zones everywhere', () => {
    for (const place of [...catalog.parks, ...catalog.resorts]) {
      expect(IANAZone.isValidZone(place.time_zone), place.key).toBe(true);
    }
    for (const park of catalog.parks) expect(park.time_zone).toBe(park.resort.time_zone);
  });

  it('gives every identifier to one park or resort only', () => {
    for (const kind of [catalog.parks, catalog.resorts]) {
      const seen = new Map<string, string>();
      for (const place of kind) {
        for (const id of [place.key, place.id, place.name, ...place.aliases]) {
          const normal = normalizeIdentifier(id);
          expect(seen.get(normal) ?? place.key, `"${id}" is claimed twice`).toBe(place.key);
          seen.set(normal, place.key);
        }
      }
    }
  });

  it('gives every park its attractions, with several queued rides', () => {
    for (const park of catalog.parks) {
      expect(park.attractions.filter((a) => a.type === 'ride').length, park.key).toBeGreaterThanOrEqual(5);
    }
  });

  it('shapes ride IDs as <park_key>_<ride_slug> and keeps them unique', () => {
    const ids = catalog.parks.flatMap((park) => park.attractions.map((a) => a.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const park of catalog.parks) {
      for (const ride of park.attractions) {
        expect(ride.id).toBe(`${park.key}_${ride.slug}`);
        expect(ride.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*_[a-z0-9]+(-[a-z0-9]+)*$/);
      }
    }
  });

  it('keeps names unique within a park, so name lookup under a park is never ambiguous', () => {
    for (const park of catalog.parks) {
      const names = park.attractions.flatMap((a) => [
        normalizeIdentifier(a.name),
        normalizeIdentifier(a.slug),
      ]);
      const perRide = park.attractions.map(
        (a) => new Set([normalizeIdentifier(a.name), normalizeIdentifier(a.slug)]).size,
      );
      expect(new Set(names).size, park.key).toBe(perRide.reduce((sum, n) => sum + n, 0));
    }
  });

  it('gives every ride its entrance location and its duration, within 2 km of its park entrance', () => {
    for (const park of catalog.parks) {
      for (const ride of park.attractions.filter((a) => a.type === 'ride')) {
        expect(ride.duration_minutes, ride.id).toBeGreaterThan(0);
        expect(ride.location, ride.id).toBeDefined();
        if (!ride.location) continue;
        expect(distanceMetres(ride.location, park.entrance), ride.id).toBeLessThan(2_000);
      }
    }
  });

  it('places each park entrance within 2 km of the park', () => {
    for (const park of catalog.parks) {
      expect(distanceMetres(park, park.entrance), park.key).toBeLessThan(2_000);
    }
  });

  it('states facts only where they make sense', () => {
    for (const ride of catalog.parks.flatMap((p) => p.attractions)) {
      if (ride.type !== 'ride') {
        expect(ride.top_speed_mph, ride.id).toBeUndefined();
        expect(ride.drop_feet, ride.id).toBeUndefined();
      }
    }
  });
});

describe('lookup', () => {
  it('finds parks by key, ID, name and alias in any case', () => {
    for (const id of ['epcot', 'EPCOT', '47F90D2C-E191-4239-A466-5892EF59A88B', 'ep']) {
      expect(catalog.park(id)?.key, id).toBe('epcot');
    }
    expect(catalog.park("Disney's Hollywood Studios")?.key).toBe('hollywood-studios');
    expect(catalog.park('disney’s hollywood studios')?.key).toBe('hollywood-studios');
    expect(catalog.park('Atlantis')).toBeUndefined();
  });

  it('finds resorts by key, ID, name and alias', () => {
    for (const id of [
      'walt-disney-world',
      'WDW',
      'Walt Disney World Resort',
      'e957da41-3552-4cf6-b636-5babc5cbc4e5',
    ]) {
      expect(catalog.resort(id)?.key, id).toBe('walt-disney-world');
    }
  });

  it('finds a ride by ID, and by name only when the name is unique', () => {
    expect(catalog.ride('magic-kingdom_space-mountain')).toMatchObject({ kind: 'found' });
    expect(catalog.ride('Space Mountain')).toMatchObject({ kind: 'ambiguous' });
    const disneyland = catalog.park('dl');
    expect(catalog.ride('Space Mountain', disneyland)).toMatchObject({
      kind: 'found',
      ride: { id: 'disneyland_space-mountain' },
    });
    expect(catalog.ride('magic-kingdom_space-mountain', disneyland)).toEqual({ kind: 'not_found' });
  });
});

describe('normalizeIdentifier', () => {
  it('folds case, accents, apostrophes, ampersands and separators', () => {
    expect(normalizeIdentifier("Na'vi River Journey")).toBe('navi river journey');
    expect(normalizeIdentifier('navi-river-journey')).toBe('navi river journey');
    expect(normalizeIdentifier('Frozen Ever After')).toBe(normalizeIdentifier('FROZEN_EVER_AFTER'));
    expect(normalizeIdentifier('Pirates & Pals')).toBe('pirates and pals');
    expect(normalizeIdentifier('Café')).toBe('cafe');
  });
});

describe('a catalog replaced by a refresh', () => {
  it('changes its version at every replace, so bodies drawn from it are built again', () => {
    const fresh = Catalog.load();
    const first = fresh.version;
    fresh.replace({ resorts: fresh.resorts, parks: fresh.parks });
    expect(fresh.version).not.toBe(first);
  });

  it("lists under a spec resort the parks a feed places in it, after the resort's own", () => {
    const fresh = Catalog.load();
    const wdw = fresh.resort('walt-disney-world');
    const magicKingdom = fresh.park('magic-kingdom');
    if (!wdw || !magicKingdom) throw new Error('no Walt Disney World');
    expect(fresh.parksOf(wdw)).toEqual(wdw.parks);
    const typhoonLagoon = {
      ...magicKingdom,
      id: 'b070cbc5-feaa-4b87-a8c1-f94cca037a18',
      key: 'typhoon-lagoon',
      name: "Disney's Typhoon Lagoon Water Park",
      aliases: [],
      attractions: [],
      discovered: {
        source: 'themeparks-wiki',
        feed_id: 'b070cbc5-feaa-4b87-a8c1-f94cca037a18',
        removed: false,
      },
    };
    fresh.replace({ resorts: fresh.resorts, parks: [...fresh.parks, typhoonLagoon] });
    expect(fresh.parksOf(wdw).map((park) => park.key)).toEqual([
      ...wdw.parks.map((park) => park.key),
      'typhoon-lagoon',
    ]);
    // The resort's own record is as the data files say.
    expect(wdw.parks).toHaveLength(4);
  });
});
