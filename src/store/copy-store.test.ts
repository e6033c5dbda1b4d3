import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { cliOn } from '../../test/support/instances.js';
import { describeWithDatabases, freshDatabase, type FreshDatabase } from '../../test/support/scale-out.js';
import { openPostgresStores } from './postgres/open-postgres-store.js';
import { openSqliteStores } from './sqlite/open-sqlite-store.js';

const T = Date.parse('2026-11-20T15:00:00Z');
const dirs: string[] = [];
const databases: FreshDatabase[] = [];
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await Promise.all(databases.map((database) => database.drop()));
});

describeWithDatabases('store copy --to postgres://…', () => {
  it('copies every table of the SQLite store into an empty PostgreSQL database, once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'queuecast-copy-'));
    dirs.push(dataDir);
    const sqlite = await openSqliteStores(dataDir);
    const changes = Array.from({ length: 1_203 }, (_, i) => ({
      ride_id: `mk_ride_${i % 40}`,
      park_key: 'magic-kingdom',
      at: T + Math.floor(i / 40) * 60_000,
      status: i % 7 === 0 ? 'DOWN' : 'OPERATING',
      standby_wait_minutes: i % 7 === 0 ? null : (i % 90) + 5,
    }));
    await sqlite.history.apply({
      changes,
      openedOutages: [{ ride_id: 'mk_ride_0', park_key: 'magic-kingdom', status: 'DOWN', started_at: T }],
      endedOutages: [{ ride_id: 'mk_ride_0', started_at: T, ended_at: T + 60_000 }],
      transitions: [{ park_key: 'magic-kingdom', at: T, state: 'open' }],
      checkpoints: [{ park_key: 'magic-kingdom', at: T + 30 * 60_000 }],
    });
    for (const name of ['first', 'second']) {
      await sqlite.keys.createKey({
        hash: `hash-${name}`,
        hint: 'pk_live_Ab3d',
        tier: 'free',
        name,
        created_at: T,
      });
    }
    await sqlite.keys.revokeKey(1, T + 1_000);
    await sqlite.resortData.recordEventNightChecks([
      {
        resort_key: 'walt-disney-world',
        park_key: 'magic-kingdom',
        date: '2026-12-01',
        series_id: 'mvmcp',
        series_name: "Mickey's Very Merry Christmas Party",
        opens_at: T,
        closes_at: T + 5 * 3_600_000,
        status: 'sold_out',
        currency: 'USD',
        lowest_adult_price_cents: 19_900,
        checked_at: T,
      },
    ]);
    const expected = {
      changes: await sqlite.history.parkChanges('magic-kingdom', 0, T * 2),
      outages: await sqlite.history.parkOutages('magic-kingdom', 0, T * 2),
      transitions: await sqlite.history.transitions('magic-kingdom', 0, T * 2),
      checkpoints: await sqlite.history.checkpoints(),
      keys: await sqlite.keys.listKeys(),
      eventNights: await sqlite.resortData.eventNights('walt-disney-world', '2026-12-01', '2026-12-31'),
    };
    await sqlite.close();

    const database = await freshDatabase();
    databases.push(database);
    const { stdout, stderr } = await cliOn({ DATA_DIR: dataDir }, 'store', 'copy', '--to', database.url);
    expect(stdout).toBe('copied 1209 rows in 8 tables\n');
    expect(stderr).toContain('copied 1203 rows of wait_changes');

    const postgres = await openPostgresStores(database.url, { poolSize: 2 });
    try {
      expect({
        changes: await postgres.history.parkChanges('magic-kingdom', 0, T * 2),
        outages: await postgres.history.parkOutages('magic-kingdom', 0, T * 2),
        transitions: await postgres.history.transitions('magic-kingdom', 0, T * 2),
        checkpoints: await postgres.history.checkpoints(),
        keys: await postgres.keys.listKeys(),
        eventNights: await postgres.resortData.eventNights('walt-disney-world', '2026-12-01', '2026-12-31'),
      }).toEqual(expected);
      // Identity sequences moved past the copied IDs: a new key takes the next one.
      const next = await postgres.keys.createKey({
        hash: 'hash-third',
        hint: 'pk_live_Zz9y',
        tier: 'partner',
        name: null,
        created_at: T,
      });
      expect(next.id).toBe(3);
    } finally {
      await postgres.close();
    }

    const again = await cliOn({ DATA_DIR: dataDir }, 'store', 'copy', '--to', database.url).catch(
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(again).toMatchObject({ code: 65 });
    expect((again as { stderr: string }).stderr).toContain('already holds rows in');
  }, 90_000);
});
