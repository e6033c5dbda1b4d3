/**
 * The fan-out baselines, in their own process: the least a server can do to broadcast one change.
 *
 * - `ws`: a bare `ws` server (as in the ws README) that answers a subscribe with a snapshot and
 *   broadcasts one pre-serialised string to every open client.
 * - `sse`: a bare `node:http` Server-Sent-Events server that writes one pre-built `data:` event to
 *   every open response.
 *
 * Both also answer any other GET with fixed bytes (`respond`, as bare-http.ts), so an HTTP trickle
 * can be timed while they broadcast. Commands: `publish` (says when, process.hrtime, comparable
 * across processes on one machine), `memory`, `subscribers`.
 *
 *   node --expose-gc --import tsx bench/bare-broadcast.ts ws|sse
 */
// As in queuecast (src/lib/tick-shapes.ts, ADR 0007): without it, whether V8 builds this baseline's
// tick objects in its runtime depends on when its collections fall, and the ratio with it.
import '../src/lib/tick-shapes.js';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { serve } from './child.js';
import { changesMessage } from './change-message.js';
import { collectedMemory } from './stats.js';

const role = process.argv[2];
if (role !== 'ws' && role !== 'sse') throw new Error('usage: bare-broadcast.ts ws|sse');

const SNAPSHOT = JSON.stringify({ type: 'snapshot', park_key: 'magic-kingdom', entries: [] });
let fixed = { status: 200, body: Buffer.alloc(0), headers: {} as Record<string, string | number> };
const streams = new Set<ServerResponse>();

const server = createServer((request, response) => {
  if (role === 'sse' && request.url?.includes('/waits/stream')) {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
    });
    response.write(`retry: 5000\n\ndata: ${SNAPSHOT}\n\n`);
    streams.add(response);
    response.once('close', () => streams.delete(response));
    return;
  }
  response.writeHead(fixed.status, fixed.headers);
  response.end(fixed.body);
});
server.keepAliveTimeout = 60_000;

const wss = role === 'ws' ? new WebSocketServer({ server, perMessageDeflate: false }) : undefined;
wss?.on('connection', (socket) => {
  socket.on('message', () => {
    socket.send(SNAPSHOT);
  });
});

let wait = 0;
function publish(): { t0: string; loopNs: string } {
  wait = (wait + 5) % 120;
  const t0 = process.hrtime.bigint();
  // The same message a queuecast subscriber gets, serialised once, written to every open client.
  const json = JSON.stringify(changesMessage(wait, Date.now()));
  if (wss) {
    for (const client of wss.clients) if (client.readyState === WebSocket.OPEN) client.send(json);
  } else {
    const event = Buffer.from(`data: ${json}\n\n`);
    for (const response of streams) response.write(event);
  }
  const t1 = process.hrtime.bigint();
  return { t0: t0.toString(), loopNs: (t1 - t0).toString() };
}

serve(async (request) => {
  switch (request.command) {
    case 'publish':
      return publish();
    case 'memory':
      return collectedMemory();
    case 'rss':
      return { rss: process.memoryUsage.rss() };
    case 'subscribers':
      return { count: wss ? wss.clients.size : streams.size };
    case 'respond': {
      const body = Buffer.from(String(request.body), 'base64');
      const headers = { ...(request.headers as Record<string, string>), 'content-length': body.length };
      fixed = { status: Number(request.status), body, headers };
      return {};
    }
    default:
      throw new Error(`unknown command ${String(request.command)}`);
  }
});

process.once('SIGTERM', () => {
  for (const client of wss?.clients ?? []) client.terminate();
  for (const response of streams) response.destroy();
  server.closeAllConnections();
  server.close(() => process.exit(0));
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.send?.({ type: 'listening', url: `http://127.0.0.1:${port}` });
});
