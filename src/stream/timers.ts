/** Timers on the injected clock: "at this instant", as opposed to the heartbeat's fixed interval. */
import type { Clock } from '../lib/clock.js';

/** setTimeout's longest delay (about 24.8 days). */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * Runs `action` once the clock reaches `at` (at once if it has). The wait is measured on the
 * clock when armed and checked again when the timer fires, so a clock that moved slower re-arms.
 * Returns the function that cancels it.
 */
export function scheduleAt(clock: Clock, at: number, action: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    const delay = Math.min(Math.max(0, at - clock.now()), MAX_DELAY_MS);
    timer = setTimeout(() => {
      if (clock.now() < at) arm();
      else action();
    }, delay);
  };
  arm();
  return () => {
    clearTimeout(timer);
  };
}
