import { pino, type Logger } from 'pino';
import { describe, expect, it } from 'vitest';
import { Catalog } from '../catalog/catalog.js';
import { createSimulatedFeeds } from '../feeds/sim/index.js';
import { ManualClock } from '../lib/clock.js';
import { LiveState } from '../live/live-state.js';
import { LocalBus } from '../shared-state/bus.js';
import type { HistoryStore, IngestBatch } from '../store/ports.js';
import { openInMemorySqliteStore } from '../store/sqlite/open-sqlite-store.js';
import { Ingest } from './ingest.js';
import { WriteBuffer, type BatchSink } from './write-buffer.js';

function batch(park: string, at: number): IngestBatch {
  return {
    changes: [
      { ride_id: `${park}-ride`, park_key: park, at, status: 'OPERATING', standby_wait_minutes: at % 60 },
    ],
    openedOutages: [],
    endedOutages: [],
    transitions: [],
    checkpoints: [{ park_key: park, at }],
  };
}

/** A store that records applied batches and can be switched off, or commit but lose the answer. */
class FlakySink implements BatchSink {
  readonly applied: IngestBatch[] = [];
  up = true;
  loseNextAnswer = false;

  apply(next: IngestBatch): Promise<void> {
    if (!this.up) return Promise.reject(new Error('connect ECONNREFUSED'));
    this.applied.push(next);
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      this.up = false;
      return Promise.reject(new Error('Connection terminated unexpectedly'));
    }
    return Promise.resolve();
  }

  checkpoints(): Promise<Map<string, number>> {
    if (!this.up) return Promise.reject(new Error('connect ECONNREFUSED'));
    const recorded = new Map<string, number>();
    for (const applied of this.applied)
      for (const { park_key, at } of applied.checkpoints) recorded.set(park_key, at);
    return Promise.resolve(recorded);
  }
}

const times = (sink: FlakySink) =>
  sink.applied.map((b) => `${b.checkpoints[0]?.park_key}@${b.checkpoints[0]?.at}`);

describe('WriteBuffer', () => {
  it('writes at once while the store answers', async () => {
    const sink = new FlakySink();
    const buffer = new WriteBuffer(sink);
    expect(await buffer.write(batch('a', 1))).toBe(true);
    expect(buffer.size).toBe(0);
    expect(times(sink)).toEqual(['a@1']);
  });

  it('holds while the store is away and writes in order when it returns', async () => {
    const sink = new FlakySink();
    const events: string[] = [];
    const buffer = new WriteBuffer(sink, {
      holding: () => events.push('holding'),
      drained: (n) => events.push(`drained ${n}`),
    });
    await buffer.write(batch('a', 1));
    sink.up = false;
    expect(await buffer.write(batch('a', 2))).toBe(false);
    expect(await buffer.write(batch('b', 2))).toBe(false);
    expect(await buffer.write(batch('a', 3))).toBe(false);
    expect(buffer.size).toBe(3);
    sink.up = true;
    expect(await buffer.write(batch('b', 3))).toBe(true);
    expect(buffer.size).toBe(0);
    expect(times(sink)).toEqual(['a@1', 'a@2', 'b@2', 'a@3', 'b@3']);
    expect(events).toEqual(['holding', 'drained 4']);
  });

  it('does not write twice a batch the store committed before the connection was lost', async () => {
    const sink = new FlakySink();
    const buffer = new WriteBuffer(sink);
    sink.loseNextAnswer = true;
    expect(await buffer.write(batch('a', 1))).toBe(false);
    expect(await buffer.write(batch('a', 2))).toBe(false);
    sink.up = true;
    await buffer.drain();
    expect(times(sink)).toEqual(['a@1', 'a@2']);
    expect(buffer.size).toBe(0);
  });

  it('holds at most its bound, refuses the newest and says so once', async () => {
    const sink = new FlakySink();
    let overflows = 0;
    const buffer = new WriteBuffer(sink, { overflowed: () => (overflows += 1) }, 3);
    sink.up = false;
    for (let at = 1; at <= 6; at += 1) await buffer.write(batch('a', at));
    expect(buffer.size).toBe(3);
    expect(buffer.overflowed).toBe(true);
    expect(overflows).toBe(1);
    sink.up = true;
    await buffer.drain();
    // The oldest are kept, so recorded history stays continuous up to where the buffer filled.
    expect(times(sink)).toEqual(['a@1', 'a@2', 'a@3']);
    buffer.overflowHandled();
    expect(buffer.overflowed).toBe(false);
  });
});

