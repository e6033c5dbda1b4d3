/**
 * Fan-out: one change to N subscribed stream clients on this machine, WebSocket or SSE. The server
 * runs in one process and the N clients in another (both with the open-file limit raised); the
 * figure is the time from the change being published on the bus to the last client receiving it
 * (both sides read the same monotonic clock), and the server's memory per connected, subscribed,
 * idle client (RSS growth after full collections / N).
 *
 * The baseline is a bare broadcaster with the same client program (bare-broadcast.ts): a bare `ws`
 * server for WebSocket, a bare `node:http` SSE server for SSE. Both servers run side by side, each
 * with its own N clients, and broadcast in pairs of rounds (queuecast then bare, then bare then
 * queuecast), one broadcast at a time: a pair shares the machine's load of the moment, which on a
 * shared machine moves a single broadcast by several times. The figure is the pair whose ratio is
 * the median of every pair's ratio, as the HTTP rows take theirs. Beside it, the server's CPU time
 * per broadcast (from /proc, publish to last client), which the machine's load hardly moves: what
 * each server does per change, where the wall-clock figure also holds the waits for a core.
 *
 * With `trickle`, an HTTP request every 5 ms (its own process) runs through further rounds of each
 * server in turn, and the slowest request that overlapped a broadcast (publish → last client) is
 * reported.
 */
import { startChild, type Child } from './child.js';
import { BENCH_DIR, KEYS_FILE, type BenchData } from './data-dir.js';
import { getRaw } from './http-get.js';
import { summariseFile } from './profile.js';
import { cpuMs } from './proc.js';
import { log, median, medianPair, sleep } from './stats.js';
import { atMost, atMostTimes, reference, type Row } from './table.js';

export type Transport = 'websocket' | 'sse';

export interface FanoutCase {
  readonly transport: Transport;
  readonly clients: number;
  /** Time an HTTP trickle during this many extra broadcasts. */
  readonly trickleRounds?: number;
}

export interface FanoutSettings {
  readonly cases: readonly FanoutCase[];
  /** Timed pairs of broadcasts (one of each server) per start of the servers. */
  readonly rounds: number;
  /** Times both servers are started, filled with clients and measured. */
  readonly passes: number;
  readonly profile: boolean;
}

type ServerKind = 'queuecast' | 'bare';

/** One server with its N connected clients. */
interface Side {
  readonly kind: ServerKind;
  readonly server: Child;
  readonly clients: Child;
  readonly url: string;
  /** Server RSS growth per connected, subscribed, idle client, KB (1,000 bytes). */
  readonly memoryKb: number;
  readonly heapKb: number;
  readonly connectMs: number;
  /** The next round number the client process counts. */
  round: number;
  /** How long each publish ran synchronously in the server, ms. */
  readonly loops: number[];
  /** Server CPU time over the timed broadcasts, ms (in 10 ms ticks: summed, not per broadcast). */
  cpuMs: number;
  timed: number;
}

