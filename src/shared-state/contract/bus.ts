/**
 * The behaviour every Bus driver must show: each driver's test file calls `describeBusContract`
 * with a function that opens a fresh bus (and a way to close it).
 */
import { describe, expect, it } from 'vitest';
import type { LiveBus, LiveEvent } from '../../live/events.js';

const change = (park_key: string, at: number): LiveEvent => ({
  type: 'changes',
  park_key,
  at,
  changed: [],
  removed: [`${park_key}_show`],
});

/** Waits until `received` holds `count` events (a shared driver delivers asynchronously). */
async function until(received: readonly LiveEvent[], count: number): Promise<void> {
  for (let i = 0; i < 200 && received.length < count; i++)
    await new Promise((resolve) => setTimeout(resolve, 5));
}

export function describeBusContract(
  name: string,
  open: () => Promise<{ readonly bus: LiveBus; close(): Promise<void> }>,
): void {
  describe(`Bus contract: ${name}`, () => {
    it('delivers every published event to every subscriber, in order, intact', async () => {
      const opened = await open();
      const { bus } = opened;
      try {
        const first: LiveEvent[] = [];
        const second: LiveEvent[] = [];
        bus.subscribe((event) => first.push(event));
        bus.subscribe((event) => second.push(event));
        const events = [
          change('magic-kingdom', 1),
          { type: 'park', park_key: 'epcot', at: 2, state: 'open' } as const,
          { type: 'upstream_error', park_key: 'epcot', at: 3, message: 'timeout' } as const,
          change('magic-kingdom', 4),
        ];
        for (const event of events) await bus.publish(event);
        await until(first, 4);
        await until(second, 4);
        expect(first).toEqual(events);
        expect(second).toEqual(events);
      } finally {
        await opened.close();
      }
    });

    it('stops delivering to a subscriber that unsubscribed', async () => {
      const opened = await open();
      const { bus } = opened;
      try {
        const kept: LiveEvent[] = [];
        const dropped: LiveEvent[] = [];
        bus.subscribe((event) => kept.push(event));
        const unsubscribe = bus.subscribe((event) => dropped.push(event));
        await bus.publish(change('dca', 1));
        await until(dropped, 1);
        unsubscribe();
        await bus.publish(change('dca', 2));
        await until(kept, 2);
        expect(kept).toHaveLength(2);
        expect(dropped).toHaveLength(1);
      } finally {
        await opened.close();
      }
    });
  });
}
