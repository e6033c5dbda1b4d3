/**
 * The sim-parks section (`npm run bench -- --only=sim-parks`): queuecast at 120 simulated parks
 * (`FEED=sim SIM_PARKS=120 PARKS=all`: the spec's ten and 110 generated parks of 20-60
 * attractions), each figure beside the same figure for the spec's ten parks or a bare server,
 * measured in the same run:
 *
 * - first start: `node dist/main.js` on an empty data directory until `GET /v1` answers, which is
 *   the discovery pass and the whole simulated history since the coverage start (goal < 3 min),
 *   beside the bench's ten-park data directory catching up;
 * - server RSS with that full history, after every park's /waits and rides were asked for, sampled
 *   over two poll rounds (goal < 600 MB), beside a ten-park server treated alike;
 * - /waits requests/s for a generated park against a bare `node:http` server answering the same
 *   bytes, in alternating rounds as the HTTP section does (goal ≥ 0.9×);
 * - a live ingest round of all 120 parks in this process, with the longest event-loop stall while
 *   rounds run (goal ≤ 100 ms), beside the ten;
 * - every park's models recomputed cold (goal < 60 s) with the longest event-loop stall (goal
 *   < 100 ms), beside the ten-park recompute;
 * - fan-out of one change to stream clients from the 120-park server, beside the bare broadcaster
 *   (the fan-out section's measurement and goals).
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pino } from 'pino';
import { createDiscovery } from '../src/app/discovery.js';
import { openStores } from '../src/app/drivers.js';
import { Catalog } from '../src/catalog/catalog.js';
import { loadConfig } from '../src/config/index.js';
import { createSimulatedFeeds } from '../src/feeds/sim/index.js';
import { Ingest, POLL_INTERVAL_MS } from '../src/ingest/ingest.js';
import { ManualClock, systemClock } from '../src/lib/clock.js';
import { LiveState } from '../src/live/live-state.js';
import { hashKey, keyHint } from '../src/services/api-keys.js';
import { CatalogRefresh } from '../src/services/catalog-refresh.js';
import { LocalBus } from '../src/shared-state/bus.js';
import { openInMemorySqliteStore } from '../src/store/sqlite/open-sqlite-store.js';
import { MAIN_SCRIPT } from './built-app.js';
import { startChild, type Child } from './child.js';
import { BENCH_DIR, type BenchData } from './data-dir.js';
import { fanoutRows, type FanoutSettings } from './fanout.js';
import { fixedResponseOf } from './fixed-response.js';
import { getRaw } from './http-get.js';
import { peakRss } from './memory.js';
import { timeModelRecompute } from './models.js';
import { log, medianPair, sleep } from './stats.js';
import { atLeastTimes, atMost, reference, under, type Row } from './table.js';
import { runWrk } from './wrk.js';

export const SIM_PARKS = 120;
export const FIRST_START_GOAL_S = 180;
export const RSS_GOAL_MB = 600;
export const RECOMPUTE_GOAL_S = 60;
export const STALL_GOAL_MS = 100;
const WAITS_SHARE = 0.9;
const SIM_ENV = { FEED: 'sim', SIM_PARKS: String(SIM_PARKS), PARKS: 'all' } as const;
const DATA_DIR = `${BENCH_DIR}sim-parks/data`;

export interface SimParksSettings {
  /** /waits rounds, alternating which server goes first, each `roundSeconds` per server. */
  readonly rounds: number;
  readonly roundSeconds: number;
  readonly warmupSeconds: number;
  readonly fanout: FanoutSettings;
}

interface Started {
  readonly child: Child;
  readonly url: string;
  readonly seconds: number;
}

/** `node dist/main.js` on `dataDir`, timed until `GET /v1` answers (a first start may take minutes). */
async function startMain(dataDir: string, env: Readonly<Record<string, string>>): Promise<Started> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const started = performance.now();
  const child = startChild(MAIN_SCRIPT, [], {
    loader: 'none',
    stdout: 'ignore',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // Many client addresses through a trusted loopback proxy, so keyless asks are not limited.
      TRUST_PROXY: 'loopback',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    const answered = await getRaw(`${url}/v1`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (answered) return { child, url, seconds: (performance.now() - started) / 1000 };
    if (child.process.exitCode !== null) throw new Error(`queuecast on ${dataDir} exited while starting`);
    if (performance.now() - started > 20 * 60_000) throw new Error('queuecast did not start in 20 minutes');
    await sleep(250);
  }
}

/** Peak RSS over the process's life so far (VmHWM), bytes. */
function highWaterRss(pid: number): number {
  const kib = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kib ?? NaN) * 1024;
}

/** Asks for every park's /waits and rides, keyless from a fresh address each; returns the parks. */
async function touchParks(url: string): Promise<string[]> {
  let address = 0;
  const json = async (path: string) => {
    address++;
    const response = await getRaw(`${url}${path}`, {
      'X-Forwarded-For': `10.200.${address >> 8}.${address & 255}`,
    });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    return JSON.parse(response.body.toString()) as Record<string, unknown>;
  };
  const { parks } = (await json('/v1/parks')) as { parks: { key: string }[] };
  for (const { key } of parks) {
    await json(`/v1/parks/${key}/waits`);
    await json(`/v1/parks/${key}/rides`);
  }
  return parks.map((park) => park.key);
}

