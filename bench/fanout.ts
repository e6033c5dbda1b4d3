/**
 * Fan-out: one change to N subscribed stream clients on this machine, WebSocket or SSE. The server
 * runs in one process and the N clients in another (both with the open-file limit raised); the
 * figure is the time from the change being published on the bus to the last client receiving it
 * (both sides read the same monotonic clock), the median of several rounds, and the server's
 * memory per connected, subscribed, idle client (RSS growth after full collections / N).
 *
 * The baseline is a bare broadcaster in the same run with the same client process (bare-broadcast.ts):
 * a bare `ws` server for WebSocket, a bare `node:http` SSE server for SSE.
 *
 * With `trickle`, an HTTP request every 5 ms (its own process) runs through further rounds, and
 * the slowest request that overlapped a broadcast (publish → last client) is reported.
 */
import { startChild, type Child } from './child.js';
import { BENCH_DIR, KEYS_FILE, type BenchData } from './data-dir.js';
import { getRaw } from './http-get.js';
import { summariseFile } from './profile.js';
import { log, median, sleep } from './stats.js';
import { atMost, atMostTimes, type Row } from './table.js';

export type Transport = 'websocket' | 'sse';

export interface FanoutCase {
  readonly transport: Transport;
  readonly clients: number;
  /** Time an HTTP trickle during this many extra broadcasts. */
  readonly trickleRounds?: number;
}

export interface FanoutSettings {
  readonly cases: readonly FanoutCase[];
  readonly rounds: number;
  /** Times each server is measured, alternating (queuecast, bare, queuecast, bare…). */
  readonly passes: number;
  readonly profile: boolean;
}

interface FanoutResult {
  /** Publish → last client in each round, ms. */
  readonly lastMs: readonly number[];
  /** Server RSS growth per connected, subscribed, idle client, KB (1,000 bytes). */
  readonly memoryKb: number;
  /** The slowest trickled HTTP request that overlapped a broadcast, ms. */
  readonly trickleMaxMs?: number;
}

interface Memory {
  readonly rss: number;
  readonly heapUsed: number;
}

/** Goals (issue #6): at most 1.2× the bare broadcast, 10 KB (WebSocket) / 16 KB (SSE) per connection. */
export const TIME_FACTOR = 1.2;
export const MEMORY_GOAL_KB: Readonly<Record<Transport, number>> = { websocket: 10, sse: 16 };
export const TRICKLE_GOAL_MS = 50;
const WAITS = '/v1/parks/mk/waits';

/** The /waits bytes the bare servers answer the trickle with (queuecast's, fetched in its run). */
let waitsBody: Buffer | undefined;

const label = (c: FanoutCase) =>
  `${c.clients.toLocaleString('en-US')} ${c.transport === 'websocket' ? 'WebSocket' : 'SSE'} clients`;

async function measure(
  server: 'queuecast' | 'bare',
  fanout: FanoutCase,
  data: BenchData,
  settings: FanoutSettings,
  profile: boolean,
): Promise<FanoutResult> {
  const serverProcess =
    server === 'queuecast'
      ? startChild('./queuecast-server.ts', [data.dataDir, 'frozen', 'no-poll'], { stdout: 'ignore' })
      : startChild('./bare-broadcast.ts', [fanout.transport === 'websocket' ? 'ws' : 'sse']);
  const children: Child[] = [serverProcess];
  try {
    const { url } = await serverProcess.next<{ url: string }>('listening');
    if (server === 'queuecast') {
      waitsBody = (await getRaw(`${url}${WAITS}`, { Authorization: `Bearer ${data.keys[0] ?? ''}` })).body;
    } else {
      const headers = { 'content-type': 'application/json; charset=utf-8' };
      await serverProcess.ask({
        command: 'respond',
        status: 200,
        body: (waitsBody ?? Buffer.alloc(0)).toString('base64'),
        headers,
      });
    }
    const trickle = fanout.trickleRounds
      ? startChild('./trickle.ts', [`${url}${WAITS}`, KEYS_FILE, '5'])
      : undefined;
    if (trickle) {
      children.push(trickle);
      await trickle.next('ready');
    }
    await sleep(500);
    const before = await serverProcess.ask<Memory>({ command: 'memory' });
    const clientProcess =
      fanout.transport === 'websocket'
        ? startChild('./fanout-clients.ts', [
            `${url.replace(/^http/, 'ws')}/v1/stream`,
            String(fanout.clients),
            KEYS_FILE,
          ])
        : startChild('./sse-clients.ts', [
            `${url}/v1/parks/magic-kingdom/waits/stream`,
            String(fanout.clients),
            KEYS_FILE,
          ]);
    children.push(clientProcess);
    const { ms: connectMs } = await clientProcess.next<{ ms: number }>('ready');
    await sleep(500);
    const after = await serverProcess.ask<Memory>({ command: 'memory' });

    let round = 0;
    const loops: number[] = [];
    const broadcast = async () => {
      const published = await serverProcess.ask<{ t0: string; loopNs: string }>({ command: 'publish' });
      const arrived = await clientProcess.ask<{ last: string }>({ command: 'round', round: round++ });
      loops.push(Number(published.loopNs) / 1e6);
      return [BigInt(published.t0), BigInt(arrived.last)] as const;
    };
    // One broadcast first, not timed: the first after the clients connect ran 1.1-1.7× the median
    // of the rest for both servers (code paths of the server and the clients not yet compiled).
    await broadcast();
    await sleep(200);
    const last: number[] = [];
    for (let i = 0; i < settings.rounds; i++) {
      const [t0, t1] = await broadcast();
      last.push(Number(t1 - t0) / 1e6);
      await sleep(200);
    }
    const loopMs = median(loops);
    const result: FanoutResult = {
      lastMs: last,
      memoryKb: (after.rss - before.rss) / fanout.clients / 1000,
      ...(trickle ? { trickleMaxMs: await trickled(trickle, broadcast, fanout.trickleRounds ?? 0) } : {}),
    };
    log(
      `fan-out ${label(fanout)}, ${server.padEnd(9)}: last ${median(last).toFixed(1)} ms ` +
        `(rounds ${last.map((ms) => ms.toFixed(1)).join(' ')}; send loop ${loopMs.toFixed(1)} ms), ${result.memoryKb.toFixed(1)} KB/client ` +
        `(heap ${((after.heapUsed - before.heapUsed) / fanout.clients / 1000).toFixed(1)}), connected in ${connectMs} ms` +
        (result.trickleMaxMs === undefined
          ? ''
          : `, slowest HTTP request during a broadcast ${result.trickleMaxMs.toFixed(1)} ms`),
    );
    if (profile && server === 'queuecast') {
      const file = `${BENCH_DIR}profiles/fanout-${fanout.transport}-${fanout.clients}.cpuprofile`;
      await serverProcess.ask({ command: 'profile-start' });
      for (let i = 0; i < 5; i++) {
        await broadcast();
        await sleep(200);
      }
      await serverProcess.ask({ command: 'profile-stop', file });
      log(`profile of fan-out to ${label(fanout)}: ${file}\n${summariseFile(file, 20)}`);
    }
    return result;
  } finally {
    for (const child of children.reverse()) await child.stop();
  }
}

