import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { describeWithDatabases, freshDatabase, type FreshDatabase } from '../../../test/support/scale-out.js';
import { PostgresAdvisoryLock } from './advisory-lock.js';

const databases: FreshDatabase[] = [];
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

describeWithDatabases('the ingest leader lock (PostgreSQL advisory lock)', () => {
  it('is held by one instance at a time, passes on when released, and is lost with its session', async () => {
    const database = await freshDatabase();
    databases.push(database);
    const first = new PostgresAdvisoryLock(database.url);
    const second = new PostgresAdvisoryLock(database.url);
    const lost: unknown[] = [];
    second.onLost((reason) => lost.push(reason));
    try {
      expect(await first.tryAcquire()).toBe(true);
      expect(await first.tryAcquire()).toBe(true);
      expect(await second.tryAcquire()).toBe(false);
      await first.release();
      expect(await second.tryAcquire()).toBe(true);
      expect(await first.tryAcquire()).toBe(false);

      // The holder's session dies (a crash, a network cut): PostgreSQL frees the lock, the holder
      // is told, and another instance takes it.
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'queuecast ingest leader lock' and pid in (select pid from pg_locks where locktype = 'advisory' and granted)",
        );
      } finally {
        await admin.end();
      }
      for (let i = 0; i < 50 && lost.length === 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(lost).toHaveLength(1);
      expect(await first.tryAcquire()).toBe(true);
    } finally {
      await Promise.all([first.release(), second.release()]);
    }
  });
});

describe('the ingest leader lock without a store', () => {
  it('fails to ask rather than answering false: unreachable is not the same as held by another', async () => {
    // Nothing listens on port 9 of the loopback: connecting is refused at once.
    const lock = new PostgresAdvisoryLock('postgres://queuecast@127.0.0.1:9/queuecast');
    const started = Date.now();
    await expect(lock.tryAcquire()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3_500);
    await lock.release();
  });
});
