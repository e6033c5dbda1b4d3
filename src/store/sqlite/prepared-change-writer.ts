/**
 * The SQLite fast path for wait changes, the bulk of every batch. Through Kysely each 500-row insert
 * is built, compiled and then prepared afresh (its SQLite driver prepares every query), and SQLite
 * runs a multi-row VALUES slower than repeated single rows: measured with bench/store-apply.ts, ~75k
 * rows/s (park-hour batches) and ~155k rows/s (park-day batches) that way, against ~110k and ~280k
 * with this one prepared single-row statement run in a loop.
 *
 * It writes through the raw better-sqlite3 handle, which is the very connection Kysely's
 * transaction holds (SQLite has one connection and Kysely's driver serialises access to it with
 * a mutex that the transaction owns), so the rows commit or roll back with the rest of the batch.
 */
import type { SqliteDatabase } from './native.js';
import type { ChangeWriter } from '../insert-changes.js';

export function preparedChangeWriter(sqlite: SqliteDatabase): ChangeWriter {
  const insert = sqlite.prepare<[string, string, number, string, number | null]>(
    'insert into wait_changes (ride_id, park_key, at, status, standby_wait_minutes) values (?, ?, ?, ?, ?)',
  );
  return async (_trx, changes) => {
    // The Kysely transaction has begun on this connection; refuse to write outside one.
    if (!sqlite.inTransaction) throw new Error('wait changes must be written inside the batch transaction');
    for (const change of changes) {
      insert.run(change.ride_id, change.park_key, change.at, change.status, change.standby_wait_minutes);
    }
  };
}
