import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { LeaderLock } from '../store/ports.js';
import { IngestLeadership } from './leadership.js';

/** A lock the test hands out and takes away. */
class TestLock implements LeaderLock {
  free = false;
  held = false;
  private lostListener: ((reason: unknown) => void) | undefined;
  tryAcquire = async () => {
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

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('IngestLeadership', () => {
  it('follows while another holds the lock, takes over when it frees, and follows again on losing it', async () => {
    const lock = new TestLock();
    const leadership = new IngestLeadership(lock, pino({ level: 'silent' }), 10);
    const roles: string[] = [];
    expect(await leadership.claim()).toBe(false);
    leadership.start({
      lead: async () => {
        roles.push('lead');
      },
      follow: async () => {
        roles.push('follow');
      },
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
    const leadership = new IngestLeadership(lock, pino({ level: 'silent' }), 10);
    let attempts = 0;
    await leadership.claim();
    lock.held = false;
    // Pretend the start-up claim lost: follow, then the first takeover fails.
    Object.assign(leadership, { leadingNow: false });
    leadership.start({
      lead: async () => {
        attempts++;
        if (attempts === 1) throw new Error('store unreachable');
      },
      follow: async () => undefined,
    });
    await until(() => attempts === 2);
    expect(attempts).toBe(2);
    expect(leadership.leading).toBe(true);
    await leadership.stop();
  });
});
