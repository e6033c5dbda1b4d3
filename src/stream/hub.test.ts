import { describe, expect, it, vi } from 'vitest';
import { EnvelopeFactory } from '../api/envelope.js';
import { Links } from '../api/links.js';
import { Catalog } from '../catalog/catalog.js';
import { ManualClock } from '../lib/clock.js';
import { LiveState } from '../live/live-state.js';
import type { LiveEntry } from '../live/types.js';
import { LocalBus } from '../shared-state/bus.js';
import { createLogger } from '../app/logger.js';
import type { CloseCode, StreamConnection } from './connection.js';
import type { Frame } from './frame.js';
import { StreamHub } from './hub.js';
import { StreamMessages } from './messages.js';

const T0 = Date.parse('2026-11-21T17:00:00Z');
const catalog = Catalog.load();

class FakeConnection implements StreamConnection {
  readonly transport = 'websocket' as const;
  readonly done = Promise.resolve();
  readonly sent: Frame[] = [];
  readonly failed: { frame: Frame; code: CloseCode }[] = [];
  send(frame: Frame) {
    this.sent.push(frame);
  }
  fail(frame: Frame, code: CloseCode) {
    this.failed.push({ frame, code });
  }
  shutdown() {}
  terminate() {}
  types() {
    return this.sent.map((frame) => frame.type);
  }
  json(index: number) {
    return JSON.parse(this.sent.at(index)?.ws.toString('utf8') ?? 'null') as Record<string, unknown>;
  }
}

function entry(rideId: string, wait: number): LiveEntry {
  return {
    ride_id: rideId,
    name: rideId,
    type: 'ride',
    status: 'OPERATING',
    standby_wait_minutes: wait,
    single_rider_wait_minutes: null,
    priority_lane: null,
    changed_at: T0,
  };
}

function setup() {
  const clock = new ManualClock(T0);
  const live = new LiveState(clock);
  const bus = new LocalBus();
  const links = new Links('https://queuecast.test', 'https://api.queuecast.test');
  const messages = new StreamMessages(
    { links, envelopes: new EnvelopeFactory(links, clock), clock, live },
    { pingIntervalMs: 25_000, idleTimeoutMs: 120_000 },
  );
  const hub = new StreamHub({ bus, catalog, live, messages, logger: createLogger('silent') }, 60_000);
  hub.start();
  const park = (key: string) => {
    const found = catalog.park(key);
    if (!found) throw new Error(key);
    return found;
  };
  const refresh = (key: string, entries: LiveEntry[]) => {
    live.update({ park_key: key, refreshed_at: clock.now(), open: true, entries });
  };
  return { clock, live, bus, messages, hub, park, refresh };
}

