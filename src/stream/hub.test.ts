import { describe, expect, it, vi } from 'vitest';
import { EnvelopeFactory } from '../http/envelope.js';
import { Links } from '../http/links.js';
import { Catalog } from '../catalog/catalog.js';
import { ManualClock } from '../lib/clock.js';
import { LIVE_FRESH_FOR_MS, LiveState } from '../live/live-state.js';
import type { LiveEvent } from '../live/events.js';
import type { LiveEntry } from '../live/types.js';
import { LocalBus } from '../shared-state/bus.js';
import { createLogger } from '../app/logger.js';
import type { CloseCode, StreamConnection } from './connection.js';
import type { FanoutQueueOptions } from './fanout-queue.js';
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
    estimated_actual: { minutes: Math.round(wait * 0.7), low: Math.round(wait * 0.5), high: wait },
    single_rider_wait_minutes: null,
    priority_lane: null,
    changed_at: T0,
  };
}

/** A connection that throws on `changes`, which a real connection's `send` never does. */
class BrokenConnection extends FakeConnection {
  override send(frame: Frame): void {
    if (frame.type === 'changes') throw new Error('broken pipe');
    super.send(frame);
  }
}

/** Lets every pending fan-out slice run (each yields with one setImmediate). */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 100; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** A fan-out that yields after every send, so each test can act between two sends. */
const EVERY_SEND: Partial<FanoutQueueOptions> = { sliceBudgetMs: 0, checkEvery: 1 };

