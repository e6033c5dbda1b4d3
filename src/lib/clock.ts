/**
 * The one source of time. Domain code takes a Clock and never reads `Date.now()`, so tests and the
 * backfill can run the same code at any instant.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that moves only when told to: for tests and for replaying past time. */
export class ManualClock implements Clock {
  constructor(private current: number) {}

  now(): number {
    return this.current;
  }

  set(at: number | string): void {
    this.current = typeof at === 'string' ? Date.parse(at) : at;
  }

  advance(ms: number): void {
    this.current += ms;
  }
}
