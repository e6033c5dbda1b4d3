/**
 * A steady trickle of HTTP requests, in its own process: one GET every INTERVAL ms on keep-alive
 * connections, each with the next partner key from KEYS_FILE, timed from being written to its last
 * byte (process.hrtime, comparable with the broadcast's clock). `start` begins, `stop` ends and
 * answers every request as [sent, latency] in nanoseconds.
 *
 *   node --import tsx bench/trickle.ts http://127.0.0.1:PORT/v1/parks/mk/waits .bench/keys.json 5
 */
import { readFileSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { serve } from './child.js';

const [url = '', keysFile = '', intervalArgument = '5'] = process.argv.slice(2);
const keys = JSON.parse(readFileSync(keysFile, 'utf8')) as string[];
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

let timer: NodeJS.Timeout | undefined;
let samples: [string, string][] = [];
let failures = 0;
let next = 0;

function fire(): void {
  const key = keys[next++ % keys.length] ?? '';
  const sent = process.hrtime.bigint();
  const request = get(url, { agent, headers: { Authorization: `Bearer ${key}` } }, (response) => {
    if (response.statusCode !== 200) failures++;
    response.resume();
    response.once('end', () => {
      samples.push([sent.toString(), (process.hrtime.bigint() - sent).toString()]);
    });
  });
  request.once('error', () => failures++);
}

serve(async (request) => {
  if (request.command === 'start') {
    samples = [];
    failures = 0;
    timer = setInterval(fire, Number(intervalArgument));
    return {};
  }
  if (request.command === 'stop') {
    clearInterval(timer);
    // Let requests in flight finish.
    await new Promise((resolve) => setTimeout(resolve, 500));
    return { samples, failures };
  }
  throw new Error(`unknown command ${String(request.command)}`);
});

process.once('SIGTERM', () => {
  clearInterval(timer);
  agent.destroy();
  process.exit(0);
});
process.send?.({ type: 'ready' });
