/**
 * The HTTP baseline, in its own process: a bare `node:http` server that answers every request with
 * one fixed response (status, Content-Type, Content-Length and the given headers, then the bytes),
 * which the parent sets before each run to the exact bytes queuecast answered with.
 *
 *   node --import tsx bench/bare-http.ts
 */
import { createServer, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from './child.js';

let status = 200;
let headers: OutgoingHttpHeaders = {};
let body = Buffer.alloc(0);

const server = createServer((_request, response) => {
  response.writeHead(status, headers);
  response.end(body);
});
server.keepAliveTimeout = 60_000;

serve(async (request) => {
  if (request.command !== 'respond') throw new Error(`unknown command ${String(request.command)}`);
  status = Number(request.status);
  body = Buffer.from(String(request.body), 'base64');
  headers = { ...(request.headers as Record<string, string>) };
  if (status !== 304) headers['content-length'] = body.length;
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
