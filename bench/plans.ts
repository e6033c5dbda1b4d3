/**
 * The plans rows: touring plans through the endpoint of the compiled server, uncached, beside
 * `/waits` on the same server in the same run. A plan is answered from a cache when the same
 * request comes again, so every plan request differs: tomorrow's date, a start minute and an order
 * of the rides that no earlier request in the run used. One client sends them one at a time (a
 * plan is CPU work on the server's one thread, so more clients only queue), for `seconds` per
 * size; requests/s and p99 are of those. The server watches its own event loop meanwhile
 * (`plans-server.ts`): the longest it waited for a turn is the longest stall while planning.
 */
import { Catalog } from '../src/catalog/catalog.js';
import { startChild } from './child.js';
import type { BenchData } from './data-dir.js';
import { getRaw } from './http-get.js';
import { log } from './stats.js';
import { atMost, reference, under, type Row } from './table.js';
import { runWrk } from './wrk.js';

export interface PlanSettings {
  readonly seconds: number;
  readonly warmupSeconds: number;
}

const PARK = 'magic-kingdom';
const P99_GOAL_MS = 250;
const STALL_GOAL_MS = 50;

/** The park's rides first, then its other attractions: the rides a party would plan. */
function plannable(count: number): string[] {
  const park = Catalog.load().park(PARK);
  if (!park) throw new Error(`the catalog has no park ${PARK}`);
  const ordered = [
    ...park.attractions.filter((attraction) => attraction.type === 'ride'),
    ...park.attractions.filter((attraction) => attraction.type !== 'ride'),
  ];
  if (ordered.length < count) throw new Error(`${PARK} has fewer than ${count} attractions`);
  return ordered.slice(0, count).map((attraction) => attraction.slug);
}

function tomorrow(): string {
  return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
}

/** The `index`-th distinct request for these rides: its own start minute and rotation of the rides. */
function planPath(rides: readonly string[], index: number, date: string): string {
  const minute = 8 * 60 + (index % 240);
  const rotation = Math.floor(index / 240) % rides.length;
  const order = [...rides.slice(rotation), ...rides.slice(0, rotation)];
  const start = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  return `/v1/parks/${PARK}/plan?rides=${order.join(',')}&date=${date}&start=${start}`;
}

interface PlanRun {
  readonly requestsPerSecond: number;
  readonly p99Ms: number;
  readonly failed: number;
}

/** Sends distinct plan requests one after another for `seconds`, from request number `first`. */
async function planRun(
  origin: string,
  rides: readonly string[],
  seconds: number,
  first: number,
  auth: readonly string[],
): Promise<PlanRun & { next: number }> {
  const date = tomorrow();
  const times: number[] = [];
  let failed = 0;
  let index = first;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    const sent = performance.now();
    const response = await getRaw(`${origin}${planPath(rides, index, date)}`, {
      Authorization: auth[index % auth.length] ?? '',
    });
    times.push(performance.now() - sent);
    if (response.status !== 200) failed++;
    index++;
  }
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const p99Ms = times[Math.min(times.length - 1, Math.floor(0.99 * times.length))] ?? 0;
  return { requestsPerSecond: times.length / elapsed, p99Ms, failed, next: index };
}

export async function planRows(data: BenchData, settings: PlanSettings): Promise<Row[]> {
  const server = startChild('./plans-server.ts', [data.dataDir], { stdout: 'ignore' });
  try {
    const { url: origin } = await server.next<{ url: string }>('listening');
    await server.ask({ command: 'refresh' });
    const auth = data.keys.map((key) => `Bearer ${key}`);
    const waitsRun = (seconds: number) =>
      runWrk({
        origin,
        path: `/v1/parks/${PARK}/waits`,
        rotate: { header: 'Authorization', values: auth },
        seconds,
      });
    await waitsRun(settings.warmupSeconds);
    const waits = await waitsRun(settings.seconds);
    log(`plans: /waits ${waits.requestsPerSecond.toFixed(0)} requests/s, p99 ${waits.p99Ms.toFixed(1)} ms`);

    const rows: Row[] = [
      reference(
        'plans: /waits, partner key (same run)',
        'requests/s',
        waits.requestsPerSecond,
        waits.requestsPerSecond,
      ),
      reference('plans: /waits p99 (same run)', 'ms', waits.p99Ms, waits.p99Ms),
    ];
    let next = 0;
    let longestStallMs = 0;
    for (const size of [10, 25]) {
      const rides = plannable(size);
      next = (await planRun(origin, rides, settings.warmupSeconds, next, auth)).next;
      await server.ask({ command: 'loop-start' });
      const run = await planRun(origin, rides, settings.seconds, next, auth);
      const { longestMs } = await server.ask<{ longestMs: number }>({ command: 'loop-stop' });
      next = run.next;
      longestStallMs = Math.max(longestStallMs, longestMs);
      log(
        `plans: ${size} rides ${run.requestsPerSecond.toFixed(1)} requests/s, p99 ${run.p99Ms.toFixed(0)} ms, ` +
          `longest event-loop stall ${longestMs.toFixed(0)} ms, ${run.failed} not 200`,
      );
      if (run.failed > 0) throw new Error(`plans: ${run.failed} plan requests were not answered 200`);
      rows.push(
        reference(
          `plans: ${size}-ride plan, uncached`,
          'requests/s',
          run.requestsPerSecond,
          waits.requestsPerSecond,
        ),
        size === 25
          ? under(`plans: ${size}-ride plan p99, uncached`, 'ms', run.p99Ms, waits.p99Ms, P99_GOAL_MS)
          : reference(`plans: ${size}-ride plan p99, uncached`, 'ms', run.p99Ms, waits.p99Ms),
      );
    }
    rows.push(
      atMost(
        'plans: longest event-loop stall while planning',
        'ms',
        longestStallMs,
        waits.p99Ms,
        STALL_GOAL_MS,
      ),
    );
    return rows;
  } finally {
    await server.stop();
  }
}
