import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { LeaderLock } from '../store/ports.js';
import { IngestLeadership, type LeaderRoles, type StoreSignal } from './leadership.js';

/** A lock the test hands out and takes away. */
class TestLock implements LeaderLock {
  free = false;
  held = false;
  private lostListener: ((reason: unknown) => void) | undefined;
  /** The store is away: asking fails, as a refused connection does. */
  unreachable = false;
  asked = 0;
  tryAcquire = async () => {
    this.asked += 1;
    if (this.unreachable) throw new Error('connect ECONNREFUSED');
    if (this.held) return true;
    this.held = this.free;
    return this.held;
  };
  onLost(listener: (reason: unknown) => void) {
    this.lostListener = listener;
  }
  loseIt() {
    this.held = false;
    this.free = false;
    this.lostListener?.(new Error('connection ended'));
  }
  release = async () => {
    this.held = false;
  };
}

/** The store's breaker as the leadership sees it. */
class TestStore implements StoreSignal {
  closed = true;
  private readonly listeners = new Set<{ closed?(since: number): void }>();
  listen(listener: { closed?(since: number): void }) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  goAway() {
    this.closed = false;
  }
  comeBack() {
    this.closed = true;
    for (const listener of this.listeners) listener.closed?.(0);
  }
}

/** Roles that record what the leadership asked for, and what the lock was when writes resumed. */
function recordingRoles(lock: TestLock, held: { batches: number }) {
  const calls: string[] = [];
  const roles: LeaderRoles = {
    lead: async () => {
      calls.push('lead');
    },
    follow: async () => {
      calls.push('follow');
    },
    holdWrites: () => {
      calls.push('hold');
    },
    writeHeld: async () => {
      calls.push(lock.held ? 'write held with the lock' : 'write held without the lock');
      held.batches = 0;
    },
    dropHeld: () => {
      calls.push('drop');
      const dropped = held.batches;
      held.batches = 0;
      return dropped;
    },
  };
  return { calls, roles };
}

function capturedLogger() {
  const lines: { level: number; msg: string; leading?: boolean; dropped_batches?: number }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as never) });
  return { lines, logger };
}

