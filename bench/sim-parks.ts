/**
 * `npx tsx bench/sim-parks.ts`: the simulator's catalog at SIM_PARKS=120 (the spec's ten and 110
 * generated parks of 20-60 attractions), against the spec's ten as the baseline: building the
 * catalog through the discovery merge, the process's RSS once it and the simulator are built, and
 * one live ingest round (every park read, diffed, recorded in SQLite and made live) with the
 * longest event-loop stall during the rounds. The server-level rows (/waits throughput, first
 * start) need the app to serve a discovered catalog and are not measured here.
 */
import { pino } from 'pino';
import { Catalog } from '../src/catalog/catalog.js';
import { loadCatalogData } from '../src/catalog/load.js';
import { mergeDiscovered } from '../src/catalog/merge.js';
import { createSimulatedFeeds } from '../src/feeds/sim/index.js';
import { simulatedCatalog } from '../src/feeds/sim/large-catalog.js';
import { Ingest, POLL_INTERVAL_MS } from '../src/ingest/ingest.js';
import { ManualClock } from '../src/lib/clock.js';
import { LiveState } from '../src/live/live-state.js';
import { LocalBus } from '../src/shared-state/bus.js';
import { openInMemorySqliteStore } from '../src/store/sqlite/open-sqlite-store.js';
import { atMost, reference, renderTable, type Row } from './table.js';

const PARKS = 120;
const ROUNDS = 12;
/** A Saturday afternoon in Florida: most generated zones are open or just closing. */
const AT = Date.parse('2026-10-03T18:00:00Z');

function buildCatalog(parkCount: number): { catalog: Catalog; ms: number } {
  const started = performance.now();
  const spec = Catalog.load();
  const listed = simulatedCatalog(spec, parkCount);
  const merged = mergeDiscovered({
    spec: loadCatalogData(),
    discovered: listed,
    listed: new Set(listed.parks.map((park) => park.feed_id)),
    stored: [],
    stillChosen: () => true,
    now: AT,
  });
  return { catalog: new Catalog(merged.data), ms: performance.now() - started };
}

async function liveRounds(catalog: Catalog): Promise<{ medianMs: number; stallMs: number }> {
  const clock = new ManualClock(AT);
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
  // The first round sets up each park's state; the rounds after it are the steady cost.
  await ingest.refreshAll();
  // The longest time the loop went without reaching its timers: what a request would wait.
  let last = performance.now();
  let stallMs = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 1);
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    clock.advance(POLL_INTERVAL_MS);
    const started = performance.now();
    await ingest.refreshAll();
    times.push(performance.now() - started);
    // Between rounds the loop is free, as between polls.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  clearInterval(probe);
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)] ?? 0, stallMs };
}

const rssMb = () => process.memoryUsage().rss / 2 ** 20;

const before = rssMb();
const spec = buildCatalog(10);
const large = buildCatalog(PARKS);
createSimulatedFeeds(large.catalog);
const afterBuild = rssMb();
const specRound = await liveRounds(spec.catalog);
const largeRound = await liveRounds(large.catalog);
const rides = large.catalog.parks.reduce((sum, park) => sum + park.attractions.length, 0);

const rows: Row[] = [
  reference(`catalog of ${PARKS} parks (${rides} attractions) built`, 'ms', large.ms, spec.ms),
  atMost(`RSS with the ${PARKS}-park catalog and simulator`, 'MB', afterBuild, before, 600),
  reference(
    `live ingest round, ${PARKS} parks (median of ${ROUNDS})`,
    'ms',
    largeRound.medianMs,
    specRound.medianMs,
  ),
  atMost(
    `live ingest round, ${PARKS} parks: within the 5 s poll`,
    'ms',
    largeRound.medianMs,
    specRound.medianMs,
    POLL_INTERVAL_MS,
  ),
  atMost('longest event-loop stall during the rounds', 'ms', largeRound.stallMs, specRound.stallMs, 100),
];
process.stdout.write(`${renderTable(rows)}\n`);
