/**
 * Opens the PostgreSQL store (DATABASE_URL): a node-postgres pool behind Kysely's PostgresDialect,
 * migrated to latest with the same in-code migrations and the same Kysely stores as SQLite. Every
 * instance of a scaled-out deployment opens it; Kysely's migrator takes PostgreSQL's advisory lock
 * while it migrates, so instances starting together migrate once.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { ConfigError } from '../../config/index.js';
import { redactedUrl } from '../../lib/redacted-url.js';
import { kyselyStores } from '../kysely-stores.js';
import { migrateToLatest } from '../migrations/migrate.js';
import type { Stores } from '../ports.js';
import type { Database } from '../schema.js';

export interface PostgresStoreOptions {
  /** Connections in the pool (default 10): ingest writes on one, requests read on the rest. */
  readonly poolSize?: number;
}

/**
 * How long a new connection may take: a store that does not accept one within this is away, and
 * the store's breaker (store/guarded-stores.ts) then fails every call at once until it answers.
 */
const CONNECT_TIMEOUT_MS = 3_000;

/** A pool on `url`; an idle connection's error is reported, not thrown (pg would crash the process). */
export function createPool(url: string, max: number, onError: (error: Error) => void): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  pool.on('error', onError);
  // The pool listens only to idle connections: one checked out between two queries (inside a
  // transaction, say) when PostgreSQL goes away would otherwise throw an unhandled 'error' and end
  // the process. Its query, or the next, reports the failure.
  pool.on('connect', (client) => {
    client.on('error', onError);
  });
  return pool;
}

/**
 * Connects, migrates and returns the stores. A server that cannot be reached is a ConfigError naming
 * DATABASE_URL (without its password), so start-up stops with one line saying what to fix.
 */
export async function openPostgresStores(url: string, options: PostgresStoreOptions = {}): Promise<Stores> {
  return kyselyStores(await openPostgresDatabase(url, options));
}

/** The migrated database itself (the stores use it; so does `store copy`). */
export async function openPostgresDatabase(
  url: string,
  options: PostgresStoreOptions = {},
): Promise<Kysely<Database>> {
  // An idle connection that dies (a PostgreSQL restart, say) is dropped and replaced on next use;
  // the query that needs it reports any lasting failure.
  const pool = createPool(url, options.poolSize ?? 10, () => undefined);
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end();
    throw new ConfigError(
      `DATABASE_URL ${redactedUrl(url)} cannot be used: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
