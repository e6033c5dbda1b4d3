/**
 * The WebSocket client side of the fan-out benchmark, in its own process: opens N clients to
 * `<ws url>`, each with a partner key from KEYS_FILE (ignored by the bare server), subscribes each
 * to Magic Kingdom and reports when every one has its snapshot. Then, for each change round, it
 * reports when the clients received the change (process.hrtime).
 *
 *   node --import tsx bench/fanout-clients.ts ws://127.0.0.1:PORT/v1/stream 10000 .bench/keys.json
 */
import { readFileSync } from 'node:fs';
import { WebSocket } from 'ws';
import { Arrivals, openAll } from './arrivals.js';
import { serve } from './child.js';

const [url = '', countArgument = '1000', keysFile = ''] = process.argv.slice(2);
const count = Number(countArgument);
const keys = JSON.parse(readFileSync(keysFile, 'utf8')) as string[];
const SUBSCRIBE = JSON.stringify({ type: 'subscribe', parks: ['magic-kingdom'] });

const sockets: WebSocket[] = [];
const arrivals = new Arrivals(count);

function open(index: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const key = keys[index % keys.length] ?? '';
    const socket = new WebSocket(url, {
      perMessageDeflate: false,
      headers: { Authorization: `Bearer ${key}` },
    });
    let ready = false;
    socket.on('message', (data: Buffer) => {
      if (!ready) {
        if (data.includes('"type":"snapshot"')) {
          ready = true;
          resolve();
        } else if (data.includes('"type":"error"')) reject(new Error(`client ${index}: ${data.toString()}`));
        return;
      }
      if (data.includes('"type":"changes"')) arrivals.record(index);
    });
    socket.once('open', () => {
      socket.send(SUBSCRIBE);
    });
    socket.once('error', reject);
    sockets[index] = socket;
  });
}

serve(async (request) => {
  if (request.command === 'round') return arrivals.round(Number(request.round));
  throw new Error(`unknown command ${String(request.command)}`);
});

process.once('SIGTERM', () => {
  for (const socket of sockets) socket.terminate();
  process.exit(0);
});

const started = Date.now();
await openAll(count, 250, open);
process.send?.({ type: 'ready', ms: Date.now() - started });