interface PassResult {
  /** Publish → last client, [queuecast, bare] per pair of rounds, ms. */
  readonly pairs: readonly (readonly [number, number])[];
  readonly memoryKb: Readonly<Record<ServerKind, number>>;
  /** Server CPU time per timed broadcast, ms. */
  readonly cpuMs: Readonly<Record<ServerKind, number>>;
  /** The slowest trickled HTTP request that overlapped a broadcast, ms. */
  readonly trickleMaxMs?: Readonly<Record<ServerKind, number>>;
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

const label = (c: FanoutCase) =>
  `${c.clients.toLocaleString('en-US')} ${c.transport === 'websocket' ? 'WebSocket' : 'SSE'} clients`;

function startServer(kind: ServerKind, fanout: FanoutCase, data: BenchData): Child {
  return kind === 'queuecast'
    ? startChild('./queuecast-server.ts', [data.dataDir, 'frozen', 'no-poll'], { stdout: 'ignore' })
    : startChild('./bare-broadcast.ts', [fanout.transport === 'websocket' ? 'ws' : 'sse']);
}

/**
 * Resolves once the server has used under a tenth of a core for half a second: queuecast computes
 * every park's models in the background after it starts listening, which would otherwise count as
 * the clients' memory and share the core with their connections.
 */
async function quiet(server: Child): Promise<void> {
  const pid = server.process.pid ?? 0;
  const deadline = performance.now() + 10 * 60_000;
  for (;;) {
    const before = cpuMs(pid);
    await sleep(500);
    if (cpuMs(pid) - before < 50) return;
    if (performance.now() > deadline) throw new Error('the server did not settle in 10 minutes');
  }
}

/**
 * The server's memory after full collections, once two readings in a row agree within 1 MB: after
 * a collection a large heap gives its pages back over the next second or so, which would otherwise
 * count against the clients.
 */
async function settledMemory(server: Child): Promise<Memory> {
  let last = await server.ask<Memory>({ command: 'memory' });
  for (let reading = 0; reading < 10; reading++) {
    const next = await server.ask<Memory>({ command: 'memory' });
    if (Math.abs(next.rss - last.rss) < 1e6) return next;
    last = next;
  }
  return last;
}

/** Connects the N clients to a started server at rest, measuring its memory before and after. */
async function connect(kind: ServerKind, server: Child, url: string, fanout: FanoutCase): Promise<Side> {
  await quiet(server);
  const before = await settledMemory(server);
  const clients =
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
  const { ms: connectMs } = await clients.next<{ ms: number }>('ready');
  await sleep(500);
  const after = await settledMemory(server);
  return {
    kind,
    server,
    clients,
    url,
    memoryKb: (after.rss - before.rss) / fanout.clients / 1000,
    heapKb: (after.heapUsed - before.heapUsed) / fanout.clients / 1000,
    connectMs,
    round: 0,
    loops: [],
    cpuMs: 0,
    timed: 0,
  };
}

/** One broadcast from `side`'s server: [published, last client has it] (process.hrtime, ns). */
async function broadcast(side: Side): Promise<readonly [bigint, bigint]> {
  const published = await side.server.ask<{ t0: string; loopNs: string }>({ command: 'publish' });
  const arrived = await side.clients.ask<{ last: string }>({ command: 'round', round: side.round++ });
  side.loops.push(Number(published.loopNs) / 1e6);
  return [BigInt(published.t0), BigInt(arrived.last)];
}

async function timedBroadcast(side: Side): Promise<number> {
  const pid = side.server.process.pid ?? 0;
  const cpuBefore = cpuMs(pid);
  const [t0, t1] = await broadcast(side);
  side.cpuMs += cpuMs(pid) - cpuBefore;
  side.timed += 1;
  await sleep(200);
  return Number(t1 - t0) / 1e6;
}

/** Starts both servers with their clients, then times `settings.rounds` pairs of broadcasts. */
async function measurePass(
  fanout: FanoutCase,
  data: BenchData,
  settings: FanoutSettings,
  profile: boolean,
): Promise<PassResult> {
  const children: Child[] = [];
  const started = (child: Child) => {
    children.push(child);
    return child;
  };
  try {
    const ourServer = started(startServer('queuecast', fanout, data));
    const { url: ourUrl } = await ourServer.next<{ url: string }>('listening');
    // The bare servers answer the trickle with queuecast's /waits bytes.
    const waitsBody = (await getRaw(`${ourUrl}${WAITS}`, { Authorization: `Bearer ${data.keys[0] ?? ''}` }))
      .body;
    const ours = await connect('queuecast', ourServer, ourUrl, fanout);
    children.push(ours.clients);

    const bareServer = started(startServer('bare', fanout, data));
    const { url: bareUrl } = await bareServer.next<{ url: string }>('listening');
    await bareServer.ask({
      command: 'respond',
      status: 200,
      body: waitsBody.toString('base64'),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    const bare = await connect('bare', bareServer, bareUrl, fanout);
    children.push(bare.clients);

    // One broadcast each first, not timed: the first after the clients connect ran 1.1-1.7× the
    // median of the rest for both servers (code paths of the server and the clients not yet compiled).
    for (const side of [ours, bare]) {
      await broadcast(side);
      await sleep(200);
    }
    const pairs: (readonly [number, number])[] = [];
    for (let round = 0; round < settings.rounds; round++) {
      if (round % 2 === 0) {
        const oursMs = await timedBroadcast(ours);
        pairs.push([oursMs, await timedBroadcast(bare)]);
      } else {
        const bareMs = await timedBroadcast(bare);
        pairs.push([await timedBroadcast(ours), bareMs]);
      }
    }
    const cpu = { queuecast: ours.cpuMs / ours.timed, bare: bare.cpuMs / bare.timed };

    const trickleMaxMs = fanout.trickleRounds
      ? {
          queuecast: await trickled(ours, fanout.trickleRounds),
          bare: await trickled(bare, fanout.trickleRounds),
        }
      : undefined;
    const [middleOurs, middleBare] = medianPair(pairs);
    for (const side of [ours, bare]) {
      const times = pairs.map((pair) => (side.kind === 'queuecast' ? pair[0] : pair[1]));
      log(
        `fan-out ${label(fanout)}, ${side.kind.padEnd(9)}: last ${median(times).toFixed(1)} ms ` +
          `(rounds ${times.map((ms) => ms.toFixed(1)).join(' ')}; send loop ${median(side.loops).toFixed(1)} ms; ` +
          `server CPU ${cpu[side.kind].toFixed(1)} ms per broadcast), ` +
          `${side.memoryKb.toFixed(1)} KB/client (heap ${side.heapKb.toFixed(1)}), connected in ${side.connectMs} ms` +
          (trickleMaxMs
            ? `, slowest HTTP request during a broadcast ${trickleMaxMs[side.kind].toFixed(1)} ms`
            : ''),
      );
    }
    log(
      `fan-out ${label(fanout)}: pair ratios ${pairs.map(([a, b]) => (a / b).toFixed(2)).join(' ')}; ` +
        `median pair ${middleOurs.toFixed(1)} / ${middleBare.toFixed(1)} ms`,
    );
    if (profile) {
      const file = `${BENCH_DIR}profiles/fanout-${fanout.transport}-${fanout.clients}.cpuprofile`;
      await ours.server.ask({ command: 'profile-start' });
      for (let i = 0; i < 5; i++) {
        await broadcast(ours);
        await sleep(200);
      }
      await ours.server.ask({ command: 'profile-stop', file });
      log(`profile of fan-out to ${label(fanout)}: ${file}\n${summariseFile(file, 20)}`);
    }
    return {
      pairs,
      memoryKb: { queuecast: ours.memoryKb, bare: bare.memoryKb },
      cpuMs: cpu,
      ...(trickleMaxMs ? { trickleMaxMs } : {}),
    };
  } finally {
    for (const child of children.reverse()) await child.stop();
  }
}

/**
 * Broadcasts `rounds` times from `side` under a 5 ms HTTP trickle to the same server; the slowest
 * request overlapping a broadcast, ms.
 */
async function trickled(side: Side, rounds: number): Promise<number> {
  const trickle = startChild('./trickle.ts', [`${side.url}${WAITS}`, KEYS_FILE, '5']);
  try {
    await trickle.next('ready');
    await trickle.ask({ command: 'start' });
    await sleep(300);
    const windows: (readonly [bigint, bigint])[] = [];
    for (let i = 0; i < rounds; i++) {
      windows.push(await broadcast(side));
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
      `trickle (${side.kind}): ${samples.length} requests, ${overlapping} during a broadcast (slowest ${slowest.toFixed(1)} ms), ` +
        `slowest of the others ${slowestOutside.toFixed(1)} ms`,
    );
    return slowest;
  } finally {
    await trickle.stop();
  }
}

/**
 * Per case, `passes` starts of both servers. Time: the median pair of every pass's pairs; CPU per
 * broadcast and memory per connection: the mean of the passes; the trickle: the slowest of all.
 */
export async function fanoutRows(data: BenchData, settings: FanoutSettings): Promise<Row[]> {
  const rows: Row[] = [];
  for (const fanout of settings.cases) {
    const passes: PassResult[] = [];
    for (let pass = 0; pass < settings.passes; pass++)
      passes.push(await measurePass(fanout, data, settings, settings.profile && pass === 0));
    const [ours, bare] = medianPair(passes.flatMap((pass) => pass.pairs));
    const mean = (of: (pass: PassResult) => number) =>
      passes.reduce((sum, pass) => sum + of(pass), 0) / passes.length;
    const memory = (kind: ServerKind) => mean((pass) => pass.memoryKb[kind]);
    const cpu = (kind: ServerKind) => mean((pass) => pass.cpuMs[kind]);
    const trickle = (kind: ServerKind) => Math.max(...passes.map((pass) => pass.trickleMaxMs?.[kind] ?? NaN));
    const name = `fan-out to ${label(fanout)}`;
    rows.push(atMostTimes(`${name}: last client has the change`, 'ms', ours, bare, TIME_FACTOR));
    rows.push(reference(`${name}: server CPU time per broadcast`, 'ms', cpu('queuecast'), cpu('bare')));
    rows.push(
      atMost(
        `${name}: server memory per idle connection`,
        'KB',
        memory('queuecast'),
        memory('bare'),
        MEMORY_GOAL_KB[fanout.transport],
      ),
    );
    if (fanout.trickleRounds) {
      rows.push(
        atMost(
          `HTTP request every 5 ms during ${name} broadcasts: slowest`,
          'ms',
          trickle('queuecast'),
          trickle('bare'),
          TRICKLE_GOAL_MS,
        ),
      );
    }
  }
  return rows;
}
