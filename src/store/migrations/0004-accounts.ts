/**
 * Developer accounts made by the free-key sign-up page: one per email address, each with the API key
 * it was given (only the key's hash is stored, in `api_keys`). The sign-up address is kept as a
 * SHA-256 hash, enough to count sign-ups per address (the abuse limit) without keeping addresses.
 */
import { type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../dialect.js';
import { identityPrimaryKey } from './columns.js';

export const migration0004: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('accounts')
      .addColumn('id', 'integer', identityPrimaryKey(dialectOf(db)))
      // Stored trimmed and lower-cased, so one address cannot sign up twice by changing case.
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('app_name', 'text', (c) => c.notNull())
      .addColumn('key_id', 'integer', (c) => c.notNull().references('api_keys.id'))
      .addColumn('signup_address_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('accounts_by_signup_address')
      .on('accounts')
      .columns(['signup_address_hash', 'created_at'])
      .execute();
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('accounts').execute();
  },
};
