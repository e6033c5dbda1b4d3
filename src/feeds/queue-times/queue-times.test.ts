import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Catalog } from '../../catalog/catalog.js';
import type { Park } from '../../catalog/types.js';
import { ManualClock } from '../../lib/clock.js';
import { FakeUpstream, fixture } from '../../../test/support/fake-upstream.js';
import { UpstreamClient } from '../http/upstream-client.js';
import { UpstreamError } from '../types.js';
import { QueueTimesFeed } from './index.js';

const catalog = Catalog.load();
const EPIC = catalog.park('epic-universe') as Park;
const AT = Date.parse('2026-10-03T15:03:00Z');
const PATH = `/parks/${EPIC.queue_times_id}/queue_times.json`;

let upstream: FakeUpstream;
let clock: ManualClock;
let warnings: { details: object; message: string }[];

function feed() {
  const client = new UpstreamClient({
    feed: 'queue-times',
    label: 'Queue-Times',
    baseUrl: upstream.url,
    userAgent: 'queuecast-test (ops@example.com)',
    clock,
    backoffMs: 1,
  });
  return new QueueTimesFeed({
    client,
    catalog,
    clock,
    logger: { warn: (details, message) => warnings.push({ details, message }) },
  });
}

beforeEach(async () => {
  clock = new ManualClock(AT);
  warnings = [];
  upstream = new FakeUpstream().serveFixture(PATH, 'queuetimes-queue_times.json');
  await upstream.start();
});
afterEach(async () => {
  await upstream.stop();
});

describe('Queue-Times', () => {
  it('maps each park by its Queue-Times id (DESIGN table), ids the parks list knows', () => {
    const design: Record<string, number> = {
      'magic-kingdom': 6,
      epcot: 5,
      'hollywood-studios': 7,
      'animal-kingdom': 8,
      disneyland: 16,
      'california-adventure': 17,
      'universal-studios-florida': 65,
      'islands-of-adventure': 64,
      'epic-universe': 334,
      'universal-studios-hollywood': 66,
    };
    for (const park of catalog.parks) expect(park.queue_times_id).toBe(design[park.key]);
    const listed = fixture('queuetimes-parks.json') as { parks: { id: number; name: string }[] }[];
    const ids = new Set(listed.flatMap((group) => group.parks.map((p) => p.id)));
    expect([6, 5, 16, 65, 334, 66].every((id) => ids.has(id))).toBe(true);
  });

  it('reads posted waits, the single-rider row onto its ride, and a closed 0 as CLOSED with no wait', async () => {
    const reading = await feed().readLiveQueues(EPIC, AT);
    expect(reading).toMatchObject({ park_id: EPIC.id, observed_at: AT });
    const byId = new Map(reading.entries.map((e) => [e.ride_id, e]));
    expect(byId.get('epic-universe_mario-kart-bowsers-challenge')).toMatchObject({
      status: 'OPERATING',
      standby_wait_minutes: 50,
      single_rider_wait_minutes: 15,
      return_windows: [],
    });
    expect(byId.get('epic-universe_curse-of-the-werewolf')).toMatchObject({
      status: 'CLOSED',
      standby_wait_minutes: null,
    });
    expect(byId.get('epic-universe_harry-potter-and-the-battle-at-the-ministry')?.standby_wait_minutes).toBe(
      90,
    );
    expect(reading.entries).toHaveLength(4);
    expect(warnings).toEqual([]);
    expect(upstream.requests[0]?.userAgent).toBe('queuecast-test (ops@example.com)');
  });

  it('logs a ride it cannot place once and keeps the rest', async () => {
    const payload = fixture('queuetimes-queue_times.json') as { rides: unknown[] };
    payload.rides.push({
      id: 99,
      name: 'A Ride Nobody Built',
      is_open: true,
      wait_time: 5,
      last_updated: '2026-10-03T15:01:34.000Z',
    });
    upstream.serve(PATH, { body: payload });
    const wiki = feed();
    const reading = await wiki.readLiveQueues(EPIC, AT);
    clock.advance(120_000);
    await wiki.readLiveQueues(EPIC, clock.now());
    expect(reading.entries).toHaveLength(4);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toMatch(/A Ride Nobody Built.*epic-universe\.json/);
  });

  it('rejects a malformed payload with an UpstreamError', async () => {
    upstream.serve(PATH, { body: { lands: [{ rides: [{ name: 'x' }] }] } });
    await expect(feed().readLiveQueues(EPIC, AT)).rejects.toThrow(UpstreamError);
    clock.advance(120_000);
    upstream.serve(PATH, { body: [] });
    await expect(feed().readLiveQueues(EPIC, clock.now())).rejects.toThrow(/malformed/);
  });
});
