/** Opens the embedded store: a SQLite file in DATA_DIR (or memory, for tests), migrated to latest. */
import { join } from 'node:path';
import { BetterSqlite3, type SqliteDatabase } from './native.js';
import { Kysely, SqliteDialect } from 'kysely';
import { kyselyStores } from '../kysely-stores.js';
import { ConfigError } from '../../config/index.js';
import type { HistoryStore, Stores } from '../ports.js';
import { prepareDataDir } from './data-dir.js';
import type { Database } from '../schema.js';
import { migrateSqlite } from './migrate-sqlite.js';
import { preparedChangeWriter } from './prepared-change-writer.js';
import { applyPragmas } from './pragmas.js';
import { BackgroundHistoryWriter } from './background-history-writer.js';

export const SQLITE_FILE_NAME = 'queuecast.db';

/**
 * Opens `<dataDir>/queuecast.db`, creating the directory and the file when missing. A directory that
 * cannot be used, or a file that is not a queuecast database, is a ConfigError naming DATA_DIR.
 */
export async function openSqliteStores(dataDir: string): Promise<Stores> {
  prepareDataDir(dataDir);
  const file = join(dataDir, SQLITE_FILE_NAME);
  try {
    return await openSqliteFile(file);
  } catch (error) {
    if (error instanceof BetterSqlite3.SqliteError && UNUSABLE_FILE.has(error.code)) {
      throw new ConfigError(
        `DATA_DIR holds ${file}, which is not a usable SQLite database (${error.message}); move it aside or set DATA_DIR to another directory`,
      );
    }
    throw error;
  }
}

/** SQLite's answers for a file that is not a (readable) database. */
const UNUSABLE_FILE = new Set([
  'SQLITE_NOTADB',
  'SQLITE_CORRUPT',
  'SQLITE_CANTOPEN',
  'SQLITE_READONLY',
  'SQLITE_IOERR',
]);

/** A private, empty database that disappears on close: for tests. */
export async function openInMemorySqliteStores(): Promise<Stores> {
  return openSqliteFile(':memory:');
}

export async function openInMemorySqliteStore(): Promise<HistoryStore> {
  return (await openInMemorySqliteStores()).history;
}

async function openSqliteFile(filename: string): Promise<Stores> {
  const { sqlite, db } = await openMigrated(filename);
  return kyselyStores(db, {
    writeChanges: preparedChangeWriter(sqlite),
    // Another connection to an in-memory database would see another, empty database.
    ...(filename === ':memory:' ? {} : { backgroundWriter: () => new BackgroundHistoryWriter(filename) }),
  });
}

/**
 * The migrated database itself, for whole-store operations (`store copy`); destroying it closes
 * the file. A DATA_DIR that cannot be used is a ConfigError, as for the stores.
 */
export async function openSqliteDatabase(dataDir: string): Promise<Kysely<Database>> {
  prepareDataDir(dataDir);
  return (await openMigrated(join(dataDir, SQLITE_FILE_NAME))).db;
}

/** The file with its pragmas set, migrated to latest; Kysely's destroy() closes the handle. */
async function openMigrated(filename: string): Promise<{ sqlite: SqliteDatabase; db: Kysely<Database> }> {
  const sqlite = new BetterSqlite3(filename);
  try {
    applyPragmas(sqlite);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    await migrateSqlite(sqlite, db);
    return { sqlite, db };
  } catch (error) {
    sqlite.close();
    throw error;
  }
}
