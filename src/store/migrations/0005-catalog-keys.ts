/**
 * The keys handed out to parks, resorts and rides a feed discovered (issue 48): once a key is
 * published it is kept here, with what the feed last said about the thing, so a renamed or newly
 * colliding park never changes a key, and a park or ride the feed stops listing stays known (its
 * history stays reachable) with `removed_at` set.
 */
import { type Kysely, type Migration } from 'kysely';

export const migration0005: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('catalog_keys')
      // The feed that listed it (FEED's name): each feed's IDs are its own.
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      // '' for resorts and parks; a ride's park feed ID (ride slugs are unique within a park).
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('feed_id', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      // JSON array of short aliases, fixed with the key.
      .addColumn('aliases', 'text', (c) => c.notNull())
      // JSON of what the feed last said (name, time zone, location…), to serve it once unlisted.
      .addColumn('record', 'text', (c) => c.notNull())
      .addColumn('first_seen_at', 'bigint', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
      .addColumn('removed_at', 'bigint')
      .addPrimaryKeyConstraint('catalog_keys_pk', ['source', 'kind', 'scope', 'feed_id'])
      .addUniqueConstraint('catalog_keys_unique_key', ['source', 'kind', 'scope', 'key'])
      .execute();
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('catalog_keys').execute();
  },
};
