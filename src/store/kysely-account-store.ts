import type { Kysely, Selectable } from 'kysely';
import { KyselyKeyStore } from './kysely-key-store.js';
import type { AccountRecord, AccountStore, CreatedAccount, NewAccount, NewApiKey } from './ports.js';
import { toEpochMs } from './rows.js';
import type { AccountsTable, Database } from './schema.js';

function toAccount(row: Selectable<AccountsTable>): AccountRecord {
  return {
    id: row.id,
    email: row.email,
    app_name: row.app_name,
    key_id: row.key_id,
    signup_address_hash: row.signup_address_hash,
    created_at: toEpochMs(row.created_at),
  };
}

/** The AccountStore port on Kysely: the same queries on SQLite and PostgreSQL. */
export class KyselyAccountStore implements AccountStore {
  constructor(private readonly db: Kysely<Database>) {}

  async createAccount(account: NewAccount, key: NewApiKey): Promise<CreatedAccount> {
    if (await this.findAccountByEmail(account.email)) return { kind: 'email_taken' };
    try {
      return await this.db.transaction().execute(async (trx) => {
        // The key is made by the key store's own code, inside this transaction.
        const created = await new KyselyKeyStore(trx).createKey(key);
        const row = await trx
          .insertInto('accounts')
          .values({ ...account, key_id: created.id })
          .returningAll()
          .executeTakeFirstOrThrow();
        return { kind: 'created' as const, account: toAccount(row), key: created };
      });
    } catch (error) {
      // Two sign-ups for one email at once: the unique index refused the second.
      if (await this.findAccountByEmail(account.email)) return { kind: 'email_taken' };
      throw error;
    }
  }

  async findAccountByEmail(email: string): Promise<AccountRecord | undefined> {
    const row = await this.db
      .selectFrom('accounts')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst();
    return row && toAccount(row);
  }

  async countSignups(signupAddressHash: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
      .where('signup_address_hash', '=', signupAddressHash)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
