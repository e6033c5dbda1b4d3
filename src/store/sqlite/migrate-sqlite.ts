/** Runs the migrations on SQLite inside one write transaction. */
import type { SqliteDatabase } from './native.js';
import type { Kysely } from 'kysely';
import { migrateToLatest } from '../migrations/migrate.js';

/**
 * Kysely's SQLite adapter takes no migration lock and runs DDL outside a transaction, assuming one
 * process. Here the server and the CLI may open the same file at once, so the whole run sits in
 * `BEGIN IMMEDIATE`: the second process waits (busy_timeout) and then finds nothing to do, and a
 * failed migration leaves nothing half-applied. Kysely issues its statements on this same
 * connection, so they join the transaction.
 */
export async function migrateSqlite(
  sqlite: SqliteDatabase,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
): Promise<void> {
  sqlite.exec('BEGIN IMMEDIATE');
  try {
    await migrateToLatest(db);
    sqlite.exec('COMMIT');
  } catch (error) {
    if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
    throw error;
  }
}