/** Broadcasts `rounds` times under a 5 ms HTTP trickle; the slowest request overlapping a broadcast, ms. */
async function trickled(
  trickle: Child,
  broadcast: () => Promise<readonly [bigint, bigint]>,
  rounds: number,
): Promise<number> {
  await trickle.ask({ command: 'start' });
  await sleep(300);
  const windows: (readonly [bigint, bigint])[] = [];
  for (let i = 0; i < rounds; i++) {
    windows.push(await broadcast());
    await sleep(300);
  }
  const { samples, failures } = await trickle.ask<{ samples: [string, string][]; failures: number }>({
    command: 'stop',
  });
  if (failures > 0) throw new Error(`${failures} trickled HTTP requests failed`);
  let slowest = 0;
  let slowestOutside = 0;
  let overlapping = 0;
  for (const [sentText, latencyText] of samples) {
    const sent = BigInt(sentText);
    const done = sent + BigInt(latencyText);
    const ms = Number(latencyText) / 1e6;
    if (!windows.some(([start, end]) => sent <= end && done >= start)) {
      slowestOutside = Math.max(slowestOutside, ms);
      continue;
    }
    overlapping++;
    slowest = Math.max(slowest, ms);
  }
  if (overlapping === 0) throw new Error('no trickled HTTP request overlapped a broadcast');
  log(
    `trickle: ${samples.length} requests, ${overlapping} during a broadcast (slowest ${slowest.toFixed(1)} ms), ` +
      `slowest of the others ${slowestOutside.toFixed(1)} ms`,
  );
  return slowest;
}

/**
 * Per case, `passes` alternating measurements of each server. Time: the median of every round of
 * every pass; memory per connection: the mean of the passes; the trickle: the slowest of all.
 */
export async function fanoutRows(data: BenchData, settings: FanoutSettings): Promise<Row[]> {
  const rows: Row[] = [];
  for (const fanout of settings.cases) {
    const ours: FanoutResult[] = [];
    const bare: FanoutResult[] = [];
    for (let pass = 0; pass < settings.passes; pass++) {
      ours.push(await measure('queuecast', fanout, data, settings, settings.profile && pass === 0));
      bare.push(await measure('bare', fanout, data, settings, false));
    }
    const time = (results: FanoutResult[]) => median(results.flatMap((result) => result.lastMs));
    const memory = (results: FanoutResult[]) =>
      results.reduce((sum, result) => sum + result.memoryKb, 0) / results.length;
    const trickle = (results: FanoutResult[]) =>
      Math.max(...results.map((result) => result.trickleMaxMs ?? NaN));
    const name = `fan-out to ${label(fanout)}`;
    rows.push(atMostTimes(`${name}: last client has the change`, 'ms', time(ours), time(bare), TIME_FACTOR));
    rows.push(
      atMost(
        `${name}: server memory per idle connection`,
        'KB',
        memory(ours),
        memory(bare),
        MEMORY_GOAL_KB[fanout.transport],
      ),
    );
    if (fanout.trickleRounds) {
      rows.push(
        atMost(
          `HTTP request every 5 ms during ${name} broadcasts: slowest`,
          'ms',
          trickle(ours),
          trickle(bare),
          TRICKLE_GOAL_MS,
        ),
      );
    }
  }
  return rows;
}
