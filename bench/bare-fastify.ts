/**
 * A reference, not a goal's baseline: bare Fastify 5 (no plugins, hooks or logger) answering every
 * GET with the same fixed bytes as bare-http.ts, in its own process. It shows what the framework
 * alone costs against `node:http` on this machine.
 *
 *   node --import tsx bench/bare-fastify.ts
 */
// As in queuecast (src/lib/tick-shapes.ts, ADR 0007): without it, whether V8 builds this baseline's
// tick objects in its runtime depends on when its collections fall, and the ratio with it.
import '../src/lib/tick-shapes.js';
import Fastify from 'fastify';
import { serve } from './child.js';

let status = 200;
let headers: Record<string, string> = {};
let body = Buffer.alloc(0);

const app = Fastify({ logger: false });
app.get('/*', (_request, reply) => {
  void reply
    .code(status)
    .headers(headers)
    .send(status === 304 ? undefined : body);
});

serve(async (request) => {
  if (request.command !== 'respond') throw new Error(`unknown command ${String(request.command)}`);
  status = Number(request.status);
  body = Buffer.from(String(request.body), 'base64');
  headers = { ...(request.headers as Record<string, string>) };
  return {};
});

process.once('SIGTERM', () => {
  void app.close().finally(() => process.exit(0));
});

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = address !== null && typeof address === 'object' ? address.port : 0;
process.send?.({ type: 'listening', url: `http://127.0.0.1:${port}` });
