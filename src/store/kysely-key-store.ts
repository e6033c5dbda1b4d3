import type { Kysely, Selectable } from 'kysely';
import type { ApiKeyRecord, KeyStore, NewApiKey } from './ports.js';
import { toEpochMs, toNullableEpochMs } from './rows.js';
import type { ApiKeysTable, Database } from './schema.js';

function toKey(row: Selectable<ApiKeysTable>): ApiKeyRecord {
  return {
    id: row.id,
    hash: row.hash,
    hint: row.hint,
    tier: row.tier,
    name: row.name,
    created_at: toEpochMs(row.created_at),
    revoked_at: toNullableEpochMs(row.revoked_at),
  };
}

/** The KeyStore port on Kysely: the same queries on SQLite and PostgreSQL. */
export class KyselyKeyStore implements KeyStore {
  constructor(private readonly db: Kysely<Database>) {}

  async createKey(key: NewApiKey): Promise<ApiKeyRecord> {
    const row = await this.db
      .insertInto('api_keys')
      .values({ hash: key.hash, hint: key.hint, tier: key.tier, name: key.name, created_at: key.created_at })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toKey(row);
  }

  async findKeyByHash(hash: string): Promise<ApiKeyRecord | undefined> {
    const row = await this.db.selectFrom('api_keys').selectAll().where('hash', '=', hash).executeTakeFirst();
    return row && toKey(row);
  }

  async revokeKey(id: number, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async listKeys(): Promise<ApiKeyRecord[]> {
    const rows = await this.db.selectFrom('api_keys').selectAll().orderBy('id').execute();
    return rows.map(toKey);
  }
}