/** Roles for tests where the lock never goes with the store. */
const keptWrites = {
  holdWrites: () => undefined,
  writeHeld: async () => undefined,
  dropHeld: () => 0,
};

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('IngestLeadership', () => {
  it('follows while another holds the lock, takes over when it frees, and follows again on losing it', async () => {
    const lock = new TestLock();
    const leadership = new IngestLeadership(lock, pino({ level: 'silent' }), { retryMs: 10 });
    const roles: string[] = [];
    expect(await leadership.claim()).toBe(false);
    leadership.start({
      lead: async () => {
        roles.push('lead');
      },
      follow: async () => {
        roles.push('follow');
      },
      ...keptWrites,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(roles).toEqual([]);
    lock.free = true;
    await until(() => roles.length === 1);
    expect(roles).toEqual(['lead']);
    expect(leadership.leading).toBe(true);
    lock.loseIt();
    await until(() => roles.length === 2);
    expect(roles).toEqual(['lead', 'follow']);
    expect(leadership.leading).toBe(false);
    lock.free = true;
    await until(() => roles.length === 3);
    expect(roles).toEqual(['lead', 'follow', 'lead']);
    await leadership.stop();
    expect(lock.held).toBe(false);
  });

  it('gives the lock back when taking over fails, and tries again', async () => {
    const lock = new TestLock();
    lock.free = true;
    const leadership = new IngestLeadership(lock, pino({ level: 'silent' }), { retryMs: 10 });
    let attempts = 0;
    await leadership.claim();
    lock.held = false;
    // Pretend the start-up claim lost: follow, then the first takeover fails.
    Object.assign(leadership, { role: 'following' });
    leadership.start({
      lead: async () => {
        attempts++;
        if (attempts === 1) throw new Error('store unreachable');
      },
      follow: async () => undefined,
      ...keptWrites,
    });
    await until(() => attempts === 2);
    expect(attempts).toBe(2);
    expect(leadership.leading).toBe(true);
    await leadership.stop();
  });

  it('keeps leading provisionally when the lock goes with the store, and writes only once it holds the lock again', async () => {
    const lock = new TestLock();
    lock.free = true;
    const store = new TestStore();
    const { lines, logger } = capturedLogger();
    const leadership = new IngestLeadership(lock, logger, { retryMs: 10, provisionalRetryMs: 10, store });
    const held = { batches: 0 };
    const { calls, roles } = recordingRoles(lock, held);
    expect(await leadership.claim()).toBe(true);
    leadership.start(roles);

    store.goAway();
    lock.unreachable = true;
    lock.loseIt();
    held.batches = 7;
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Still ingesting: no follow, writes held, and the lock asked for again and again meanwhile.
    expect(calls).toEqual(['hold']);
    expect(leadership.leading).toBe(true);
    expect(leadership.provisional).toBe(true);
    expect(lock.asked).toBeGreaterThan(3);

    lock.unreachable = false;
    lock.free = true;
    store.comeBack();
    await until(() => calls.length === 2);
    expect(calls).toEqual(['hold', 'write held with the lock']);
    expect(leadership.leading).toBe(true);
    expect(leadership.provisional).toBe(false);
    expect(held.batches).toBe(0);
    // One line when it went provisional, one when the lock came back: none per failed attempt.
    expect(lines.filter((line) => line.level >= 40).map((line) => line.msg)).toEqual([
      'lost the ingest leader lock with its connection: ingesting provisionally, writes held until the lock is back',
    ]);
    // Said with `leading`, as every line that starts a leadership is (the soak finds the leader so).
    const back = lines.filter((line) => line.msg.startsWith('took the ingest leader lock back'));
    expect(back.map((line) => line.leading)).toEqual([true]);
    await leadership.stop();
  });

  it('drops what it held and follows when another instance got the lock first', async () => {
    const lock = new TestLock();
    lock.free = true;
    const store = new TestStore();
    const { lines, logger } = capturedLogger();
    const leadership = new IngestLeadership(lock, logger, { retryMs: 10, provisionalRetryMs: 10, store });
    const held = { batches: 0 };
    const { calls, roles } = recordingRoles(lock, held);
    await leadership.claim();
    leadership.start(roles);

    store.goAway();
    lock.unreachable = true;
    lock.loseIt();
    held.batches = 12;
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The store answers again, but the lock is another instance's by now.
    lock.unreachable = false;
    lock.free = false;
    store.comeBack();
    await until(() => calls.length === 3);
    expect(calls).toEqual(['hold', 'follow', 'drop']);
    expect(leadership.leading).toBe(false);
    const dropped = lines.filter((line) =>
      line.msg.startsWith('another instance took the ingest leader lock'),
    );
    expect(dropped).toHaveLength(1);
    expect(dropped[0]?.dropped_batches).toBe(12);
    // A follower again: it takes over once the lock frees.
    lock.free = true;
    await until(() => calls.length === 4);
    expect(calls.at(-1)).toBe('lead');
    await leadership.stop();
  });

  it('does not ask while the store is away, and leaves the old leader the first go when it returns', async () => {
    const lock = new TestLock();
    const store = new TestStore();
    const { lines, logger } = capturedLogger();
    const follower = new IngestLeadership(lock, logger, { retryMs: 200, store });
    const held = { batches: 0 };
    const { calls, roles } = recordingRoles(lock, held);
    expect(await follower.claim()).toBe(false);
    follower.start(roles);
    store.goAway();
    lock.unreachable = true;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const askedWhileAway = lock.asked;
    expect(askedWhileAway).toBeLessThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(lock.asked).toBe(askedWhileAway);

    lock.unreachable = false;
    lock.free = true;
    store.comeBack();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(calls).toEqual([]);
    await until(() => calls.length === 1);
    expect(calls).toEqual(['lead']);
    expect(
      lines.filter((line) => line.msg.startsWith('could not ask for the ingest leader lock')).length,
    ).toBeLessThanOrEqual(1);
    await follower.stop();
  });
});
