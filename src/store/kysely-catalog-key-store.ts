import { sql, type Kysely, type Selectable } from 'kysely';
import type { CatalogEntry, CatalogEntryKind, CatalogKeyStore } from './ports.js';
import { toEpochMs, toNullableEpochMs } from './rows.js';
import type { CatalogKeysTable, Database } from './schema.js';

function toEntry(row: Selectable<CatalogKeysTable>): CatalogEntry {
  return {
    source: row.source,
    kind: row.kind as CatalogEntryKind,
    scope: row.scope,
    feed_id: row.feed_id,
    key: row.key,
    aliases: JSON.parse(row.aliases) as string[],
    record: JSON.parse(row.record) as unknown,
    first_seen_at: toEpochMs(row.first_seen_at),
    last_seen_at: toEpochMs(row.last_seen_at),
    removed_at: toNullableEpochMs(row.removed_at),
  };
}

/** Rows per insert: well under SQLite's 32,766 bound parameters at ten columns a row. */
const BATCH = 500;

/** The CatalogKeyStore port on Kysely: the same queries on SQLite and PostgreSQL. */
export class KyselyCatalogKeyStore implements CatalogKeyStore {
  constructor(private readonly db: Kysely<Database>) {}

  async catalogEntries(source: string): Promise<CatalogEntry[]> {
    const rows = await this.db
      .selectFrom('catalog_keys')
      .selectAll()
      .where('source', '=', source)
      .orderBy('kind')
      .orderBy('scope')
      .orderBy('feed_id')
      .execute();
    return rows.map(toEntry);
  }

  async saveCatalogEntries(entries: readonly CatalogEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (let start = 0; start < entries.length; start += BATCH) {
        const rows = entries.slice(start, start + BATCH).map((entry) => ({
          source: entry.source,
          kind: entry.kind,
          scope: entry.scope,
          feed_id: entry.feed_id,
          key: entry.key,
          aliases: JSON.stringify(entry.aliases),
          record: JSON.stringify(entry.record),
          first_seen_at: entry.first_seen_at,
          last_seen_at: entry.last_seen_at,
          removed_at: entry.removed_at,
        }));
        await trx
          .insertInto('catalog_keys')
          .values(rows)
          .onConflict((conflict) =>
            // The key, aliases and first sighting are never rewritten: a published key stays.
            conflict.columns(['source', 'kind', 'scope', 'feed_id']).doUpdateSet({
              record: sql`excluded.record`,
              last_seen_at: sql`case when excluded.last_seen_at > catalog_keys.last_seen_at then excluded.last_seen_at else catalog_keys.last_seen_at end`,
              removed_at: sql`excluded.removed_at`,
            }),
          )
          .execute();
      }
    });
  }
}
