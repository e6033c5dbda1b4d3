import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { Catalog } from '../catalog/catalog.js';
import { createSimulatedFeeds } from '../feeds/sim/index.js';
import type { LiveQueueFeed } from '../feeds/types.js';
import { ManualClock } from '../lib/clock.js';
import type { LiveEvent } from '../live/events.js';
import { LiveReplica } from '../live/live-replica.js';
import { LiveState } from '../live/live-state.js';
import { LocalBus } from '../shared-state/bus.js';
import type { HistoryStore } from '../store/ports.js';
import { openInMemorySqliteStore } from '../store/sqlite/open-sqlite-store.js';
import { Ingest } from './ingest.js';

const catalog = Catalog.load();
const feeds = createSimulatedFeeds(catalog);
const START = Date.parse('2026-11-20T05:00:00Z'); // midnight in New York
const HOUR = 3_600_000;

function ingestFor(store: HistoryStore, clock: ManualClock, coverageStart = '2026-11-20') {
  return new Ingest({
    catalog,
    liveQueues: feeds.liveQueues,
    schedule: feeds.schedule,
    store,
    live: new LiveState(clock),
    bus: new LocalBus(),
    clock,
    logger: pino({ level: 'silent' }),
    coverageStart,
  });
}

async function everything(store: HistoryStore, to: number) {
  const parks = catalog.parks.map((p) => p.key);
  return {
    changes: (await Promise.all(parks.map((p) => store.parkChanges(p, 0, to)))).flat(),
    outages: (await Promise.all(parks.map((p) => store.parkOutages(p, 0, to))))
      .flat()
      .map(({ id: _id, ...o }) => o),
  };
}

describe('Ingest catch-up', () => {
  it('records after a restart exactly what one uninterrupted run records', async () => {
    const end = START + 30 * HOUR;
    const clock = new ManualClock(end);
    const straight = await openInMemorySqliteStore();
    const once = ingestFor(straight, clock);
    await once.resume();
    await once.catchUp(end);

    const restarted = await openInMemorySqliteStore();
    const first = ingestFor(restarted, clock);
    await first.resume();
    await first.catchUp(START + 13 * HOUR + 17 * 60_000);
    const second = ingestFor(restarted, clock);
    await second.resume();
    const gapRows = await second.catchUp(end);

    const expected = await everything(straight, end + 1);
    expect(expected.changes.length).toBeGreaterThan(1000);
    expect(expected.outages.length).toBeGreaterThan(0);
    expect(await everything(restarted, end + 1)).toEqual(expected);
    expect(gapRows).toBeLessThan(expected.changes.length);
    expect(await second.catchUp(end)).toBe(0);
  });

  it('fills time before recorded history without touching what is recorded', async () => {
    const end = START + 30 * HOUR;
    const clock = new ManualClock(end);
    const store = await openInMemorySqliteStore();
    const ingest = ingestFor(store, clock);
    await ingest.resume();
    await ingest.catchUp(end);
    const before = await everything(store, end + 1);
    const checkpoints = await store.checkpoints();

    const filled = await ingest.fillUnrecorded('2026-11-18', end);
    expect(filled).toBeGreaterThan(0);
    const after = await everything(store, end + 1);
    expect(await store.checkpoints()).toEqual(checkpoints);
    const firstRecorded = new Map<string, number>();
    for (const change of before.changes) {
      firstRecorded.set(change.park_key, Math.min(change.at, firstRecorded.get(change.park_key) ?? Infinity));
    }
    const recordedBefore = (c: { park_key: string; at: number }) =>
      c.at < (firstRecorded.get(c.park_key) ?? 0);
    expect(after.changes.filter((c) => !recordedBefore(c))).toEqual(before.changes);
    expect(after.changes.some(recordedBefore)).toBe(true);
    // Nothing filled before history is left open at the boundary.
    expect(
      after.outages.filter((o) => o.started_at < (firstRecorded.get(o.park_key) ?? 0) && o.ended_at === null),
    ).toEqual([]);
    expect(await ingest.fillUnrecorded('2026-11-18', end)).toBe(0);
  });
});

