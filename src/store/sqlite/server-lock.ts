/**
 * One server per DATA_DIR. Two servers on one directory would both ingest the same parks into one
 * SQLite file, and one of them would crash on a duplicate change row partway through a write; now
 * the second stops at start-up and says why. The key and history commands of the CLI take no lock:
 * they are built to run beside the server (SQLite serialises their writes).
 *
 * The lock is SQLite's own file lock, held on `<DATA_DIR>/server.lock` in exclusive locking mode
 * from the first write until the holder closes it. The operating system drops it when the process
 * ends, however it ends, so a crashed server leaves no stale lock behind.
 */
import { join } from 'node:path';
import { BetterSqlite3 } from './native.js';
import { prepareDataDir } from './data-dir.js';

const SERVER_LOCK_FILE_NAME = 'server.lock';

export class DataDirInUseError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `DATA_DIR ${dataDir} is in use by another queuecast server on this machine; ` +
        'stop that server first, or give this one a DATA_DIR of its own',
    );
    this.name = 'DataDirInUseError';
  }
}

export interface ServerLock {
  /** Lets another server use the directory. Calling it again does nothing. */
  release(): void;
}

/**
 * Takes the directory for this server, or throws DataDirInUseError at once if another holds it.
 * Keep the returned lock reachable for as long as it should hold: a collected connection closes,
 * and with it goes the lock.
 */
export function lockDataDir(dataDir: string): ServerLock {
  prepareDataDir(dataDir);
  // No busy timeout: a held lock is held for as long as a server runs.
  const lock = new BetterSqlite3(join(dataDir, SERVER_LOCK_FILE_NAME), { timeout: 0 });
  try {
    lock.pragma('locking_mode = EXCLUSIVE');
    // The first write takes the EXCLUSIVE lock; in this mode it is kept until the connection closes.
    lock.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS held (since INTEGER); COMMIT');
  } catch (error) {
    lock.close();
    if (error instanceof BetterSqlite3.SqliteError && error.code === 'SQLITE_BUSY') {
      throw new DataDirInUseError(dataDir);
    }
    throw error;
  }
  return {
    release: () => {
      if (lock.open) lock.close();
    },
  };
}
