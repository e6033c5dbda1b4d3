/**
 * Which engine a Kysely instance talks to. Almost every query is the same on both; the few places
 * that differ (identity columns in migrations, say) ask here instead of sniffing SQL.
 */
import { PostgresAdapter, SqliteAdapter, type Kysely } from 'kysely';

export type SqlDialect = 'sqlite' | 'postgres';

// `Kysely<any>` because migrations see the database before the schema exists.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function dialectOf(db: Kysely<any>): SqlDialect {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof SqliteAdapter) return 'sqlite';
  if (adapter instanceof PostgresAdapter) return 'postgres';
  throw new Error(
    `unsupported database dialect (${adapter.constructor.name}); queuecast runs on SQLite or PostgreSQL`,
  );
}
