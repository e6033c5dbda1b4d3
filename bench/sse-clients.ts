/**
 * The Server-Sent-Events client side of the fan-out benchmark, in its own process: opens N streams
 * to `<url>` (each its own connection, with a partner key from KEYS_FILE, ignored by the bare
 * server) and reports when every one has its snapshot; then, per change round, when the clients
 * received the change (process.hrtime). Events are read as `data:` lines ending in a blank line.
 *
 *   node --import tsx bench/sse-clients.ts http://127.0.0.1:PORT/v1/parks/magic-kingdom/waits/stream 10000 .bench/keys.json
 */
import { readFileSync } from 'node:fs';
import { get, type ClientRequest } from 'node:http';
import { Arrivals, openAll } from './arrivals.js';
import { serve } from './child.js';

const [url = '', countArgument = '1000', keysFile = ''] = process.argv.slice(2);
const count = Number(countArgument);
const keys = JSON.parse(readFileSync(keysFile, 'utf8')) as string[];

const requests: ClientRequest[] = [];
const arrivals = new Arrivals(count);

function open(index: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const key = keys[index % keys.length] ?? '';
    const request = get(url, {
      agent: false,
      headers: { Authorization: `Bearer ${key}`, Accept: 'text/event-stream' },
    });
    request.once('response', (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`client ${index}: HTTP ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      let pending = '';
      let ready = false;
      response.on('data', (chunk: string) => {
        pending += chunk;
        let end = pending.indexOf('\n\n');
        while (end !== -1) {
          const event = pending.slice(0, end);
          pending = pending.slice(end + 2);
          end = pending.indexOf('\n\n');
          if (!ready) {
            if (event.includes('"type":"snapshot"')) {
              ready = true;
              resolve();
            }
          } else if (event.includes('"type":"changes"')) arrivals.record(index);
        }
      });
    });
    request.once('error', reject);
    requests[index] = request;
  });
}

serve(async (request) => {
  if (request.command === 'round') return arrivals.round(Number(request.round));
  throw new Error(`unknown command ${String(request.command)}`);
});

process.once('SIGTERM', () => {
  for (const request of requests) request.destroy();
  process.exit(0);
});

const started = Date.now();
await openAll(count, 250, open);
process.send?.({ type: 'ready', ms: Date.now() - started });
