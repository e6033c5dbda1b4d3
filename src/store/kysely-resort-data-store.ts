/**
 * The ResortDataStore on Kysely: the same queries on SQLite and PostgreSQL. A check is an upsert
 * whose merge is plain SQL both engines share (`coalesce`, `case`, `excluded`), so the first
 * sell-out time is kept by the database itself, whatever order or number of checks arrive.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import { chunks, rowsPerInsert } from './chunks.js';
import type { EventNightCheck, EventNightRecord, ResortDataStore } from './ports.js';
import { toEpochMs, toNullableEpochMs } from './rows.js';
import type { Database, EventNightsTable } from './schema.js';

const COLUMNS = 13;

function toRecord(row: Selectable<EventNightsTable>): EventNightRecord {
  return {
    resort_key: row.resort_key,
    park_key: row.park_key,
    date: row.date,
    series_id: row.series_id,
    series_name: row.series_name,
    opens_at: toEpochMs(row.opens_at),
    closes_at: toEpochMs(row.closes_at),
    status: row.status,
    currency: row.currency,
    lowest_adult_price_cents: row.lowest_adult_price_cents,
    first_seen_at: toEpochMs(row.first_seen_at),
    last_checked_at: toEpochMs(row.last_checked_at),
    first_sold_out_at: toNullableEpochMs(row.first_sold_out_at),
  };
}

export class KyselyResortDataStore implements ResortDataStore {
  constructor(private readonly db: Kysely<Database>) {}

  async recordEventNightChecks(checks: readonly EventNightCheck[]): Promise<void> {
    if (checks.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (const slice of chunks(checks, rowsPerInsert(COLUMNS))) {
        await trx
          .insertInto('event_nights')
          .values(
            slice.map((check) => ({
              resort_key: check.resort_key,
              park_key: check.park_key,
              date: check.date,
              series_id: check.series_id,
              series_name: check.series_name,
              opens_at: check.opens_at,
              closes_at: check.closes_at,
              status: check.status,
              currency: check.currency,
              lowest_adult_price_cents: check.lowest_adult_price_cents,
              first_seen_at: check.checked_at,
              last_checked_at: check.checked_at,
              first_sold_out_at: check.status === 'sold_out' ? check.checked_at : null,
            })),
          )
          .onConflict((conflict) =>
            conflict.columns(['park_key', 'date', 'series_id']).doUpdateSet({
              series_name: sql`excluded.series_name`,
              opens_at: sql`excluded.opens_at`,
              closes_at: sql`excluded.closes_at`,
              status: sql`case when excluded.last_checked_at >= event_nights.last_checked_at then excluded.status else event_nights.status end`,
              currency: sql`excluded.currency`,
              lowest_adult_price_cents: sql`case when excluded.lowest_adult_price_cents < event_nights.lowest_adult_price_cents then excluded.lowest_adult_price_cents else event_nights.lowest_adult_price_cents end`,
              // An older check arriving late must not move the last check back.
              last_checked_at: sql`case when excluded.last_checked_at > event_nights.last_checked_at then excluded.last_checked_at else event_nights.last_checked_at end`,
              first_sold_out_at: sql`coalesce(event_nights.first_sold_out_at, excluded.first_sold_out_at)`,
            }),
          )
          .execute();
      }
    });
  }

  async eventNights(resortKey: string, from: string, to: string): Promise<EventNightRecord[]> {
    const rows = await this.db
      .selectFrom('event_nights')
      .selectAll()
      .where('resort_key', '=', resortKey)
      .where('date', '>=', from)
      .where('date', '<=', to)
      .orderBy('date')
      .orderBy('park_key')
      .orderBy('series_id')
      .execute();
    return rows.map(toRecord);
  }
}
