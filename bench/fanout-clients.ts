/**
 * The client side of the fan-out benchmark, in its own process: opens N WebSocket clients to
 * `<ws url>`, subscribes each to Magic Kingdom, and reports when every one has its snapshot. Then,
 * for each change round, it reports when each client received the change (process.hrtime).
 *
 *   node --import tsx bench/fanout-clients.ts ws://127.0.0.1:PORT/v1/stream 10000
 */
import { WebSocket } from 'ws';
import { serve } from './child.js';

const [url = '', countArgument = '1000'] = process.argv.slice(2);
const count = Number(countArgument);
const CONCURRENT_OPENS = 250;
const SUBSCRIBE = JSON.stringify({ type: 'subscribe', parks: ['magic-kingdom'] });

const sockets: WebSocket[] = [];
/** Per round, when each client received its change. */
const arrivals: bigint[][] = [];
/** Who waits for a round to reach every client. */
const roundWaiters = new Map<number, () => void>();

function open(index: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    let changes = 0;
    let ready = false;
    socket.on('message', (data: Buffer) => {
      if (!ready) {
        if (data.includes('"type":"snapshot"')) {
          ready = true;
          resolve();
        }
        return;
      }
      if (!data.includes('"type":"changes"')) return;
      const at = process.hrtime.bigint();
      const round = changes++;
      const times = (arrivals[round] ??= []);
      times.push(at);
      if (times.length === count) {
        roundWaiters.get(round)?.();
        roundWaiters.delete(round);
      }
    });
    socket.once('open', () => {
      socket.send(SUBSCRIBE);
    });
    socket.once('error', reject);
    sockets[index] = socket;
  });
}

async function openAll(): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await open(next++);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_OPENS, count) }, worker));
}

serve(async (request) => {
  if (request.command === 'round') {
    const round = Number(request.round);
    if ((arrivals[round]?.length ?? 0) < count) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(
            new Error(`round ${round}: ${arrivals[round]?.length ?? 0} of ${count} clients got the change`),
          );
        }, 60_000);
        roundWaiters.set(round, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    const sorted = [...(arrivals[round] ?? [])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return {
      first: String(sorted[0]),
      median: String(sorted[Math.floor(sorted.length / 2)]),
      last: String(sorted.at(-1)),
    };
  }
  if (request.command === 'close') {
    for (const socket of sockets) socket.terminate();
    return {};
  }
  throw new Error(`unknown command ${String(request.command)}`);
});

const started = Date.now();
await openAll();
process.send?.({ type: 'ready', ms: Date.now() - started });
