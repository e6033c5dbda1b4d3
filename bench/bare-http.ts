/**
 * The HTTP baseline, in its own process: a bare `node:http` server that answers every request with
 * one fixed response, which the parent sets before each run to the exact bytes queuecast answered
 * with (`fixed-response.ts`).
 *
 *   node --import tsx bench/bare-http.ts
 */
// As in queuecast (src/lib/tick-shapes.ts, ADR 0007): without it, whether V8 builds this baseline's
// tick objects in its runtime depends on when its collections fall, and the ratio with it.
import '../src/lib/tick-shapes.js';
import type { AddressInfo } from 'node:net';
import { serve } from './child.js';
import { fixedResponseServer } from './fixed-response.js';

const { server, respond } = fixedResponseServer();

serve(async (request) => {
  if (request.command !== 'respond') throw new Error(`unknown command ${String(request.command)}`);
  respond(request);
  return {};
});

process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  process.exit(0);
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.send?.({ type: 'listening', url: `http://127.0.0.1:${port}` });
});
