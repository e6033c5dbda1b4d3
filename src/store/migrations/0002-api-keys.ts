/** API keys: only a SHA-256 hash of each key is kept; the key itself is shown once, at creation. */
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../dialect.js';
import { identityPrimaryKey } from './columns.js';

export const migration0002: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'integer', identityPrimaryKey(dialectOf(db)))
      .addColumn('hash', 'text', (c) => c.notNull().unique())
      .addColumn('hint', 'text', (c) => c.notNull())
      .addColumn('tier', 'text', (c) => c.notNull().check(sql`tier in ('free', 'partner')`))
      .addColumn('name', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .execute();
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('api_keys').execute();
  },
};
