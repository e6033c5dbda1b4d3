/** The portable way to write wait changes: chunked multi-row inserts built by Kysely. */
import type { Transaction } from 'kysely';
import { chunks, rowsPerInsert } from './chunks.js';
import type { WaitChange } from './ports.js';
import type { Database } from './schema.js';

/**
 * Writes wait changes inside the caller's transaction. A driver may swap in a faster engine-specific
 * writer (the SQLite driver does) as long as it writes the same rows in the same transaction.
 */
export type ChangeWriter = (trx: Transaction<Database>, changes: readonly WaitChange[]) => Promise<void>;

const WAIT_CHANGE_COLUMNS = 5;

export const insertChangesWithKysely: ChangeWriter = async (trx, changes) => {
  for (const slice of chunks(changes, rowsPerInsert(WAIT_CHANGE_COLUMNS))) {
    await trx
      .insertInto('wait_changes')
      .values(
        slice.map((change) => ({
          ride_id: change.ride_id,
          park_key: change.park_key,
          at: change.at,
          status: change.status,
          standby_wait_minutes: change.standby_wait_minutes,
        })),
      )
      .execute();
  }
};
