/**
 * Scale-out rows (issue #21): what sharing state through Redis costs.
 *
 * - `/waits, keyless, Redis counters`: requests/s of queuecast with REDIS_URL (every request's
 *   minute and day counts are counted in Redis, one script call per event-loop turn) against the bare node:http baseline serving
 *   the same bytes, keyless callers rotated over 65,536 X-Forwarded-For addresses as in http.ts.
 *   Goal ≥ 0.8× the baseline.
 * - `fan-out to 1,000 WebSocket clients on another instance`: a change published on instance P
 *   travels through the Redis Stream to instance S, whose 1,000 clients receive it; the time to the
 *   last client against the same fan-out on one instance (in-process bus, same run). Goal ≤ 1.5×.
 *
 * Redis is a throwaway `redis-server` on a free loopback port (installed with apt-get when
 * missing, as the tests do). The two instances need stores of their own here (SQLite allows one
 * server per DATA_DIR), so S runs on a copy of the bench data; with PostgreSQL they would share one.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRedis } from '../test/support/databases.js';
import { startChild, type Child } from './child.js';
import { KEYS_FILE, type BenchData } from './data-dir.js';
import { fixedResponseOf } from './fixed-response.js';
import { getRaw } from './http-get.js';
import { log, median, sleep } from './stats.js';
import { atLeastTimes, atMostTimes, type Row } from './table.js';
import { runWrk, type WrkResult } from './wrk.js';

export interface ScaleOutSettings {
  readonly seconds: number;
  readonly warmupSeconds: number;
  readonly rounds: number;
  readonly fanoutClients: number;
  readonly fanoutRounds: number;
}

const WAITS = '/v1/parks/mk/waits';
const REQUESTS_SHARE = 0.8;
const FANOUT_FACTOR = 1.5;

async function listening(child: Child): Promise<string> {
  return (await child.next<{ url: string }>('listening')).url;
}

export async function scaleOutRows(data: BenchData, settings: ScaleOutSettings): Promise<Row[]> {
  const redis = await startRedis();
  try {
    return [await redisCounters(data, settings, redis.url), await fanoutAcross(data, settings, redis.url)];
  } finally {
    await redis.stop();
  }
}

async function redisCounters(data: BenchData, settings: ScaleOutSettings, redisUrl: string): Promise<Row> {
  const queuecast = startChild('./queuecast-server.ts', [data.dataDir, 'system', 'no-poll'], {
    stdout: 'ignore',
    env: { BENCH_REDIS_URL: redisUrl, BENCH_REDIS_PREFIX: 'bench-counters:' },
  });
  const bare = startChild('./bare-http.ts', []);
  try {
    const [origin, bareOrigin] = await Promise.all([listening(queuecast), listening(bare)]);
    const rotate = {
      header: 'X-Forwarded-For',
      values: Array.from({ length: 65_536 }, (_, i) => `10.21.${i >> 8}.${i & 255}`),
    };
    const ours: WrkResult[] = [];
    const theirs: WrkResult[] = [];
    for (let round = 0; round < settings.rounds; round++) {
      await queuecast.ask({ command: 'refresh' });
      const answer = await getRaw(`${origin}${WAITS}`, { 'X-Forwarded-For': '192.0.2.21' });
      if (answer.status !== 200) throw new Error(`${WAITS} answered ${answer.status} with Redis counters`);
      await bare.ask({ command: 'respond', ...fixedResponseOf(answer) });
      const options = { path: WAITS, rotate };
      if (round === 0) {
        await runWrk({ ...options, origin, seconds: settings.warmupSeconds });
        await runWrk({ ...options, origin: bareOrigin, seconds: settings.warmupSeconds });
      }
      const order = round % 2 === 0 ? [bareOrigin, origin] : [origin, bareOrigin];
      for (const target of order) {
        const result = await runWrk({ ...options, origin: target, seconds: settings.seconds });
        (target === origin ? ours : theirs).push(result);
        log(
          `scale-out /waits keyless ${target === origin ? 'redis    ' : 'node:http'} ` +
            `${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99Ms.toFixed(1)} ms, ` +
            `refused/failed ${result.non2xx3xx + result.socketErrors}`,
        );
      }
    }
    return atLeastTimes(
      '/waits, keyless, Redis counters: requests/s',
      'req/s',
      median(ours.map((r) => r.requestsPerSecond)),
      median(theirs.map((r) => r.requestsPerSecond)),
      REQUESTS_SHARE,
    );
  } finally {
    await Promise.all([queuecast.stop(), bare.stop()]);
  }
}

/** Publish → last of N clients, the median over rounds; `publisher` may be the clients' server. */
async function fanoutMs(
  publisher: Child,
  subscriberUrl: string,
  settings: ScaleOutSettings,
  label: string,
): Promise<number> {
  const clients = startChild('./fanout-clients.ts', [
    `${subscriberUrl.replace(/^http/, 'ws')}/v1/stream`,
    String(settings.fanoutClients),
    KEYS_FILE,
  ]);
  try {
    await clients.next('ready');
    await sleep(500);
    let round = 0;
    const broadcast = async () => {
      const published = await publisher.ask<{ t0: string }>({ command: 'publish' });
      const arrived = await clients.ask<{ last: string }>({ command: 'round', round: round++ });
      return Number(BigInt(arrived.last) - BigInt(published.t0)) / 1e6;
    };
    await broadcast();
    const times: number[] = [];
    for (let i = 0; i < settings.fanoutRounds; i++) {
      await sleep(200);
      times.push(await broadcast());
    }
    log(
      `scale-out fan-out ${label}: last ${median(times).toFixed(1)} ms (rounds ${times.map((t) => t.toFixed(1)).join(' ')})`,
    );
    return median(times);
  } finally {
    await clients.stop();
  }
}

async function fanoutAcross(data: BenchData, settings: ScaleOutSettings, redisUrl: string): Promise<Row> {
  // One instance, in-process bus: the baseline.
  const single = startChild('./queuecast-server.ts', [data.dataDir, 'frozen', 'no-poll'], {
    stdout: 'ignore',
  });
  let one: number;
  try {
    one = await fanoutMs(single, await listening(single), settings, 'one instance');
  } finally {
    await single.stop();
  }
  // Two instances on one Redis: published on P, received by S's clients.
  const copy = mkdtempSync(join(tmpdir(), 'queuecast-bench-s-'));
  cpSync(data.dataDir, copy, { recursive: true });
  const env = { BENCH_REDIS_URL: redisUrl, BENCH_REDIS_PREFIX: 'bench-fanout:' };
  const publisher = startChild('./queuecast-server.ts', [data.dataDir, 'frozen', 'no-poll'], {
    stdout: 'ignore',
    env,
  });
  const subscriber = startChild('./queuecast-server.ts', [copy, 'frozen', 'no-poll'], {
    stdout: 'ignore',
    env,
  });
  try {
    await listening(publisher);
    const across = await fanoutMs(publisher, await listening(subscriber), settings, 'another instance');
    return atMostTimes(
      `fan-out to ${settings.fanoutClients.toLocaleString('en-US')} WebSocket clients on another instance (Redis): last client`,
      'ms',
      across,
      one,
      FANOUT_FACTOR,
    );
  } finally {
    await Promise.all([publisher.stop(), subscriber.stop()]);
    rmSync(copy, { recursive: true, force: true });
  }
}
