import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BetterSqlite3, type SqliteDatabase } from './native.js';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config/index.js';
import { describeHistoryStoreContract } from '../contract/history-store.js';
import { describeAccountStoreContract } from '../contract/account-store.js';
import { describeCatalogKeyStoreContract } from '../contract/catalog-key-store.js';
import { describeKeyStoreContract } from '../contract/key-store.js';
import { describeResortDataStoreContract } from '../contract/resort-data-store.js';
import { KyselyHistoryStore } from '../kysely-history-store.js';
import { migrations } from '../migrations/provider.js';
import type { Database } from '../schema.js';
import { migrateSqlite } from './migrate-sqlite.js';
import {
  openInMemorySqliteStore,
  openInMemorySqliteStores,
  openSqliteStores,
  SQLITE_FILE_NAME,
} from './open-sqlite-store.js';
import { applyPragmas } from './pragmas.js';

describeHistoryStoreContract('sqlite, in memory', openInMemorySqliteStore);
describeKeyStoreContract('sqlite, in memory', openInMemorySqliteStores);
describeResortDataStoreContract('sqlite, in memory', openInMemorySqliteStores);
describeAccountStoreContract('sqlite, in memory', openInMemorySqliteStores);
describeCatalogKeyStoreContract('sqlite, in memory', openInMemorySqliteStores);

/** The history store of `<dataDir>/queuecast.db` (closing it closes the database). */
async function openSqliteStore(dataDir: string) {
  return (await openSqliteStores(dataDir)).history;
}

// The portable Kysely insert path, which the SQLite driver replaces with a prepared statement but
// other drivers use: hold it to the same contract.
describeHistoryStoreContract('sqlite, portable Kysely writes', async () => {
  const sqlite = new BetterSqlite3(':memory:');
  applyPragmas(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrateSqlite(sqlite, db);
  return new KyselyHistoryStore(db);
});

describe('sqlite store on disk', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'queuecast-store-'));
  });

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  function inspect<T>(dataDir: string, read: (db: SqliteDatabase) => T): T {
    const db = new BetterSqlite3(join(dataDir, SQLITE_FILE_NAME), { readonly: true });
    try {
      return read(db);
    } finally {
      db.close();
    }
  }

  it('creates the data directory and a WAL-mode database file', async () => {
    const dataDir = join(dir, 'nested', 'data');
    const store = await openSqliteStore(dataDir);
    await store.close();

    expect(existsSync(join(dataDir, SQLITE_FILE_NAME))).toBe(true);
    expect(inspect(dataDir, (db) => db.pragma('journal_mode', { simple: true }))).toBe('wal');
  });

  it('keeps data across reopening, and reopening runs no migration twice', async () => {
    const first = await openSqliteStore(dir);
    await first.apply({
      changes: [
        {
          ride_id: 'mk_tron',
          park_key: 'mk',
          at: 1_790_000_000_000,
          status: 'OPERATING',
          standby_wait_minutes: 45,
        },
      ],
      openedOutages: [{ ride_id: 'mk_space', park_key: 'mk', status: 'DOWN', started_at: 1_790_000_000_000 }],
      endedOutages: [],
      transitions: [{ park_key: 'mk', at: 1_790_000_000_000, state: 'open' }],
      checkpoints: [{ park_key: 'mk', at: 1_790_000_000_000 }],
    });
    await first.close();

    for (let reopen = 0; reopen < 2; reopen += 1) {
      const store = await openSqliteStore(dir);
      expect(await store.checkpoints()).toEqual(new Map([['mk', 1_790_000_000_000]]));
      expect(await store.changes('mk_tron', 0, 2_000_000_000_000)).toHaveLength(1);
      expect(await store.openOutages('mk')).toHaveLength(1);
      await store.close();
    }

    const applied = inspect(dir, (db) =>
      db.prepare('select name from kysely_migration order by name').pluck().all(),
    );
    expect(applied).toEqual(Object.keys(migrations));
  });

  it('fails with the name of the migration that could not run, and applies none of it', async () => {
    // A table in the way makes the first migration fail.
    const db = new BetterSqlite3(join(dir, SQLITE_FILE_NAME));
    db.exec('create table wait_changes (unrelated text)');
    db.close();

    await expect(openSqliteStore(dir)).rejects.toThrow(
      /database migration 0001_history failed: .*wait_changes/,
    );
    const tables = inspect(dir, (inspected) =>
      inspected.prepare("select name from sqlite_master where type = 'table' order by name").pluck().all(),
    );
    expect(tables).toEqual(['wait_changes']);
  });

  it.each([
    ['a file', (root: string) => join(root, 'file'), /DATA_DIR must be a directory/],
    ['under a file', (root: string) => join(root, 'file', 'data'), /DATA_DIR must be a directory/],
    ['/dev/null', () => '/dev/null', /DATA_DIR must be a directory/],
    ['under /proc', () => '/proc/queuecast-test', /DATA_DIR .* cannot be created/],
  ])(
    'refuses a DATA_DIR that is %s with a ConfigError naming it, at once',
    async (_case, dataDir, message) => {
      writeFileSync(join(dir, 'file'), 'not a directory');
      const opening = openSqliteStores(dataDir(dir));
      await expect(opening).rejects.toThrow(ConfigError);
      await expect(opening).rejects.toThrow(message);
    },
  );

  it('refuses a DATA_DIR holding a file that is not a database, naming DATA_DIR', async () => {
    writeFileSync(join(dir, SQLITE_FILE_NAME), 'x'.repeat(8192));
    const opening = openSqliteStores(dir);
    await expect(opening).rejects.toThrow(ConfigError);
    await expect(opening).rejects.toThrow(/DATA_DIR holds .* not a usable SQLite database/);
  });
});