/** Server RSS with its history, after every park was asked for, highest over two poll rounds, MB. */
async function servedRss(server: Started): Promise<{ mb: number; parks: string[] }> {
  const parks = await touchParks(server.url);
  const { rss } = await peakRss(server.child.process.pid ?? 0, 2 * POLL_INTERVAL_MS);
  return { mb: rss / 1e6, parks };
}

/** The bench's partner keys, valid in `dataDir` too (the fan-out clients and /waits present them). */
async function addPartnerKeys(dataDir: string, keys: readonly string[]): Promise<void> {
  const stores = await openStores(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }));
  try {
    for (const [i, key] of keys.entries()) {
      await stores.keys.createKey({
        hash: hashKey(key),
        hint: keyHint(key),
        tier: 'partner',
        name: `bench ${i + 1}`,
        created_at: Date.now(),
      });
    }
  } finally {
    await stores.close();
  }
}

/** /waits of one generated park: queuecast (bench child) against bare node:http, alternating rounds. */
async function waitsThroughput(
  dataDir: string,
  park: string,
  keys: readonly string[],
  settings: SimParksSettings,
): Promise<readonly [number, number]> {
  const queuecast = startChild('./queuecast-server.ts', [dataDir, 'system', 'no-poll'], {
    stdout: 'ignore',
    env: { BENCH_SIM_PARKS: String(SIM_PARKS) },
  });
  const bare = startChild('./bare-http.ts', [], { stdout: 'ignore' });
  try {
    const [{ url: ours }, { url: theirs }] = await Promise.all([
      queuecast.next<{ url: string }>('listening'),
      bare.next<{ url: string }>('listening'),
    ]);
    const path = `/v1/parks/${park}/waits`;
    const rotate = { header: 'Authorization', values: keys.map((key) => `Bearer ${key}`) };
    const pairs: (readonly [number, number])[] = [];
    for (let round = 0; round < settings.rounds; round++) {
      await queuecast.ask({ command: 'refresh' });
      const answer = await getRaw(`${ours}${path}`, { Authorization: `Bearer ${keys[0] ?? ''}` });
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
      await bare.ask({ command: 'respond', ...fixedResponseOf(answer) });
      if (round === 0) {
        for (const origin of [ours, theirs])
          await runWrk({ origin, path, rotate, seconds: settings.warmupSeconds });
      }
      const order = round % 2 === 0 ? [theirs, ours] : [ours, theirs];
      const measured = new Map<string, number>();
      for (const origin of order) {
        const result = await runWrk({ origin, path, rotate, seconds: settings.roundSeconds });
        if (result.non2xx3xx + result.socketErrors > 0)
          throw new Error(`${origin}${path}: ${result.non2xx3xx + result.socketErrors} failed responses`);
        measured.set(origin, result.requestsPerSecond);
      }
      const pair = [measured.get(ours) ?? 0, measured.get(theirs) ?? 0] as const;
      log(
        `sim-parks /waits [${round + 1}/${settings.rounds}]: queuecast ${Math.round(pair[0])} req/s, node:http ${Math.round(pair[1])} req/s`,
      );
      pairs.push(pair);
    }
    return medianPair(pairs);
  } finally {
    await Promise.all([queuecast.stop(), bare.stop()]);
  }
}

/** The catalog a FEED=sim SIM_PARKS=`parkCount` PARKS=all server serves from `dataDir`'s keys. */
async function servedCatalog(dataDir: string, parkCount: number): Promise<Catalog> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...SIM_ENV,
    SIM_PARKS: String(parkCount),
  });
  const catalog = Catalog.load();
  const discovery = createDiscovery(config, systemClock);
  if (!discovery) throw new Error('FEED=sim lists no parks');
  const stores = await openStores(config);
  try {
    await new CatalogRefresh({
      catalog,
      discovery,
      store: stores.catalogKeys,
      setting: config.parks,
      clock: systemClock,
      logger: pino({ level: 'silent' }),
    }).refresh();
  } finally {
    await stores.close();
  }
  return catalog;
}

