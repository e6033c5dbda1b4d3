/**
 * Every migration, in code. Kysely's FileMigrationProvider would read a folder at run time, but
 * the compiled output (dist/) is not src/; importing the modules keeps them in the build.
 * Keys sort in the order the migrations run.
 */
import type { Migration, MigrationProvider } from 'kysely';
import { migration0001 } from './0001-history.js';
import { migration0002 } from './0002-api-keys.js';
import { migration0003 } from './0003-resort-data.js';
import { migration0004 } from './0004-accounts.js';
import { migration0005 } from './0005-catalog-keys.js';

export const migrations: Readonly<Record<string, Migration>> = {
  '0001_history': migration0001,
  '0002_api_keys': migration0002,
  '0003_resort_data': migration0003,
  '0004_accounts': migration0004,
  '0005_catalog_keys': migration0005,
};

export const inCodeMigrationProvider: MigrationProvider = {
  getMigrations: async () => ({ ...migrations }),
};