describe('Ingest over a full write buffer', () => {
  const catalog = Catalog.load();
  const feeds = createSimulatedFeeds(catalog);
  const MINUTE = 60_000;
  const START = Date.parse('2026-11-20T17:00:00Z'); // midday in the simulated (American) parks

  /** The store, with every call refused while `down` (PostgreSQL stopped). */
  function switchable(store: HistoryStore): { store: HistoryStore; down: { now: boolean } } {
    const down = { now: false };
    const wrapped = new Proxy(store, {
      get(target, name, receiver) {
        const value: unknown = Reflect.get(target, name, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) =>
          down.now
            ? Promise.reject(new Error('connect ECONNREFUSED'))
            : (value as (...a: unknown[]) => unknown).apply(target, args);
      },
    });
    return { store: wrapped, down };
  }

  function ingestOn(store: HistoryStore, clock: ManualClock, logger: Logger, maxBufferedBatches?: number) {
    return new Ingest({
      catalog,
      liveQueues: feeds.liveQueues,
      schedule: feeds.schedule,
      store,
      live: new LiveState(clock),
      bus: new LocalBus(),
      clock,
      logger,
      coverageStart: '2026-11-20',
      maxBufferedBatches,
    });
  }

  async function history(store: HistoryStore, to: number) {
    const parks = catalog.parks.map((park) => park.key);
    return {
      changes: (await Promise.all(parks.map((park) => store.parkChanges(park, 0, to)))).flat(),
      outages: (await Promise.all(parks.map((park) => store.parkOutages(park, 0, to))))
        .flat()
        .map(({ id: _id, ...outage }) => outage),
    };
  }

  it('refuses the newest once full, says so once, and catches up from the store after draining', async () => {
    const lines: { level: number; msg: string }[] = [];
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => lines.push(JSON.parse(line) as { level: number; msg: string }) },
    );
    const clock = new ManualClock(START);
    const sqlite = await openInMemorySqliteStore();
    const { store, down } = switchable(sqlite);
    // Room for two rounds of every park: a round's writes arrive together, so a smaller bound would
    // overflow with the store up.
    const bound = 2 * catalog.parks.length;
    const ingest = ingestOn(store, clock, logger, bound);
    await ingest.resume();
    await ingest.catchUp(START);

    down.now = true;
    for (let minute = 1; minute <= 20; minute++) {
      clock.set(START + minute * MINUTE);
      await ingest.refreshAll();
    }
    expect(ingest.heldBatches).toBe(bound);
    const full = lines.filter((line) => line.msg.startsWith('history write buffer full'));
    expect(full).toHaveLength(1);
    expect(full[0]?.level).toBe(50);

    down.now = false;
    const end = START + 25 * MINUTE;
    for (let minute = 21; minute <= 25; minute++) {
      clock.set(START + minute * MINUTE);
      await ingest.refreshAll();
    }
    expect(ingest.heldBatches).toBe(0);
    expect(lines.filter((line) => line.msg.startsWith('history caught up after'))).toHaveLength(1);

    // What the buffer could not hold is recorded from the feed: history is the uninterrupted run's.
    const straight = await openInMemorySqliteStore();
    const once = ingestOn(straight, clock, pino({ level: 'silent' }));
    await once.resume();
    await once.catchUp(end);
    const expected = await history(straight, end + 1);
    expect(expected.changes.filter((change) => change.at > START).length).toBeGreaterThan(10);
    expect(await history(sqlite, end + 1)).toEqual(expected);
  });
});

describe('WriteBuffer held without the leader lock', () => {
  it('writes nothing while held, even with the store up, then writes everything in order once released', async () => {
    const sink = new FlakySink();
    const buffer = new WriteBuffer(sink);
    buffer.hold();
    expect(await buffer.write(batch('a', 1))).toBe(false);
    expect(await buffer.write(batch('a', 2))).toBe(false);
    await buffer.drain();
    expect(sink.applied).toEqual([]);
    expect(buffer.size).toBe(2);
    buffer.release();
    await buffer.drain();
    expect(times(sink)).toEqual(['a@1', 'a@2']);
    expect(await buffer.write(batch('a', 3))).toBe(true);
    expect(times(sink)).toEqual(['a@1', 'a@2', 'a@3']);
  });

  it('discards what it held and its overflow, and writes again afterwards', async () => {
    const sink = new FlakySink();
    const buffer = new WriteBuffer(sink, {}, 2);
    buffer.hold();
    for (let at = 1; at <= 3; at++) await buffer.write(batch('a', at));
    expect(buffer.overflowed).toBe(true);
    expect(buffer.discard()).toBe(2);
    expect(buffer.size).toBe(0);
    expect(buffer.overflowed).toBe(false);
    expect(buffer.holding).toBe(false);
    expect(await buffer.write(batch('a', 4))).toBe(true);
    expect(times(sink)).toEqual(['a@4']);
  });
});
