import { describe, expect, it } from 'vitest';
import { useServer } from '../support/suite.js';
import { expectSuccess, receive } from '../support/expect-response.js';
import { SITE_URL } from '../support/server.js';

const ctx = useServer({ env: { PROVIDER_DATA: 'disabled' } });

// Each endpoint's answer with provider data disabled is in the shared endpoint suite
// (test/api/endpoints.test.ts); what is particular to ride detail is here.
describe('PROVIDER_DATA=disabled', () => {
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
