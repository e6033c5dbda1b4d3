/**
 * The tables as Kysely sees them. One schema for both engines: times are integer epoch milliseconds
 * (`bigint` columns), which SQLite stores as INTEGER and PostgreSQL as int8.
 */
import type { ColumnType, Generated } from 'kysely';

/**
 * An epoch-millisecond column. Reads are typed `number | string` because node-postgres returns int8
 * as a string (it may not fit a double in general; ours always do), while better-sqlite3 returns a
 * number. Every read goes through `toEpochMs` in `rows.ts`, the one conversion point.
 */
export type EpochMs = ColumnType<number | string, number, number>;
export type NullableEpochMs = ColumnType<number | string | null, number | null, number | null>;

export interface WaitChangesTable {
  ride_id: string;
  park_key: string;
  at: EpochMs;
  status: string;
  standby_wait_minutes: number | null;
}

export interface OutagesTable {
  id: Generated<number>;
  ride_id: string;
  park_key: string;
  status: string;
  started_at: EpochMs;
  ended_at: NullableEpochMs;
}

export interface ParkTransitionsTable {
  park_key: string;
  at: EpochMs;
  state: 'open' | 'closed';
}

export interface IngestCheckpointsTable {
  park_key: string;
  at: EpochMs;
}

export interface ApiKeysTable {
  id: Generated<number>;
  hash: string;
  hint: string;
  tier: 'free' | 'partner';
  name: string | null;
  created_at: EpochMs;
  revoked_at: NullableEpochMs;
}

export interface EventNightsTable {
  resort_key: string;
  park_key: string;
  date: string;
  series_id: string;
  series_name: string;
  opens_at: EpochMs;
  closes_at: EpochMs;
  status: string;
  currency: string;
  lowest_adult_price_cents: number;
  first_seen_at: EpochMs;
  last_checked_at: EpochMs;
  first_sold_out_at: NullableEpochMs;
}

export interface AccountsTable {
  id: Generated<number>;
  email: string;
  app_name: string;
  key_id: number;
  signup_address_hash: string;
  created_at: EpochMs;
}

export interface CatalogKeysTable {
  source: string;
  kind: string;
  scope: string;
  feed_id: string;
  key: string;
  aliases: string;
  record: string;
  first_seen_at: EpochMs;
  last_seen_at: EpochMs;
  removed_at: NullableEpochMs;
}

export interface Database {
  catalog_keys: CatalogKeysTable;
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  wait_changes: WaitChangesTable;
  outages: OutagesTable;
  park_transitions: ParkTransitionsTable;
  ingest_checkpoints: IngestCheckpointsTable;
  event_nights: EventNightsTable;
}