/** Live ingest rounds in this process (in-memory store); the median round and the longest stall. */
async function liveRounds(catalog: Catalog, rounds: number): Promise<{ medianMs: number; stallMs: number }> {
  // A Saturday afternoon in Florida: most generated zones are open or just closing.
  const clock = new ManualClock(Date.parse('2026-10-03T18:00:00Z'));
  const feeds = createSimulatedFeeds(catalog);
  const ingest = new Ingest({
    catalog,
    liveQueues: feeds.liveQueues,
    schedule: feeds.schedule,
    store: await openInMemorySqliteStore(),
    live: new LiveState(clock),
    bus: new LocalBus(),
    clock,
    logger: pino({ level: 'silent' }),
    coverageStart: '2026-10-03',
  });
  await ingest.resume();
  // The first round sets up each park's day; the rounds after it are the steady cost.
  await ingest.refreshAll();
  const delay = monitorEventLoopDelay({ resolution: 5 });
  const times: number[] = [];
  delay.enable();
  for (let round = 0; round < rounds; round++) {
    clock.advance(POLL_INTERVAL_MS);
    const started = performance.now();
    await ingest.refreshAll();
    times.push(performance.now() - started);
    await sleep(20);
  }
  delay.disable();
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)] ?? 0, stallMs: delay.max / 1e6 };
}

export async function simParksRows(data: BenchData, settings: SimParksSettings): Promise<Row[]> {
  const rows: Row[] = [];
  const label = `${SIM_PARKS} parks`;

  // First start on an empty directory, and the ten-park bench data catching up as the baseline.
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  const first = await startMain(DATA_DIR, SIM_ENV);
  let large: { mb: number; parks: string[] };
  let firstPeakMb: number;
  try {
    large = await servedRss(first);
    firstPeakMb = highWaterRss(first.child.process.pid ?? 0) / 1e6;
  } finally {
    await first.child.stop();
  }
  const ten = await startMain(data.dataDir, {});
  let tenMb: number;
  try {
    tenMb = (await servedRss(ten)).mb;
  } finally {
    await ten.child.stop();
  }
  log(
    `sim-parks: first start ${first.seconds.toFixed(1)} s (${large.parks.length} parks; the ten catch up in ${ten.seconds.toFixed(1)} s); ` +
      `RSS ${large.mb.toFixed(0)} MB served (peak ${firstPeakMb.toFixed(0)} MB while recording), ten parks ${tenMb.toFixed(0)} MB`,
  );
  if (large.parks.length !== SIM_PARKS)
    throw new Error(`${large.parks.length} parks served, not ${SIM_PARKS}`);
  rows.push(
    under(
      `${label}: first start, history since the coverage start`,
      's',
      first.seconds,
      ten.seconds,
      FIRST_START_GOAL_S,
    ),
    under(`${label}: server RSS, full history, every park asked`, 'MB', large.mb, tenMb, RSS_GOAL_MB),
    reference(`${label}: server peak RSS during the first start`, 'MB', firstPeakMb, tenMb),
  );

  await addPartnerKeys(DATA_DIR, data.keys);
  const generated = large.parks.find((park) => !Catalog.load().park(park));
  if (!generated) throw new Error('no generated park is served');
  const [ours, bare] = await waitsThroughput(DATA_DIR, generated, data.keys, settings);
  rows.push(
    atLeastTimes(`${label}: /waits of a generated park: requests/s`, 'req/s', ours, bare, WAITS_SHARE),
  );

  const catalog = await servedCatalog(DATA_DIR, SIM_PARKS);
  const liveLarge = await liveRounds(catalog, 12);
  const liveTen = await liveRounds(Catalog.load(), 12);
  log(
    `sim-parks: live round ${liveLarge.medianMs.toFixed(1)} ms (ten parks ${liveTen.medianMs.toFixed(1)} ms), ` +
      `longest stall ${liveLarge.stallMs.toFixed(1)} ms (ten parks ${liveTen.stallMs.toFixed(1)} ms)`,
  );
  rows.push(
    reference(`${label}: live ingest round (median of 12)`, 'ms', liveLarge.medianMs, liveTen.medianMs),
    atMost(
      `${label}: longest event-loop stall during live rounds`,
      'ms',
      liveLarge.stallMs,
      liveTen.stallMs,
      STALL_GOAL_MS,
    ),
  );

  const models = await timeModelRecompute(DATA_DIR, catalog);
  const modelsTen = await timeModelRecompute(data.dataDir);
  log(
    `sim-parks: models recompute ${models.cold.toFixed(1)} s cold, ${models.warm.toFixed(1)} s warm, ` +
      `longest stall ${models.longestStallMs.toFixed(0)} ms (ten parks ${modelsTen.cold.toFixed(1)} s, ${modelsTen.longestStallMs.toFixed(0)} ms)`,
  );
  rows.push(
    under(`${label}: recompute every model (cold)`, 's', models.cold, modelsTen.cold, RECOMPUTE_GOAL_S),
    atMost(
      `${label}: longest event-loop stall during the cold recompute`,
      'ms',
      models.longestStallMs,
      modelsTen.longestStallMs,
      STALL_GOAL_MS,
    ),
  );

  // The fan-out section's own measurement, its server serving the 120 parks.
  process.env.BENCH_SIM_PARKS = String(SIM_PARKS);
  try {
    const fanout = await fanoutRows({ dataDir: DATA_DIR, keys: data.keys }, settings.fanout);
    rows.push(...fanout.map((row) => ({ ...row, name: `${label}: ${row.name}` })));
  } finally {
    delete process.env.BENCH_SIM_PARKS;
  }
  return rows;
}
