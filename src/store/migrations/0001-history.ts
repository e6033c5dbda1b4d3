/**
 * History: wait changes, outages, park transitions and ingest checkpoints, with one index for each
 * query in ports.ts. Times are `bigint` epoch milliseconds on both engines.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../dialect.js';
import { identityPrimaryKey } from './columns.js';

export const migration0001: Migration = {
  // Migrations run before the schema exists, so they take an untyped Kysely.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('wait_changes')
      .addColumn('ride_id', 'text', (c) => c.notNull())
      .addColumn('park_key', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('standby_wait_minutes', 'integer')
      .execute();
    // Unique: ingest records at most one change per ride per instant, and `latestChanges` relies
    // on (ride, max(at)) naming a single row.
    await db.schema
      .createIndex('wait_changes_ride_at')
      .on('wait_changes')
      .columns(['ride_id', 'at'])
      .unique()
      .execute();
    await db.schema
      .createIndex('wait_changes_park_at')
      .on('wait_changes')
      .columns(['park_key', 'at'])
      .execute();

    await db.schema
      .createTable('outages')
      .addColumn('id', 'integer', identityPrimaryKey(dialectOf(db)))
      .addColumn('ride_id', 'text', (c) => c.notNull())
      .addColumn('park_key', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('ended_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('outages_ride_started')
      .on('outages')
      .columns(['ride_id', 'started_at'])
      .execute();
    await db.schema
      .createIndex('outages_park_started')
      .on('outages')
      .columns(['park_key', 'started_at'])
      .execute();
    // Partial indexes (both engines have them) stay as small as the set of ongoing outages: one
    // serves `openOutages(park)` (started_at gives its order), the other ending a ride's outage
    // (`where ride_id = ? and ended_at is null and started_at < ?`), which would otherwise walk
    // every past outage of the ride.
    await db.schema
      .createIndex('outages_open_by_park')
      .on('outages')
      .columns(['park_key', 'started_at'])
      .where(sql.ref('ended_at'), 'is', null)
      .execute();
    await db.schema
      .createIndex('outages_open_by_ride')
      .on('outages')
      .columns(['ride_id', 'started_at'])
      .where(sql.ref('ended_at'), 'is', null)
      .execute();

    await db.schema
      .createTable('park_transitions')
      .addColumn('park_key', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('open', 'closed')`))
      .execute();
    // Unique: a park cannot both open and close at one instant, and "the last transition before
    // `from`" must be one row.
    await db.schema
      .createIndex('park_transitions_park_at')
      .on('park_transitions')
      .columns(['park_key', 'at'])
      .unique()
      .execute();

    await db.schema
      .createTable('ingest_checkpoints')
      .addColumn('park_key', 'text', (c) => c.primaryKey().notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async down(db: Kysely<any>): Promise<void> {
    for (const table of ['ingest_checkpoints', 'park_transitions', 'outages', 'wait_changes']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
