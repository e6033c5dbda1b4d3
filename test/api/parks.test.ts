import { describe, expect, it } from 'vitest';
import { useServer } from '../support/suite.js';
import type { ParkRidesResponse } from '../../src/api/routes/parks/list-rides.js';
import type { ParksResponse } from '../../src/api/routes/parks/list-parks.js';
import { expectError, expectSuccess, receive } from '../support/expect-response.js';
import { SITE_URL } from '../support/server.js';

const ctx = useServer();

describe('GET /v1/parks', () => {
  it('lists the ten parks of the four resorts with IDs, zones and page URLs', async () => {
    const received = await receive<ParksResponse>(await ctx.server.get('/v1/parks'));
    expectSuccess(received, ctx.contract, '/v1/parks', { maxAge: 300, attributionUrl: `${SITE_URL}/` });
    const parks = received.body.parks;
    expect(parks).toHaveLength(10);
    expect(new Set(parks.map((p) => p.destination.name)).size).toBe(4);
    const mk = parks.find((p) => p.key === 'magic-kingdom');
    expect(mk).toMatchObject({
      id: '75ea578a-adc8-4116-a54d-dccb60765ef9',
      name: 'Magic Kingdom Park',
      time_zone: 'America/New_York',
      resort_key: 'walt-disney-world',
      destination: { id: 'e957da41-3552-4cf6-b636-5babc5cbc4e5', name: 'Walt Disney World Resort' },
      url: `${SITE_URL}/parks/magic-kingdom`,
    });
    expect(mk?.aliases).toContain('mk');
  });
});

describe('GET /v1/parks/{park}/rides', () => {
  it.each([
    ['key', 'california-adventure'],
    ['canonical ID', '832fcd51-ea19-4e77-85c7-75d5843b127c'],
    ['canonical ID in upper case', '832FCD51-EA19-4E77-85C7-75D5843B127C'],
    ['name', 'Disney%20California%20Adventure%20Park'],
    ['alias', 'dca'],
    ['alias in upper case', 'DCA'],
  ])('finds the park by %s', async (_form, identifier) => {
    const path = `/v1/parks/${identifier}/rides`;
    const received = await receive(await ctx.server.get(path));
    expectSuccess(received, ctx.contract, path, {
      maxAge: 300,
      attributionUrl: `${SITE_URL}/parks/california-adventure`,
    });
    expect(received.body.park_key).toBe('california-adventure');
    expect(received.body.time_zone).toBe('America/Los_Angeles');
  });

  it('lists attractions with land, type, priority lanes and page URLs', async () => {
    const received = await receive<ParkRidesResponse>(await ctx.server.get('/v1/parks/magic-kingdom/rides'));
    const rides = received.body.rides;
    expect(rides.length).toBeGreaterThan(15);
    for (const ride of rides) {
      expect(ride.id).toMatch(/^magic-kingdom_[a-z0-9-]+$/);
      expect(ride.url).toBe(`${SITE_URL}/parks/magic-kingdom/rides/${ride.id.split('_')[1] ?? ''}`);
      expect(ride.land?.length).toBeGreaterThan(0);
    }
    expect(rides.some((r) => r.priority_lane_types?.includes('single_pass'))).toBe(true);
  });

  it('answers 404 with the valid park keys for an unknown park', async () => {
    const received = await receive(await ctx.server.get('/v1/parks/atlantis/rides'));
    expectError(received, ctx.contract, '/v1/parks/atlantis/rides', {
      status: 404,
      code: 'not_found',
      message:
        /Unknown park "atlantis"\. Valid park keys: magic-kingdom, epcot, .*universal-studios-hollywood/,
    });
  });
});
