/**
 * Fan-out: one change to N subscribed WebSocket clients on this machine. The server runs in one
 * process and the N clients in another; the figure is the time from the change being published on
 * the bus to the last client receiving it (both sides read the same monotonic clock), the median
 * of several rounds, and the server's memory per connected, subscribed client.
 *
 * The baseline is a bare `ws` server in the same run, with the same client process: it broadcasts
 * one pre-serialised string to every client, the least any server can do.
 */
import { startChild } from './child.js';
import type { Row } from './table.js';

const ROUNDS = 7;

export interface FanoutResult {
  readonly clients: number;
  /** Median over the rounds of publish → last client, ms. */
  readonly lastMs: number;
  /** Median over the rounds of publish → median client, ms. */
  readonly medianMs: number;
  /** Median over the rounds of the server's synchronous send loop, ms. */
  readonly loopMs: number;
  /** Server RSS growth per connected, subscribed client, KiB. */
  readonly memoryKib: number;
  /** Time to connect and subscribe every client, ms. */
  readonly connectMs: number;
}

interface Memory {
  readonly rss: number;
  readonly heapUsed: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => process.stderr.write(`${line}\n`);

export async function measureFanout(
  server: 'queuecast' | 'baseline',
  clients: number,
): Promise<FanoutResult> {
  const serverProcess = startChild('./fanout-server.ts', [server]);
  let clientProcess: ReturnType<typeof startChild> | undefined;
  try {
    const { url } = await serverProcess.next<{ url: string }>('listening');
    await sleep(500);
    const before = await serverProcess.ask<Memory>({ command: 'memory' });
    const wsUrl = `${url.replace(/^http/, 'ws')}/v1/stream`;
    clientProcess = startChild('./fanout-clients.ts', [wsUrl, String(clients)]);
    const { ms: connectMs } = await clientProcess.next<{ ms: number }>('ready');
    await sleep(500);
    const after = await serverProcess.ask<Memory>({ command: 'memory' });
    const last: number[] = [];
    const middle: number[] = [];
    const loops: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const published = await serverProcess.ask<{ t0: string; loopNs: string }>({ command: 'publish' });
      const arrived = await clientProcess.ask<{ median: string; last: string }>({ command: 'round', round });
      const t0 = BigInt(published.t0);
      last.push(Number(BigInt(arrived.last) - t0) / 1e6);
      middle.push(Number(BigInt(arrived.median) - t0) / 1e6);
      loops.push(Number(published.loopNs) / 1e6);
      await sleep(200);
    }
    const result: FanoutResult = {
      clients,
      lastMs: median(last),
      medianMs: median(middle),
      loopMs: median(loops),
      memoryKib: (after.rss - before.rss) / clients / 1024,
      connectMs,
    };
    log(
      `${server.padEnd(9)} ${String(clients).padStart(6)} clients: last ${result.lastMs.toFixed(1)} ms, ` +
        `median ${result.medianMs.toFixed(1)} ms, send loop ${result.loopMs.toFixed(1)} ms, ` +
        `${result.memoryKib.toFixed(1)} KiB/client (heap ${((after.heapUsed - before.heapUsed) / clients / 1024).toFixed(1)}), ` +
        `connected in ${result.connectMs} ms; rounds ${last.map((ms) => ms.toFixed(1)).join(' ')}`,
    );
    return result;
  } finally {
    await clientProcess?.stop();
    await serverProcess.stop();
  }
}

/** Goals: within 1.5× of the bare broadcast (the same work plus a buffer check per client), and
 *  at most 64 KiB of server memory per client (10,000 clients in 640 MiB). */
export const TIME_RATIO_GOAL = 1.5;
export const MEMORY_GOAL_KIB = 64;

export async function fanoutRows(sizes: readonly number[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const clients of sizes) {
    const ours = await measureFanout('queuecast', clients);
    const bare = await measureFanout('baseline', clients);
    const label = clients.toLocaleString('en-US');
    const timeRatio = ours.lastMs / bare.lastMs;
    rows.push({
      name: `fan-out to ${label} WebSocket clients: last client has the change`,
      value: round(ours.lastMs),
      unit: 'ms',
      baseline: round(bare.lastMs),
      ratio: round(timeRatio, 2),
      goal: `≤ ${TIME_RATIO_GOAL}× baseline`,
      met: timeRatio <= TIME_RATIO_GOAL,
    });
    rows.push({
      name: `fan-out to ${label} WebSocket clients: server memory per client`,
      value: round(ours.memoryKib),
      unit: 'KiB',
      baseline: round(bare.memoryKib),
      ratio: round(ours.memoryKib / bare.memoryKib, 2),
      goal: `≤ ${MEMORY_GOAL_KIB} KiB`,
      met: ours.memoryKib <= MEMORY_GOAL_KIB,
    });
  }
  return rows;
}

function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
