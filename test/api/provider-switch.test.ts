import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectSuccess, receive } from '../support/expect-response.js';
import { OpenApiContract } from '../support/openapi.js';
import { SITE_URL, startServer, type TestServer } from '../support/server.js';

let server: TestServer;
let contract: OpenApiContract;

beforeAll(async () => {
  server = await startServer({ env: { PROVIDER_DATA: 'disabled' } });
  contract = await OpenApiContract.fetch(server.url);
});
afterAll(() => server.close());

describe('PROVIDER_DATA=disabled', () => {
  it.each([
    '/v1/parks/mk/waits',
    '/v1/parks/mk/priority-lane',
    '/v1/parks/mk/reliability',
    '/v1/parks/mk/outages/today',
    '/v1/rides/magic-kingdom_space-mountain/history',
    '/v1/rides/magic-kingdom_space-mountain/outages',
  ])('answers %s with 403 rights_unavailable', async (path) => {
    expectError(await receive(await server.get(path)), contract, path, {
      status: 403,
      code: 'rights_unavailable',
      message:
        /disabled on this server\. Parks, resorts, rides, ride facts and crowd forecasts remain available/,
    });
  });

  it.each(['/v1/parks', '/v1/resorts', '/v1/resorts/wdw', '/v1/parks/mk/rides'])(
    'still answers %s',
    async (path) => {
      expect((await server.get(path)).status).toBe(200);
    },
  );

  it('serves ride facts without live and reliability', async () => {
    for (const path of ['/v1/rides/magic-kingdom_space-mountain', '/v1/parks/mk/rides/space-mountain']) {
      const received = await receive(await server.get(path));
      expectSuccess(received, contract, path, {
        maxAge: 5,
        attributionUrl: `${SITE_URL}/parks/magic-kingdom/rides/space-mountain`,
      });
      expect(received.body.name).toBe('Space Mountain');
      expect(received.body).not.toHaveProperty('live');
      expect(received.body).not.toHaveProperty('reliability');
    }
  });
});
