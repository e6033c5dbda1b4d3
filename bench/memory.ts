/**
 * The memory row: queuecast exactly as `npm start` runs it (`node dist/main.js`: system clock,
 * ingest polling every 5 s, LOG_LEVEL=info) on the full history, after every data endpoint has been
 * asked about every park and ride (history over 7 days for each ride), holding 1,000 subscribed
 * WebSocket clients while poll rounds publish real changes to them. The figure is the highest RSS
 * sampled from /proc over that hold, without forcing a collection. The baseline is a bare `ws`
 * server (bare-broadcast.ts compiled to plain JavaScript, so neither side carries tsx) holding the
 * same 1,000 clients.
 */
import { createServer } from 'node:net';
import { compileScript, MAIN_SCRIPT } from './built-app.js';
import { startChild, type Child } from './child.js';
import { KEYS_FILE, type BenchData } from './data-dir.js';
import { getRaw } from './http-get.js';
import { rssBytes, rssParts } from './proc.js';
import { log, sleep } from './stats.js';
import { under, type Row } from './table.js';

/** Goal (issue #6): under 250 MB. */
export const RSS_GOAL_MB = 250;
const CLIENTS = 1_000;

/** Asks every data endpoint about every park and ride once; returns the requests made. */
async function touchEverything(origin: string, key: string): Promise<number> {
  const headers = { Authorization: `Bearer ${key}` };
  let requests = 0;
  const json = async (path: string) => {
    const response = await getRaw(`${origin}${path}`, headers);
    requests++;
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    return JSON.parse(response.body.toString()) as Record<string, unknown>;
  };
  const { parks } = (await json('/v1/parks')) as { parks: { key: string }[] };
  for (const { key: park } of parks) {
    for (const path of ['waits', 'reliability', 'priority-lane', 'outages/today'])
      await json(`/v1/parks/${park}/${path}`);
    const { rides } = (await json(`/v1/parks/${park}/rides`)) as { rides: { id: string }[] };
    for (const { id } of rides) {
      await json(`/v1/rides/${id}`);
      await json(`/v1/rides/${id}/history?days=7`);
    }
  }
  return requests;
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return address !== null && typeof address === 'object' ? address.port : 0;
}

/** Starts `node dist/main.js` on the bench data and waits until `GET /v1` answers. */
async function startQueuecast(dataDir: string): Promise<{ child: Child; url: string }> {
  const port = await freePort();
  const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' };
  const child = startChild(MAIN_SCRIPT, [], { loader: 'none', stdout: 'ignore', env });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const answered = await getRaw(`${url}/v1`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (answered) return { child, url };
    if (tries > 600 || child.process.exitCode !== null) throw new Error('queuecast did not start');
    await sleep(100);
  }
}

/** Highest RSS of `pid` over `ms`, sampled every 100 ms, with its anonymous and file-backed parts. */
export async function peakRss(pid: number, ms: number): Promise<{ rss: number; anon: number; file: number }> {
  let peak = { rss: 0, anon: 0, file: 0 };
  for (let waited = 0; waited <= ms; waited += 100) {
    const rss = rssBytes(pid);
    if (rss > peak.rss) peak = { rss, ...rssParts(pid) };
    await sleep(100);
  }
  return peak;
}

async function measure(server: 'queuecast' | 'bare', data: BenchData, holdMs: number): Promise<number> {
  let serverProcess: Child | undefined;
  let clients: Child | undefined;
  try {
    let url: string;
    if (server === 'queuecast') {
      ({ child: serverProcess, url } = await startQueuecast(data.dataDir));
    } else {
      serverProcess = startChild(compileScript('bare-broadcast'), ['ws'], { loader: 'none' });
      ({ url } = await serverProcess.next<{ url: string }>('listening'));
    }
    const requests = server === 'queuecast' ? await touchEverything(url, data.keys[0] ?? '') : 0;
    clients = startChild('./fanout-clients.ts', [
      `${url.replace(/^http/, 'ws')}/v1/stream`,
      String(CLIENTS),
      KEYS_FILE,
    ]);
    await clients.next('ready');
    const { rss, anon, file } = await peakRss(serverProcess.process.pid ?? 0, holdMs);
    const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
    log(
      `memory ${server}: at most ${mb(rss)} MB RSS (${mb(anon)} anonymous, ${mb(file)} file-backed, the ` +
        `database pages SQLite maps among them) over ${holdMs / 1000} s with ${CLIENTS} clients` +
        (requests ? `, after ${requests} requests touching every park and ride` : ''),
    );
    return rss;
  } finally {
    await clients?.stop();
    await serverProcess?.stop();
  }
}

export async function memoryRows(data: BenchData, holdMs: number): Promise<Row[]> {
  const ours = await measure('queuecast', data, holdMs);
  const bare = await measure('bare', data, holdMs);
  return [
    under(
      `server RSS, full history, ${CLIENTS.toLocaleString('en-US')} WebSocket clients`,
      'MB',
      ours / 1e6,
      bare / 1e6,
      RSS_GOAL_MB,
    ),
  ];
}
