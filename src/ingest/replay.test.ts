/**
 * The backfill steps only the minutes where the simulator's reading or the park's hours change
 * (ParkIngestor.replayStep); stepping every minute through a feed that cannot say when it changes
 * must record exactly the same history and leave exactly the same live state.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { Catalog } from '../catalog/catalog.js';
import { loadCatalogData } from '../catalog/load.js';
import { mergeDiscovered } from '../catalog/merge.js';
import { createSimulatedFeeds } from '../feeds/sim/index.js';
import { simulatedCatalog } from '../feeds/sim/large-catalog.js';
import { unpublishedSchedule, type LiveQueueFeed, type ScheduleFeed } from '../feeds/types.js';
import { ManualClock } from '../lib/clock.js';
import { LiveState } from '../live/live-state.js';
import { LocalBus } from '../shared-state/bus.js';
import type { HistoryStore } from '../store/ports.js';
import { openInMemorySqliteStore, openSqliteStores } from '../store/sqlite/open-sqlite-store.js';
import { Ingest } from './ingest.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The spec's Magic Kingdom and Disneyland, a generated park at UTC+5:30 and one in Lisbon. */
function smallCatalog(): Catalog {
  const spec = loadCatalogData();
  const discovered = simulatedCatalog(Catalog.load(), 40);
  const merged = mergeDiscovered({
    spec,
    discovered,
    listed: new Set(discovered.parks.map((park) => park.feed_id)),
    stored: [],
    stillChosen: () => true,
    now: Date.parse('2026-10-01T00:00:00Z'),
  }).data;
  const generated = merged.parks.filter((park) => park.discovered);
  const east = generated.find((park) => park.time_zone === 'Asia/Kolkata');
  const lisbon = generated.find((park) => park.time_zone === 'Europe/Lisbon');
  const chosen = new Set(['magic-kingdom', 'disneyland', east?.key, lisbon?.key]);
  const parks = merged.parks.filter((park) => chosen.has(park.key));
  expect(parks).toHaveLength(4);
  return new Catalog({ ...merged, parks });
}

const catalog = smallCatalog();
const feeds = createSimulatedFeeds(catalog);
/** The generated park in Lisbon publishes no schedule: it opens and closes by its live rides. */
const unscheduled = catalog.parks.find((park) => park.time_zone === 'Europe/Lisbon');
/** Disneyland's hours run 7 minutes behind its rides: it opens and closes when no reading changes. */
const schedule: ScheduleFeed = {
  readSchedule: async (park, date) => {
    if (park === unscheduled) return unpublishedSchedule(park.id, date);
    const published = await feeds.schedule.readSchedule(park, date);
    if (park.key !== 'disneyland') return published;
    const windows = published.windows.map((w) => ({
      ...w,
      opens_at: w.opens_at + 7 * MINUTE,
      closes_at: w.closes_at + 7 * MINUTE,
    }));
    return { ...published, windows };
  },
};
/** The same readings, without saying when they change: read every minute. */
const everyMinute: LiveQueueFeed = {
  readLiveQueues: (park, at) => feeds.liveQueues.readLiveQueues(park, at),
};

function ingestOf(liveQueues: LiveQueueFeed, store: HistoryStore, clock: ManualClock, live: LiveState) {
  return new Ingest({
    // Every catch-up writes on the store's background writer where it has one (a file).
    backgroundWritesFromMs: 0,
    catalog,
    liveQueues,
    schedule,
    store,
    live,
    bus: new LocalBus(),
    clock,
    logger: pino({ level: 'silent' }),
    coverageStart: '2026-10-31',
  });
}

async function recorded(store: HistoryStore, to: number) {
  const parks = catalog.parks.map((park) => park.key);
  return {
    changes: await Promise.all(parks.map((park) => store.parkChanges(park, 0, to))),
    // With their IDs: the rows are written in the same order.
    outages: await Promise.all(parks.map((park) => store.parkOutages(park, 0, to))),
    transitions: await Promise.all(parks.map((park) => store.transitions(park, 0, to))),
    checkpoints: await store.checkpoints(),
  };
}

/** A first start at `restart`, a restart at `end` (through the US end of summer time), a poll. */
async function run(
  liveQueues: LiveQueueFeed,
  restart: number,
  end: number,
  store: HistoryStore | Promise<HistoryStore> = openInMemorySqliteStore(),
) {
  return runOn(liveQueues, restart, end, await store);
}

async function runOn(liveQueues: LiveQueueFeed, restart: number, end: number, store: HistoryStore) {
  const clock = new ManualClock(restart);
  const live = new LiveState(clock);
  const first = ingestOf(liveQueues, store, clock, live);
  await first.resume();
  const firstRows = await first.catchUp(restart);
  clock.set(end);
  const second = ingestOf(liveQueues, store, clock, live);
  await second.resume();
  const secondRows = await second.catchUp(end);
  const filled = await second.fillUnrecorded('2026-10-30', end);
  await second.refreshAll();
  return {
    rows: [firstRows, secondRows, filled],
    history: await recorded(store, end + 1),
    snapshots: catalog.parks.map((park) => live.lastSnapshot(park.key)),
  };
}

describe('Backfill stepping only where something changes', () => {
  it('records what stepping every minute records, and leaves the same live state', async () => {
    // Mid-afternoon in Florida with seconds on the clock, as a restart after live polling has.
    const restart = Date.parse('2026-11-01T19:17:05.250Z');
    const end = restart + 20 * HOUR + 3 * MINUTE;
    const minuteByMinute = await run(everyMinute, restart, end);
    const replayed = await run(feeds.liveQueues, restart, end);

    const changes = minuteByMinute.history.changes.flat();
    expect(changes.length).toBeGreaterThan(5_000);
    expect(minuteByMinute.history.outages.flat().length).toBeGreaterThan(0);
    // The park without a schedule opened and closed by its rides.
    const unscheduledIndex = catalog.parks.findIndex((park) => park === unscheduled);
    expect(minuteByMinute.history.transitions[unscheduledIndex]?.length).toBeGreaterThan(1);
    const disneyland =
      minuteByMinute.history.transitions[catalog.parks.findIndex((p) => p.key === 'disneyland')];
    expect(disneyland?.length).toBeGreaterThan(1);
    expect(minuteByMinute.rows.every((rows) => rows > 0)).toBe(true);

    expect(replayed.rows).toEqual(minuteByMinute.rows);
    expect(replayed.history).toEqual(minuteByMinute.history);
    expect(replayed.snapshots).toEqual(minuteByMinute.snapshots);

    // Into a database file, written by the store's background writer on its own thread.
    const directory = mkdtempSync(join(tmpdir(), 'queuecast-replay-'));
    const stores = await openSqliteStores(directory);
    try {
      expect(typeof stores.history.backgroundWriter).toBe('function');
      const inBackground = await run(feeds.liveQueues, restart, end, stores.history);
      expect(inBackground.rows).toEqual(minuteByMinute.rows);
      expect(inBackground.history).toEqual(minuteByMinute.history);
      expect(inBackground.snapshots).toEqual(minuteByMinute.snapshots);
    } finally {
      await stores.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
