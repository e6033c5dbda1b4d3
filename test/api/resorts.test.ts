import { describe, expect, it } from 'vitest';
import { useServer } from '../support/suite.js';
import type { ResortResponse } from '../../src/api/routes/resorts/get-resort.js';
import type { ResortsResponse } from '../../src/api/routes/resorts/list-resorts.js';
import { expectError, expectSuccess, receive } from '../support/expect-response.js';
import { SITE_URL } from '../support/server.js';

const ctx = useServer();

describe('GET /v1/resorts', () => {
  it('lists the four resorts with their parks', async () => {
    const received = await receive<ResortsResponse>(await ctx.server.get('/v1/resorts'));
    expectSuccess(received, ctx.contract, '/v1/resorts', { maxAge: 300, attributionUrl: `${SITE_URL}/` });
    const resorts = received.body.resorts;
    expect(resorts.map((r) => [r.key, r.parks.length])).toEqual([
      ['walt-disney-world', 4],
      ['disneyland-resort', 2],
      ['universal-orlando', 3],
      ['universal-hollywood', 1],
    ]);
    expect(resorts.filter((r) => r.bus_network).map((r) => r.key)).toEqual(['walt-disney-world']);
  });
});

describe('GET /v1/resorts/{resort}', () => {
  it.each([
    ['key', 'universal-orlando'],
    ['canonical ID', '89db5d43-c434-4097-b71f-f6869f495a22'],
    ['name', 'Universal%20Orlando%20Resort'],
    ['alias', 'UOR'],
  ])('finds the resort by %s', async (_form, identifier) => {
    const path = `/v1/resorts/${identifier}`;
    const received = await receive<ResortResponse>(await ctx.server.get(path));
    expectSuccess(received, ctx.contract, path, { maxAge: 300, attributionUrl: `${SITE_URL}/` });
    expect(received.body.key).toBe('universal-orlando');
    expect(received.body.time_zone).toBe('America/New_York');
    expect(received.body.parks.map((p) => p.key)).toEqual([
      'universal-studios-florida',
      'islands-of-adventure',
      'epic-universe',
    ]);
  });

  it('answers 404 with the valid resort keys', async () => {
    const received = await receive(await ctx.server.get('/v1/resorts/tokyo'));
    expectError(received, ctx.contract, '/v1/resorts/tokyo', {
      status: 404,
      code: 'not_found',
      message:
        /Unknown resort "tokyo"\. Valid resort keys: walt-disney-world, disneyland-resort, universal-orlando, universal-hollywood/,
    });
  });
});
