/** The stores on one migrated database, the same for every engine: each driver opens, this assembles. */
import type { Kysely } from 'kysely';
import { KyselyAccountStore } from './kysely-account-store.js';
import { KyselyCatalogKeyStore } from './kysely-catalog-key-store.js';
import { KyselyHistoryStore, type KyselyHistoryStoreOptions } from './kysely-history-store.js';
import { KyselyKeyStore } from './kysely-key-store.js';
import { KyselyResortDataStore } from './kysely-resort-data-store.js';
import type { Stores } from './ports.js';
import type { Database } from './schema.js';

export function kyselyStores(db: Kysely<Database>, historyOptions?: KyselyHistoryStoreOptions): Stores {
  // Kysely's destroy() ends the connection pool or closes the file; the history store's close() calls it.
  const history = new KyselyHistoryStore(db, historyOptions);
  return {
    history,
    keys: new KyselyKeyStore(db),
    resortData: new KyselyResortDataStore(db),
    accounts: new KyselyAccountStore(db),
    catalogKeys: new KyselyCatalogKeyStore(db),
    close: () => history.close(),
  };
}