function setup(fanout: Partial<FanoutQueueOptions> = {}) {
  const clock = new ManualClock(T0);
  const live = new LiveState(clock);
  const bus = new LocalBus<LiveEvent>();
  const links = new Links('https://queuecast.test', 'https://api.queuecast.test');
  const messages = new StreamMessages({ links, envelopes: new EnvelopeFactory(links, clock), clock, live });
  const logger = createLogger('silent');
  const hub = new StreamHub({ bus, catalog, live, messages, logger }, 60_000, fanout);
  hub.start();
  const park = (key: string) => {
    const found = catalog.park(key);
    if (!found) throw new Error(key);
    return found;
  };
  const refresh = (key: string, entries: LiveEntry[]) => {
    live.update({ park_key: key, refreshed_at: clock.now(), open: true, entries });
  };
  const change = (key: string, entries: LiveEntry[]) => {
    refresh(key, entries);
    bus.publish({ type: 'changes', park_key: key, at: clock.now(), changed: entries, removed: [] });
  };
  const subscribers = (count: number, key = 'mk') =>
    Array.from({ length: count }, () => {
      const connection = new FakeConnection();
      hub.add(connection);
      hub.subscribe(connection, [park(key)]);
      return connection;
    });
  return { clock, live, bus, messages, logger, hub, park, refresh, change, subscribers };
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
    clock.advance(LIVE_FRESH_FOR_MS - 1);
    hub.checkStatus();
    expect(connection.types()).toEqual(['snapshot']);
    clock.advance(1);
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

  it('sends up to 64 subscribers within the publish, and yields only past that', async () => {
    const { change, refresh, subscribers } = setup({ sliceBudgetMs: 0 });
    refresh('magic-kingdom', [entry('magic-kingdom_a', 10)]);
    const first = subscribers(64);
    change('magic-kingdom', [entry('magic-kingdom_a', 20)]);
    expect(first.every((connection) => connection.types().join() === 'snapshot,changes')).toBe(true);
    const last = subscribers(1)[0];
    change('magic-kingdom', [entry('magic-kingdom_a', 30)]);
    expect(last?.types()).toEqual(['snapshot']);
    await settle();
    expect(last?.types()).toEqual(['snapshot', 'changes']);
  });

  it('delivers a second event after the first to every connection while the first is sent in slices', async () => {
    const { bus, change, refresh, subscribers } = setup({ sliceBudgetMs: 0, checkEvery: 2 });
    refresh('magic-kingdom', [entry('magic-kingdom_a', 10)]);
    const connections = subscribers(5);
    const stringify = vi.spyOn(JSON, 'stringify');
    change('magic-kingdom', [entry('magic-kingdom_a', 20)]);
    bus.publish({ type: 'park', park_key: 'magic-kingdom', at: T0, state: 'closed' });
    expect(connections.map((connection) => connection.sent.length)).toEqual([2, 2, 1, 1, 1]);
    await settle();
    expect(stringify).toHaveBeenCalledTimes(2);
    stringify.mockRestore();
    for (const connection of connections) {
      expect(connection.types()).toEqual(['snapshot', 'changes', 'park']);
      expect(connection.sent[1]).toBe(connections[0]?.sent[1]);
    }
  });

  it('sends heartbeats and status snapshots after a change still being sent', async () => {
    const { clock, change, hub, messages, refresh, subscribers } = setup(EVERY_SEND);
    refresh('magic-kingdom', [entry('magic-kingdom_a', 10)]);
    const connections = subscribers(3);
    const [unsubscribed, closed] = [new FakeConnection(), new FakeConnection()];
    hub.add(unsubscribed);
    hub.add(closed);
    change('magic-kingdom', [entry('magic-kingdom_a', 20)]);
    hub.broadcast(messages.ping());
    hub.remove(closed);
    clock.advance(2 * 60_000);
    hub.checkStatus();
    expect(connections[0]?.types()).toEqual(['snapshot', 'changes']);
    await settle();
    for (const connection of connections) {
      expect(connection.types()).toEqual(['snapshot', 'changes', 'ping', 'snapshot']);
      expect(connection.json(3)).toMatchObject({ data_status: 'unavailable' });
    }
    expect(unsubscribed.types()).toEqual(['ping']);
    expect(closed.types()).toEqual([]);
  });

  it('gives a client that subscribes mid-delivery only its snapshot, and nothing more to one that left', async () => {
    const { change, hub, park, refresh, subscribers } = setup(EVERY_SEND);
    refresh('magic-kingdom', [entry('magic-kingdom_a', 10)]);
    const [first, resubscribed, closed, unsubscribed, stays] = subscribers(5);
    change('magic-kingdom', [entry('magic-kingdom_a', 20)]);
    expect(first?.types()).toEqual(['snapshot', 'changes']);
    const late = new FakeConnection();
    hub.subscribe(late, [park('mk')]);
    if (!resubscribed || !closed || !unsubscribed) throw new Error('five subscribers');
    hub.subscribe(resubscribed, [park('mk')]);
    hub.remove(closed);
    hub.unsubscribe(unsubscribed, [park('mk')]);
    await settle();
    expect(late.types()).toEqual(['snapshot']);
    expect(late.json(0)).toMatchObject({ entries: [expect.objectContaining({ standby_wait_minutes: 20 })] });
    expect(resubscribed.types()).toEqual(['snapshot', 'snapshot']);
    expect(closed.types()).toEqual(['snapshot']);
    expect(unsubscribed.types()).toEqual(['snapshot']);
    expect(stays?.types()).toEqual(['snapshot', 'changes']);
  });

  it('sends the subscribers that saw the park unavailable one snapshot, built once, in a sliced delivery', async () => {
    const { change, messages, refresh, subscribers } = setup(EVERY_SEND);
    const connections = subscribers(3);
    const snapshot = vi.spyOn(messages, 'snapshot');
    change('magic-kingdom', [entry('magic-kingdom_a', 10)]);
    await settle();
    expect(snapshot).toHaveBeenCalledTimes(1);
    for (const connection of connections) {
      expect(connection.json(1)).toMatchObject({ type: 'snapshot', data_status: 'live' });
    }
    refresh('magic-kingdom', [entry('magic-kingdom_a', 10)]);
    change('magic-kingdom', [entry('magic-kingdom_a', 15)]);
    await settle();
    expect(connections.map((connection) => connection.types().at(-1))).toEqual([
      'changes',
      'changes',
      'changes',
    ]);
  });

  it("logs a failure in a later slice and closes the park's subscribers 1011; later work still runs", async () => {
    const { change, hub, logger, messages, park, refresh, subscribers } = setup(EVERY_SEND);
    const logged = vi.spyOn(logger, 'error');
    refresh('magic-kingdom', [entry('magic-kingdom_a', 10)]);
    const [before] = subscribers(1);
    const broken = new BrokenConnection();
    hub.add(broken);
    hub.subscribe(broken, [park('mk')]);
    const [after] = subscribers(1);
    change('magic-kingdom', [entry('magic-kingdom_a', 20)]);
    hub.broadcast(messages.ping());
    await settle();
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ park: 'magic-kingdom', event: 'changes' }),
      'stream fan-out failed',
    );
    for (const connection of [before, broken, after]) {
      expect(connection?.failed.map((f) => [f.frame.errorCode, f.code])).toEqual([['internal_error', 1011]]);
    }
    expect(before?.types()).toEqual(['snapshot', 'changes', 'ping']);
    expect(broken.types()).toEqual(['snapshot', 'ping']);
    expect(after?.types()).toEqual(['snapshot', 'ping']);
  });

  it('sends nothing more once stopped', async () => {
    const { change, hub, messages, refresh, subscribers } = setup(EVERY_SEND);
    refresh('magic-kingdom', [entry('magic-kingdom_a', 10)]);
    const connections = subscribers(3);
    change('magic-kingdom', [entry('magic-kingdom_a', 20)]);
    hub.broadcast(messages.ping());
    hub.stop();
    await settle();
    expect(connections.map((connection) => connection.types().length)).toEqual([2, 1, 1]);
  });
});
