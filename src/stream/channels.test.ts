import { describe, expect, it } from 'vitest';
import { ParkChannels } from './channels.js';
import type { StreamConnection } from './connection.js';

function connection(): StreamConnection {
  return {
    transport: 'sse',
    done: Promise.resolve(),
    send: () => undefined,
    fail: () => undefined,
    shutdown: () => undefined,
    terminate: () => undefined,
  };
}

describe('ParkChannels', () => {
  it('keeps a subscription current until its connection subscribes again, unsubscribes or is removed', () => {
    const channels = new ParkChannels();
    const [a, b, c] = [connection(), connection(), connection()];
    const first = channels.subscribe('mk', a, 'live');
    const again = channels.subscribe('mk', a, 'unavailable');
    expect([first.current, again.current]).toEqual([false, true]);

    const leaving = channels.subscribe('mk', b, 'live');
    channels.unsubscribe('mk', b);
    expect(leaving.current).toBe(false);

    const inMk = channels.subscribe('mk', c, 'live');
    const inEpcot = channels.subscribe('epcot', c, 'live');
    channels.remove(c);
    channels.remove(c);
    expect([inMk.current, inEpcot.current]).toEqual([false, false]);

    expect(channels.subscriptions('mk')).toEqual([again]);
    expect(channels.size('mk')).toBe(1);
    expect([...channels.subscribedParks()]).toEqual(['mk']);
  });

  it('hands out a copy of the subscribers, which later changes leave alone', () => {
    const channels = new ParkChannels();
    const [a, b] = [connection(), connection()];
    channels.subscribe('mk', a, 'live');
    const taken = channels.subscriptions('mk');
    channels.subscribe('mk', b, 'live');
    channels.unsubscribe('mk', a);
    expect(taken.map((subscription) => subscription.connection)).toEqual([a]);
    expect(taken[0]?.current).toBe(false);
    expect(channels.subscriptions('unknown park')).toEqual([]);
  });
});
