/** Brings a database to the latest schema, or fails with one error that names the migration. */
import { inspect } from 'node:util';
import { Migrator, type Kysely } from 'kysely';
import { inCodeMigrationProvider } from './provider.js';

export class MigrationError extends Error {
  override name = 'MigrationError';
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: inCodeMigrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error === undefined) return;
  const failed = results?.find((result) => result.status === 'Error')?.migrationName;
  const reason = error instanceof Error ? error.message : inspect(error);
  throw new MigrationError(
    failed === undefined
      ? `database migration failed before running: ${reason}`
      : `database migration ${failed} failed: ${reason}`,
    { cause: error },
  );
}
