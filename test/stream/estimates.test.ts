/**
 * The estimated actual wait rides along with the posted wait: worked out when the posted wait
 * changes, it never sends a `changes` message of its own, even as the hour it depends on moves on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Feeds } from '../../src/app/index.js';
import type { Catalog } from '../../src/catalog/catalog.js';
import type { LiveQueueEntry } from '../../src/feeds/types.js';
import { actualWaitEstimator } from '../../src/ingest/actual-wait-estimator.js';
import { ManualClock } from '../../src/lib/clock.js';
import { WsClient, type Of } from './support/clients.js';
import { MINUTE, NOON_NEW_YORK } from './support/drive.js';
import { StreamTestFeeds } from './support/feeds.js';
import { startStreamServer, type StreamServer } from './support/stream-server.js';

const clock = new ManualClock(NOON_NEW_YORK);
const feeds = new StreamTestFeeds();
/** Rides whose reported values stay as they were when first read: the operator posts nothing new. */
const frozen = new Map<string, LiveQueueEntry | undefined>();
let catalog: Catalog | undefined;
let server: StreamServer;
let client: WsClient | undefined;

type Entry = Of<'snapshot'>['entries'][number];

function withFrozenRides(loaded: Catalog): Feeds {
  catalog = loaded;
  const built = feeds.build(loaded);
  return {
    ...built,
    liveQueues: {
      readLiveQueues: async (park, at) => {
        const reading = await built.liveQueues.readLiveQueues(park, at);
        const entries = reading.entries.map((entry) => {
          if (!frozen.has(entry.ride_id)) return entry;
          const kept = frozen.get(entry.ride_id) ?? entry;
          frozen.set(entry.ride_id, kept);
          return kept;
        });
        for (const kept of frozen.values()) {
          if (kept && park.attractions.some((a) => a.id === kept.ride_id) && !entries.includes(kept)) {
            entries.push(kept);
          }
        }
        return { ...reading, entries };
      },
    },
  };
}

beforeAll(async () => {
  server = await startStreamServer({ clock, feeds: withFrozenRides });
});
afterAll(async () => {
  client?.socket.terminate();
  await server.close();
});

async function rideEntry(rideId: string): Promise<Entry> {
  const response = await fetch(`${server.url}/v1/parks/magic-kingdom/waits`);
  const body = (await response.json()) as { entries: Entry[] };
  const entry = body.entries.find((e) => e.ride_id === rideId);
  if (!entry) throw new Error(`${rideId} is not in /waits`);
  return entry;
}

describe('the estimated actual wait on the stream', () => {
  it('never triggers a changes message on its own while the posted wait stands', async () => {
    client = await WsClient.open(server.wsUrl);
    await client.expect('ready');
    const { snapshots } = await client.subscribe(['magic-kingdom']);
    const chosen = snapshots[0]?.entries.find(
      (e) => e.type === 'ride' && e.status === 'OPERATING' && (e.standby_wait_minutes ?? 0) >= 30,
    );
    if (!chosen) throw new Error('no operating ride posting 30 minutes or more at noon');
    frozen.set(chosen.ride_id, undefined);
    clock.advance(MINUTE);
    await server.app.ingest.refreshAll();
    await client.until('changes');

    // The values as frozen (the first read after freezing may post a new wait).
    const before = await rideEntry(chosen.ride_id);
    const park = catalog?.park('magic-kingdom');
    const ride = park?.attractions.find((a) => a.id === chosen.ride_id);
    if (!park || !ride) throw new Error(`${chosen.ride_id} is not in the catalog`);
    const estimate = actualWaitEstimator(park);
    const posted = before.standby_wait_minutes ?? 0;
    // Into the evening, where the same posted wait is estimated lower: a recomputed estimate would differ.
    const evening = NOON_NEW_YORK + 7.5 * 60 * MINUTE;
    expect(before.estimated_actual_wait_minutes).not.toBeNull();
    expect(estimate(ride, posted, evening).minutes).not.toBe(before.estimated_actual_wait_minutes);

    for (const at of [NOON_NEW_YORK + 2 * 60 * MINUTE, NOON_NEW_YORK + 5.5 * 60 * MINUTE, evening]) {
      clock.advance(at - clock.now());
      await server.app.ingest.refreshAll();
      const changes = await client.until('changes');
      expect(changes.changes.length).toBeGreaterThan(0);
      expect(changes.changes.map((e) => e.ride_id)).not.toContain(chosen.ride_id);
    }
    expect(await rideEntry(chosen.ride_id)).toEqual(before);
  });
});