describe('Ingest from a feed that cannot replay the past', () => {
  const realTime: LiveQueueFeed = {
    realTimeOnly: true,
    readLiveQueues: (park, at) => feeds.liveQueues.readLiveQueues(park, at),
  };
  const ingestOf = (store: HistoryStore, clock: ManualClock) =>
    new Ingest({
      catalog,
      liveQueues: realTime,
      schedule: feeds.schedule,
      store,
      live: new LiveState(clock),
      bus: new LocalBus(),
      clock,
      logger: pino({ level: 'silent' }),
      coverageStart: '2026-11-01',
    });

  it('invents no past on the first start, and leaves a restart’s downtime as a gap', async () => {
    const store = await openInMemorySqliteStore();
    const firstStart = START + 15 * HOUR; // mid-afternoon: every park open
    const clock = new ManualClock(firstStart);
    const first = ingestOf(store, clock);
    await first.resume();
    expect(await first.catchUp(firstStart)).toBe(0);
    expect((await everything(store, firstStart)).changes).toEqual([]);
    await expect(first.fillUnrecorded('2026-11-01', firstStart)).rejects.toThrow(/cannot replay the past/);

    await first.refreshAll();
    const recorded = await store.parkChanges('magic-kingdom', 0, firstStart + 1);
    expect(recorded.length).toBeGreaterThan(0);
    expect(recorded.every((c) => c.at === firstStart)).toBe(true);
    expect(await store.transitions('magic-kingdom', 0, firstStart + 1)).toEqual([
      { park_key: 'magic-kingdom', at: firstStart, state: 'open' },
    ]);

    // Down for two hours, then started again.
    const restart = firstStart + 2 * HOUR;
    clock.set(restart);
    const second = ingestOf(store, clock);
    await second.resume();
    const gapRows = await second.catchUp(restart);
    await second.refreshAll();

    const transitions = await store.transitions('magic-kingdom', 0, restart + 1);
    expect(transitions).toEqual([
      { park_key: 'magic-kingdom', at: firstStart, state: 'open' },
      { park_key: 'magic-kingdom', at: firstStart + 1, state: 'closed' },
      { park_key: 'magic-kingdom', at: restart, state: 'open' },
    ]);
    const all = await store.parkChanges('magic-kingdom', 0, restart + 1);
    // Nothing recorded inside the gap; at its start every ride stops having a wait.
    const inGap = all.filter((c) => c.at > firstStart && c.at < restart);
    expect(inGap.length).toBeGreaterThan(0);
    expect(gapRows).toBeGreaterThanOrEqual(inGap.length);
    expect(
      inGap.every(
        (c) => c.at === firstStart + 1 && c.status === 'unavailable' && c.standby_wait_minutes === null,
      ),
    ).toBe(true);
    expect(gapRows).toBeGreaterThan(0);
    // No outage runs through the gap.
    for (const outage of await store.parkOutages('magic-kingdom', 0, restart + 1)) {
      expect(
        outage.ended_at === null
          ? outage.started_at >= restart
          : outage.ended_at <= firstStart + 1 || outage.started_at >= restart,
      ).toBe(true);
    }
  });
});

describe('Ingest resumed by another leader', () => {
  const afternoon = START + 15 * HOUR; // every park open, its shows listed
  const show = 'magic-kingdom_the-hall-of-presidents';

  it('records a show the feed stopped listing during the gap as removed', async () => {
    const store = await openInMemorySqliteStore();
    const clock = new ManualClock(afternoon);
    const before = ingestFor(store, clock);
    await before.resume();
    await before.catchUp(afternoon);

    const showEnded: LiveQueueFeed = {
      readLiveQueues: async (park, at) => {
        const reading = await feeds.liveQueues.readLiveQueues(park, at);
        return { ...reading, entries: reading.entries.filter((entry) => entry.ride_id !== show) };
      },
    };
    const after = new Ingest({
      catalog,
      liveQueues: showEnded,
      schedule: feeds.schedule,
      store,
      live: new LiveState(clock),
      bus: new LocalBus(),
      clock,
      logger: pino({ level: 'silent' }),
      coverageStart: '2026-11-20',
    });
    await after.resume();
    const resumedAt = afternoon + 10 * 60_000;
    await after.catchUp(resumedAt);

    const history = await store.changes(show, 0, resumedAt + 1);
    expect(history.at(0)?.status).toBe('OPERATING');
    expect(history.at(-1)).toEqual({
      ride_id: show,
      park_key: 'magic-kingdom',
      at: afternoon + 60_000,
      status: 'unavailable',
      standby_wait_minutes: null,
    });
  });

  it('publishes no change on taking over from an unchanged feed', async () => {
    const store = await openInMemorySqliteStore();
    const clock = new ManualClock(afternoon);
    const bus = new LocalBus<LiveEvent>();
    const leader = new Ingest({ ...dependencies(store, clock), bus, live: new LiveState(clock) });
    const followerLive = new LiveState(clock);
    let following = true;
    await new LiveReplica(followerLive, bus, () => !following).start();
    await leader.resume();
    await leader.catchUp(afternoon);
    await leader.refreshAll();
    expect(followerLive.lastSnapshot('magic-kingdom')).toBeDefined();

    // The leader is gone; the follower takes over within the same simulated minute.
    following = false;
    clock.set(afternoon + 5_000);
    const published: LiveEvent[] = [];
    bus.subscribe((event) => published.push(event));
    const successor = new Ingest({ ...dependencies(store, clock), bus, live: followerLive });
    await successor.resume();
    await successor.catchUp(clock.now());
    await successor.refreshAll();

    expect(published.filter((event) => event.type === 'refreshed')).toHaveLength(catalog.parks.length);
    expect(published.filter((event) => event.type === 'changes')).toEqual([]);
  });

  function dependencies(store: HistoryStore, clock: ManualClock) {
    return {
      catalog,
      liveQueues: feeds.liveQueues,
      schedule: feeds.schedule,
      store,
      clock,
      logger: pino({ level: 'silent' }),
      coverageStart: '2026-11-20',
    };
  }
});
