/**
 * The operator endpoints a load balancer routes on, outside `/v1`: not rate limited (no
 * `rateLimited` route config), not in the OpenAPI document (registered here, hidden, not as endpoints).
 * `GET /healthz` answers whenever the process serves; `GET /readyz` says whether it should get
 * traffic (services/readiness.ts decides), with 503 only when it cannot serve.
 */
import type { Readiness } from '../services/readiness.js';
import type { ApiServer } from './server-types.js';

export function registerHealth(server: ApiServer, readiness: Readiness): void {
  server.get('/healthz', { schema: { hide: true } }, (_request, reply) => {
    void reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });
  server.get('/readyz', { schema: { hide: true } }, (_request, reply) => {
    const report = readiness.report();
    void reply
      .code(report.status === 'unavailable' ? 503 : 200)
      .header('cache-control', 'no-store')
      .send(report);
  });
}
