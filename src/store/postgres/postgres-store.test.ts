import { afterAll, expect, it } from 'vitest';
import { ConfigError } from '../../config/index.js';
import { describeWithDatabases, freshDatabase, type FreshDatabase } from '../../../test/support/scale-out.js';
import { describeAccountStoreContract } from '../contract/account-store.js';
import { describeCatalogKeyStoreContract } from '../contract/catalog-key-store.js';
import { describeHistoryStoreContract } from '../contract/history-store.js';
import { describeKeyStoreContract } from '../contract/key-store.js';
import { describeResortDataStoreContract } from '../contract/resort-data-store.js';
import { migrations } from '../migrations/provider.js';
import { openPostgresStores } from './open-postgres-store.js';

const databases: FreshDatabase[] = [];
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

/** Stores on a fresh database, dropped after the file. */
async function openFresh() {
  const database = await freshDatabase();
  databases.push(database);
  return openPostgresStores(database.url, { poolSize: 3 });
}

describeWithDatabases('postgres store', () => {
  describeHistoryStoreContract('postgres', async () => (await openFresh()).history);
  describeKeyStoreContract('postgres', openFresh);
  describeResortDataStoreContract('postgres', openFresh);
  describeAccountStoreContract('postgres', openFresh);
  describeCatalogKeyStoreContract('postgres', openFresh);

  it('runs every listed migration once, also when instances start together', async () => {
    const database = await freshDatabase();
    databases.push(database);
    const opened = await Promise.all([1, 2, 3].map(() => openPostgresStores(database.url, { poolSize: 2 })));
    await Promise.all(opened.map((stores) => stores.close()));
    const again = await openPostgresStores(database.url, { poolSize: 1 });
    await again.close();
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        'select name from kysely_migration order by name',
      );
      expect(rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
    } finally {
      await client.end();
    }
  });

  it('stops start-up with a ConfigError naming DATABASE_URL, without its password, when unreachable', async () => {
    const error = await openPostgresStores('postgres://queuecast:s3cret@127.0.0.1:1/queuecast').catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(
      /^DATABASE_URL postgres:\/\/queuecast:\*\*\*@127\.0\.0\.1:1\/queuecast/,
    );
    expect((error as Error).message).not.toContain('s3cret');
  });
});
