import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { Catalog } from '../catalog/catalog.js';
import { createSimulatedFeeds } from '../feeds/sim/index.js';
import { ManualClock } from '../lib/clock.js';
import type { LiveEvent } from '../live/events.js';
import { LiveState } from '../live/live-state.js';
import { LocalBus } from '../shared-state/bus.js';
import type { HistoryStore } from '../store/ports.js';
import { openInMemorySqliteStore } from '../store/sqlite/open-sqlite-store.js';
import { Ingest } from './ingest.js';

const catalog = Catalog.load();
const feeds = createSimulatedFeeds(catalog);
const MINUTE = 60_000;
const START = Date.parse('2026-11-20T17:00:00Z'); // midday in the simulated (American) parks

function ingestOn(store: HistoryStore, clock: ManualClock, bus = new LocalBus<LiveEvent>(), bound?: number) {
  return new Ingest({
    catalog,
    liveQueues: feeds.liveQueues,
    schedule: feeds.schedule,
    store,
    live: new LiveState(clock),
    bus,
    clock,
    logger: pino({ level: 'silent' }),
    coverageStart: '2026-11-20',
    maxBufferedBatches: bound,
  });
}

async function changes(store: HistoryStore, to: number) {
  return (await Promise.all(catalog.parks.map((park) => store.parkChanges(park.key, 0, to)))).flat();
}

describe('Ingest without the leader lock (provisional)', () => {
  it('publishes every round but writes nothing until the lock is back, then records what an uninterrupted run does', async () => {
    const clock = new ManualClock(START);
    const store = await openInMemorySqliteStore();
    const bus = new LocalBus<LiveEvent>();
    let refreshed = 0;
    bus.subscribe((event) => {
      if (event.type === 'refreshed') refreshed += 1;
    });
    const ingest = ingestOn(store, clock, bus);
    await ingest.resume();
    await ingest.catchUp(START);
    const before = (await changes(store, START + 60 * MINUTE)).length;

    ingest.holdWrites();
    for (let minute = 1; minute <= 10; minute++) {
      clock.set(START + minute * MINUTE);
      await ingest.refreshAll();
    }
    // The store answers all along, yet nothing is written: another instance may lead by now.
    expect((await changes(store, START + 60 * MINUTE)).length).toBe(before);
    expect(refreshed).toBe(10 * catalog.parks.length);
    expect(ingest.heldBatches).toBe(10 * catalog.parks.length);

    await ingest.writeHeld();
    expect(ingest.heldBatches).toBe(0);
    const end = START + 10 * MINUTE;
    const straight = await openInMemorySqliteStore();
    const once = ingestOn(straight, clock);
    await once.resume();
    await once.catchUp(end);
    const expected = await changes(straight, end + 1);
    expect(expected.filter((change) => change.at > START).length).toBeGreaterThan(10);
    expect(await changes(store, end + 1)).toEqual(expected);
  });

  it('drops what it held for the new leader, and stops polling once the buffer is full', async () => {
    const clock = new ManualClock(START);
    const store = await openInMemorySqliteStore();
    const bus = new LocalBus<LiveEvent>();
    let refreshed = 0;
    bus.subscribe((event) => {
      if (event.type === 'refreshed') refreshed += 1;
    });
    const bound = 2 * catalog.parks.length;
    const ingest = ingestOn(store, clock, bus, bound);
    await ingest.resume();
    await ingest.catchUp(START);

    ingest.holdWrites();
    for (let minute = 1; minute <= 5; minute++) {
      clock.set(START + minute * MINUTE);
      await ingest.refreshAll();
    }
    // Two rounds held, the third refused: from then on no round polls or publishes.
    expect(ingest.heldBatches).toBe(bound);
    expect(refreshed).toBe(3 * catalog.parks.length);

    expect(ingest.dropHeld()).toBe(bound);
    expect(ingest.heldBatches).toBe(0);
  });
});
