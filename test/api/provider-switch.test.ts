import { describe, expect, it } from 'vitest';
import { useServer } from '../support/suite.js';
import { expectError, expectSuccess, receive } from '../support/expect-response.js';
import { SITE_URL } from '../support/server.js';

const ctx = useServer({ env: { PROVIDER_DATA: 'disabled' } });

describe('PROVIDER_DATA=disabled', () => {
  it.each([
    '/v1/parks/mk/waits',
    '/v1/parks/mk/priority-lane',
    '/v1/parks/mk/reliability',
    '/v1/parks/mk/outages/today',
    '/v1/rides/magic-kingdom_space-mountain/history',
    '/v1/rides/magic-kingdom_space-mountain/outages',
  ])('answers %s with 403 rights_unavailable', async (path) => {
    expectError(await receive(await ctx.server.get(path)), ctx.contract, path, {
      status: 403,
      code: 'rights_unavailable',
      message:
        /disabled on this server\. Parks, resorts, rides, ride facts and crowd forecasts remain available/,
    });
  });

  it.each(['/v1/parks', '/v1/resorts', '/v1/resorts/wdw', '/v1/parks/mk/rides'])(
    'still answers %s',
    async (path) => {
      expect((await ctx.server.get(path)).status).toBe(200);
    },
  );

  it('serves ride facts without live and reliability', async () => {
    for (const path of ['/v1/rides/magic-kingdom_space-mountain', '/v1/parks/mk/rides/space-mountain']) {
      const received = await receive(await ctx.server.get(path));
      expectSuccess(received, ctx.contract, path, {
        maxAge: 5,
        attributionUrl: `${SITE_URL}/parks/magic-kingdom/rides/space-mountain`,
      });
      expect(received.body.name).toBe('Space Mountain');
      expect(received.body).not.toHaveProperty('live');
      expect(received.body).not.toHaveProperty('reliability');
    }
  });
});