describe('StreamHub', () => {
  it('serialises a change once and hands the same bytes to every subscriber of the park only', () => {
    const { bus, hub, park, refresh } = setup();
    refresh('magic-kingdom', [entry('magic-kingdom_a', 10)]);
    refresh('epcot', [entry('epcot_b', 5)]);
    const subscribers = [new FakeConnection(), new FakeConnection(), new FakeConnection()];
    const other = new FakeConnection();
    for (const connection of subscribers) hub.subscribe(connection, [park('mk')]);
    hub.subscribe(other, [park('epcot')]);
    const stringify = vi.spyOn(JSON, 'stringify');
    bus.publish({
      type: 'changes',
      park_key: 'magic-kingdom',
      at: T0,
      changed: [entry('magic-kingdom_a', 20)],
      removed: [],
    });
    expect(stringify).toHaveBeenCalledTimes(1);
    stringify.mockRestore();
    const frames = subscribers.map((connection) => connection.sent.at(-1));
    expect(frames[0]?.type).toBe('changes');
    expect(frames[1]?.ws).toBe(frames[0]?.ws);
    expect(frames[2]?.sse).toBe(frames[0]?.sse);
    expect(other.types()).toEqual(['snapshot']);
  });

  it('serialises a live snapshot once per refresh, however many subscribe', () => {
    const { hub, park, refresh } = setup();
    refresh('magic-kingdom', [entry('magic-kingdom_a', 10)]);
    const [a, b] = [new FakeConnection(), new FakeConnection()];
    hub.subscribe(a, [park('mk')]);
    hub.subscribe(b, [park('mk')]);
    expect(b.sent[0]?.ws).toBe(a.sent[0]?.ws);
    refresh('magic-kingdom', [entry('magic-kingdom_a', 15)]);
    const c = new FakeConnection();
    hub.subscribe(c, [park('mk')]);
    expect(c.sent[0]?.ws).not.toBe(a.sent[0]?.ws);
  });

  it('sends a subscriber that saw the park unavailable the new snapshot instead of changes', () => {
    const { bus, hub, park, refresh } = setup();
    const connection = new FakeConnection();
    hub.subscribe(connection, [park('mk')]);
    expect(connection.json(0)).toMatchObject({ type: 'snapshot', data_status: 'unavailable' });
    refresh('magic-kingdom', [entry('magic-kingdom_a', 10)]);
    bus.publish({
      type: 'changes',
      park_key: 'magic-kingdom',
      at: T0,
      changed: [entry('magic-kingdom_a', 10)],
      removed: [],
    });
    expect(connection.json(1)).toMatchObject({ type: 'snapshot', data_status: 'live' });
    bus.publish({ type: 'park', park_key: 'magic-kingdom', at: T0, state: 'closed' });
    expect(connection.json(2)).toMatchObject({ type: 'park', state: 'closed' });
  });

  it('sends a new snapshot when the park turns stale or recovers without a change', () => {
    const { clock, hub, park, refresh } = setup();
    refresh('magic-kingdom', [entry('magic-kingdom_a', 10)]);
    const connection = new FakeConnection();
    hub.subscribe(connection, [park('mk')]);
    hub.checkStatus();
    expect(connection.types()).toEqual(['snapshot']);
    clock.advance(2 * 60_000);
    hub.checkStatus();
    expect(connection.json(1)).toMatchObject({ type: 'snapshot', data_status: 'unavailable' });
    refresh('magic-kingdom', [entry('magic-kingdom_a', 10)]);
    hub.checkStatus();
    expect(connection.json(2)).toMatchObject({ type: 'snapshot', data_status: 'live' });
    hub.checkStatus();
    expect(connection.sent).toHaveLength(3);
  });

  it("fails the park's subscribers with upstream_unavailable and 1013 on an upstream error", () => {
    const { bus, hub, park, refresh } = setup();
    refresh('magic-kingdom', [entry('magic-kingdom_a', 10)]);
    const [failing, other] = [new FakeConnection(), new FakeConnection()];
    hub.subscribe(failing, [park('mk')]);
    hub.subscribe(other, [park('epcot')]);
    bus.publish({ type: 'upstream_error', park_key: 'magic-kingdom', at: T0, message: 'timeout' });
    expect(failing.failed).toHaveLength(1);
    expect(failing.failed[0]?.code).toBe(1013);
    expect(failing.failed[0]?.frame.errorCode).toBe('upstream_unavailable');
    expect(JSON.parse(failing.failed[0]?.frame.ws.toString() ?? '')).toMatchObject({
      park_key: 'magic-kingdom',
    });
    expect(other.failed).toEqual([]);
  });

  it("closes the park's subscribers 1011 when building a message fails", () => {
    const { bus, hub, messages, park, refresh } = setup();
    refresh('magic-kingdom', [entry('magic-kingdom_a', 10)]);
    const connection = new FakeConnection();
    hub.subscribe(connection, [park('mk')]);
    vi.spyOn(messages, 'changes').mockImplementation(() => {
      throw new Error('bug');
    });
    bus.publish({ type: 'changes', park_key: 'magic-kingdom', at: T0, changed: [], removed: ['x'] });
    expect(connection.failed.map((f) => [f.frame.errorCode, f.code])).toEqual([['internal_error', 1011]]);
  });

  it('forgets a removed connection everywhere and stops listening when stopped', () => {
    const { bus, hub, park, refresh } = setup();
    refresh('magic-kingdom', [entry('magic-kingdom_a', 10)]);
    const connection = new FakeConnection();
    hub.add(connection);
    hub.subscribe(connection, [park('mk'), park('epcot')]);
    hub.remove(connection);
    expect(hub.connections.size).toBe(0);
    expect(hub.subscriberCount('magic-kingdom') + hub.subscriberCount('epcot')).toBe(0);
    const again = new FakeConnection();
    hub.subscribe(again, [park('mk')]);
    hub.stop();
    bus.publish({ type: 'park', park_key: 'magic-kingdom', at: T0, state: 'closed' });
    expect(again.types()).toEqual(['snapshot']);
  });
});
