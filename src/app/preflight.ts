/**
 * What start-up checks before the rest of the service loads: that the configured SQLite store opens.
 * A DATA_DIR that cannot be used (not a directory, not writable, a file that is not our database)
 * then stops start-up within a second with one line naming the variable, instead of after every
 * module of the service has loaded. PostgreSQL is checked when the app connects.
 */
import type { Config } from '../config/index.js';

export async function checkStore(config: Config): Promise<void> {
  if (config.databaseUrl !== undefined) return;
  const { openSqliteStores } = await import('../store/sqlite/open-sqlite-store.js');
  const stores = await openSqliteStores(config.dataDir);
  await stores.close();
}
