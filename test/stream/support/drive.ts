/** Moves the simulator's clock and runs the ingest refresh the poll loop would run. */
import type { ManualClock } from '../../../src/lib/clock.js';
import type { StreamServer } from './stream-server.js';

export const NOON_NEW_YORK = Date.parse('2026-11-21T17:00:00Z');
export const MINUTE = 60_000;

export async function advance(server: StreamServer, clock: ManualClock, minutes = 1): Promise<void> {
  for (let i = 0; i < minutes; i++) {
    clock.advance(MINUTE);
    await server.app.ingest.refreshAll();
  }
}

/** Advances minute by minute until `received()` is true (at most `limit` minutes). */
export async function advanceUntil(
  server: StreamServer,
  clock: ManualClock,
  received: () => boolean,
  limit = 60,
): Promise<number> {
  for (let minutes = 1; minutes <= limit; minutes++) {
    await advance(server, clock);
    // Let the socket deliver what the refresh published.
    for (let i = 0; i < 20 && !received(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
    if (received()) return minutes;
  }
  throw new Error(`nothing received after ${limit} simulated minutes`);
}
