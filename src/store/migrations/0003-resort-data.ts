/**
 * Event nights as ingest has seen them: one row per (park, night, series), with the lowest adult
 * price seen and the time a check first saw the night sold out. That time is written once and never
 * moved (the store merges it with `coalesce`), so it survives restarts and later checks. Prices are
 * integer cents so both engines store them exactly.
 */
import type { Kysely, Migration } from 'kysely';

export const migration0003: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('event_nights')
      .addColumn('resort_key', 'text', (c) => c.notNull())
      .addColumn('park_key', 'text', (c) => c.notNull())
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('series_id', 'text', (c) => c.notNull())
      .addColumn('series_name', 'text', (c) => c.notNull())
      .addColumn('opens_at', 'bigint', (c) => c.notNull())
      .addColumn('closes_at', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('lowest_adult_price_cents', 'integer', (c) => c.notNull())
      .addColumn('first_seen_at', 'bigint', (c) => c.notNull())
      .addColumn('last_checked_at', 'bigint', (c) => c.notNull())
      .addColumn('first_sold_out_at', 'bigint')
      .addPrimaryKeyConstraint('event_nights_pk', ['park_key', 'date', 'series_id'])
      .execute();
    await db.schema
      .createIndex('event_nights_resort_date')
      .on('event_nights')
      .columns(['resort_key', 'date'])
      .execute();
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('event_nights').execute();
  },
};
