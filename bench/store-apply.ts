/**
 * Measures bulk `apply` throughput on a file-backed store, shaped like the backfill: ten parks, 40
 * 21 rides each with catalog-length keys, one park per batch, a few outages and a checkpoint per
 * batch. About 130 rows is one park-hour of backfill, about 2000 one park-day. Not a test (timings
 * vary by machine and load); run by hand:
 *
 *   npx tsx bench/store-apply.ts [totalRows=1000000] [rowsPerBatch=130] [file|memory]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EndedOutage, IngestBatch, NewOutage, WaitChange } from '../src/store/ports.js';
import { openStores } from '../src/app/drivers.js';
import { loadConfig } from '../src/config/index.js';
import { openInMemorySqliteStore } from '../src/store/sqlite/open-sqlite-store.js';

// Real keys are this long: park keys as in the catalog, ride IDs `<park_key>_<slug>`.
const PARK_KEYS = [
  'magic-kingdom',
  'epcot',
  'hollywood-studios',
  'animal-kingdom',
  'disneyland',
  'california-adventure',
  'universal-studios-florida',
  'islands-of-adventure',
  'epic-universe',
  'universal-studios-hollywood',
];
const PARKS = PARK_KEYS.length;
const RIDES_PER_PARK = 21;
const STEP_MS = 5 * 60_000;
const COVERAGE_START = Date.parse('2026-09-28T00:00:00Z');

function batchFor(park: number, index: number, rows: number): IngestBatch {
  const parkKey = PARK_KEYS[park] ?? 'park';
  const changes: WaitChange[] = [];
  const openedOutages: NewOutage[] = [];
  const endedOutages: EndedOutage[] = [];
  const openSince = new Map<string, number>();
  const base = COVERAGE_START + index * Math.ceil(rows / RIDES_PER_PARK) * STEP_MS;
  for (let i = 0; i < rows; i += 1) {
    const ride = i % RIDES_PER_PARK;
    const at = base + Math.floor(i / RIDES_PER_PARK) * STEP_MS;
    const rideId = `${parkKey}_some-attraction-slug-${ride}`;
    const down = (index + ride) % 97 === 0 && i < RIDES_PER_PARK;
    changes.push({
      ride_id: rideId,
      park_key: parkKey,
      at,
      status: down ? 'DOWN' : 'OPERATING',
      standby_wait_minutes: down ? null : 5 * ((i * 7 + index) % 24),
    });
    if (down) {
      openedOutages.push({ ride_id: rideId, park_key: parkKey, status: 'DOWN', started_at: at });
      openSince.set(rideId, at);
    } else if (i < RIDES_PER_PARK && (index + ride) % 97 === 1)
      endedOutages.push({ ride_id: rideId, started_at: openSince.get(rideId) ?? at, ended_at: at });
  }
  const last = changes.at(-1)?.at ?? base;
  return {
    changes,
    openedOutages,
    endedOutages,
    transitions: [],
    checkpoints: [{ park_key: parkKey, at: last }],
  };
}

async function main(): Promise<void> {
  const totalRows = Number(process.argv[2] ?? 1_000_000);
  const rowsPerBatch = Number(process.argv[3] ?? 130);
  const inMemory = process.argv[4] === 'memory';
  const dir = mkdtempSync(join(tmpdir(), 'queuecast-measure-'));
  const store = inMemory
    ? await openInMemorySqliteStore()
    : (await openStores(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'warn' }))).history;
  try {
    const batchesPerPark = Math.ceil(totalRows / rowsPerBatch / PARKS);
    const batches: IngestBatch[] = [];
    for (let index = 0; index < batchesPerPark; index += 1) {
      for (let park = 0; park < PARKS; park += 1) batches.push(batchFor(park, index, rowsPerBatch));
    }
    const rows = batches.reduce((sum, batch) => sum + batch.changes.length, 0);
    const started = performance.now();
    for (const batch of batches) await store.apply(batch);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${inMemory ? 'memory' : 'file'}: ${rows} rows in ${batches.length} batches of ${rowsPerBatch}: ` +
        `${seconds.toFixed(2)} s, ` +
        `${Math.round(rows / seconds).toLocaleString('en')} rows/s`,
    );
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
