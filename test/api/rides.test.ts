import { describe, expect, it } from 'vitest';
import { useServer } from '../support/suite.js';
import { expectError, expectSuccess, receive } from '../support/expect-response.js';
import { SITE_URL } from '../support/server.js';

const ctx = useServer();

const SPACE_PAGE = `${SITE_URL}/parks/magic-kingdom/rides/space-mountain`;

describe('GET /v1/rides/{ride}', () => {
  it.each([
    ['ID', 'magic-kingdom_space-mountain'],
    ['ID in upper case', 'MAGIC-KINGDOM_SPACE-MOUNTAIN'],
  ])('finds a ride by %s', async (_form, identifier) => {
    const path = `/v1/rides/${identifier}`;
    const received = await receive(await ctx.server.get(path));
    expectSuccess(received, ctx.contract, path, { maxAge: 5, attributionUrl: SPACE_PAGE });
    expect(received.body).toMatchObject({
      id: 'magic-kingdom_space-mountain',
      slug: 'space-mountain',
      name: 'Space Mountain',
      park_key: 'magic-kingdom',
      park_id: '75ea578a-adc8-4116-a54d-dccb60765ef9',
      type: 'ride',
      url: SPACE_PAGE,
    });
  });

  it('finds a ride by a name or slug that only one park has', async () => {
    for (const identifier of [
      'Seven%20Dwarfs%20Mine%20Train',
      'seven-dwarfs-mine-train',
      'SEVEN%20DWARFS%20MINE%20TRAIN',
    ]) {
      const received = await receive(await ctx.server.get(`/v1/rides/${identifier}`));
      expect(received.status, identifier).toBe(200);
      expect(received.body.id).toBe('magic-kingdom_seven-dwarfs-mine-train');
    }
  });

  it('answers 404 naming every ride when a name is shared by several parks', async () => {
    const received = await receive(await ctx.server.get('/v1/rides/space-mountain'));
    expectError(received, ctx.contract, '/v1/rides/space-mountain', {
      status: 404,
      code: 'not_found',
      message:
        /names \d rides: .*magic-kingdom_space-mountain.*disneyland_space-mountain|names \d rides: .*disneyland_space-mountain.*magic-kingdom_space-mountain/,
    });
  });

  it('answers 404 saying how to find ride IDs for an unknown ride', async () => {
    const received = await receive(await ctx.server.get('/v1/rides/magic-kingdom_warp-drive'));
    expectError(received, ctx.contract, '/v1/rides/magic-kingdom_warp-drive', {
      status: 404,
      code: 'not_found',
      message: /Unknown ride "magic-kingdom_warp-drive"\. Ride IDs look like .*\/v1\/parks\/\{park\}\/rides/,
    });
  });

  it('states derived metric facts and omits facts that are not public', async () => {
    const received = await receive(await ctx.server.get('/v1/rides/magic-kingdom_seven-dwarfs-mine-train'));
    const body = received.body as Record<string, number | undefined>;
    expect(body.height_requirement_inches).toBe(38);
    expect(body.height_requirement_cm).toBe(97);
    const show = await receive(await ctx.server.get('/v1/parks/magic-kingdom/rides'));
    const facts = (show.body.rides as Record<string, unknown>[]).find((r) => r.type === 'show');
    expect(facts).toBeDefined();
    expect(facts).not.toHaveProperty('top_speed_mph');
    expect(facts).not.toHaveProperty('drop_feet');
  });

  it('says when an attraction runs differently from its usual form, and only then', async () => {
    const railroad = await receive(
      await ctx.server.get('/v1/rides/magic-kingdom_walt-disney-world-railroad'),
    );
    const note = (railroad.body as { operation_note?: { since: string; text: string } }).operation_note;
    expect(note?.since).toBe('2025-07-07');
    expect(note?.text).toMatch(/Main Street, U\.S\.A\. and Fantasyland/);
    const list = await receive(await ctx.server.get('/v1/parks/magic-kingdom/rides'));
    const noted = (list.body.rides as Record<string, unknown>[]).filter((r) => 'operation_note' in r);
    expect(noted.map((r) => r.id)).toEqual(['magic-kingdom_walt-disney-world-railroad']);
  });
});

describe('GET /v1/parks/{park}/rides/{ride}', () => {
  it.each([
    ['ID', 'magic-kingdom', 'magic-kingdom_space-mountain'],
    ['slug within the park', 'mk', 'space-mountain'],
    ['name within the park', 'Magic%20Kingdom%20Park', 'space%20mountain'],
  ])('finds the ride by %s', async (_form, park, ride) => {
    const path = `/v1/parks/${park}/rides/${ride}`;
    const received = await receive(await ctx.server.get(path));
    expectSuccess(received, ctx.contract, path, { maxAge: 5, attributionUrl: SPACE_PAGE });
    expect(received.body.id).toBe('magic-kingdom_space-mountain');
  });

  it('answers 404 for a ride of another park', async () => {
    const received = await receive(
      await ctx.server.get('/v1/parks/epcot/rides/magic-kingdom_space-mountain'),
    );
    expectError(received, ctx.contract, '/v1/parks/epcot/rides/magic-kingdom_space-mountain', {
      status: 404,
      code: 'not_found',
      message: /at EPCOT\. .*\/v1\/parks\/epcot\/rides/,
    });
  });

  it('answers 404 listing park keys when the park is unknown', async () => {
    const received = await receive(await ctx.server.get('/v1/parks/nowhere/rides/space-mountain'));
    expectError(received, ctx.contract, '/v1/parks/nowhere/rides/space-mountain', {
      status: 404,
      code: 'not_found',
      message: /Valid park keys: magic-kingdom/,
    });
  });
});
