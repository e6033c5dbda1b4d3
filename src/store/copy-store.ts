/**
 * Copies one queuecast database into another, table by table, through Kysely: how an embedded
 * SQLite store moves to PostgreSQL (`store copy --to postgres://…`). Both sides are migrated to the
 * same schema first, so the tables are whatever the migrations made (new tables need no code here).
 * The copy runs in one transaction on the target and refuses a target that already holds rows.
 */
import { sql, type Kysely } from 'kysely';
import { chunks, rowsPerInsert } from './chunks.js';
import { dialectOf } from './dialect.js';

/** Kysely's own bookkeeping: the target has its own, written by its migrations. */
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** Rows read from the source at a time (bounded memory for a history of millions of rows). */
const READ_BATCH = 5_000;

export class StoreCopyError extends Error {
  override name = 'StoreCopyError';
}

export interface TableCopied {
  readonly table: string;
  readonly rows: number;
}

// Untyped on purpose: the copy follows whatever tables the migrations created.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function copyStore(
  source: AnyDb,
  target: AnyDb,
  onTable: (copied: TableCopied) => void = () => undefined,
): Promise<TableCopied[]> {
  const sourceTables = new Map(
    (await source.introspection.getTables()).map((table) => [table.name, table] as const),
  );
  const targetTables = (await target.introspection.getTables()).filter((t) => !MIGRATION_TABLES.has(t.name));
  const missing = targetTables.filter((table) => !sourceTables.has(table.name)).map((t) => t.name);
  if (missing.length > 0) {
    throw new StoreCopyError(`the source store has no table ${missing.join(', ')}: is it a queuecast store?`);
  }
  for (const table of targetTables) {
    const row = await target
      .selectFrom(table.name)
      .select(sql<number>`1`.as('one'))
      .limit(1)
      .executeTakeFirst();
    if (row) {
      throw new StoreCopyError(
        `the target store already holds rows in ${table.name}; copy only into an empty database (a fresh one, migrated by the copy)`,
      );
    }
  }
  const ordered = await referencedFirst(
    target,
    targetTables.map((t) => t.name),
  );
  const copied: TableCopied[] = [];
  await target.transaction().execute(async (trx) => {
    for (const name of ordered) {
      const targetTable = targetTables.find((t) => t.name === name);
      const sourceTable = sourceTables.get(name);
      if (!targetTable || !sourceTable) continue;
      const sourceColumns = new Set(sourceTable.columns.map((c) => c.name));
      const columns = targetTable.columns.filter((c) => sourceColumns.has(c.name));
      const booleans = new Set(columns.filter((c) => /^bool/i.test(c.dataType)).map((c) => c.name));
      const order = columns.map((c) => c.name);
      let rows = 0;
      for (let offset = 0; ; offset += READ_BATCH) {
        // Ordered by every column, so paging is stable on any engine without knowing the keys.
        let query = source.selectFrom(name).select(order);
        for (const column of order) query = query.orderBy(column);
        const batch: Record<string, unknown>[] = await query.limit(READ_BATCH).offset(offset).execute();
        for (const slice of chunks(batch, rowsPerInsert(order.length))) {
          await trx
            .insertInto(name)
            .values(slice.map((row) => convertRow(row, booleans)))
            .execute();
        }
        rows += batch.length;
        if (batch.length < READ_BATCH) break;
      }
      // Identity columns were given explicit values: move their sequences past them.
      if (dialectOf(target) === 'postgres') {
        for (const column of columns.filter((c) => c.isAutoIncrementing)) {
          await sql`select setval(pg_get_serial_sequence(${name}, ${column.name}), coalesce(max(${sql.ref(column.name)}), 0) + 1, false) from ${sql.table(name)}`.execute(
            trx,
          );
        }
      }
      copied.push({ table: name, rows });
      onTable({ table: name, rows });
    }
  });
  return copied;
}

/** SQLite keeps booleans as 0/1; PostgreSQL wants true/false. */
function convertRow(row: Record<string, unknown>, booleans: ReadonlySet<string>): Record<string, unknown> {
  if (booleans.size === 0) return row;
  const converted = { ...row };
  for (const column of booleans) {
    const value = converted[column];
    if (typeof value === 'number' || typeof value === 'bigint')
      converted[column] = value !== 0 && value !== 0n;
  }
  return converted;
}

/** Tables ordered so that a table referenced by a foreign key is filled before the tables that refer to it. */
async function referencedFirst(target: AnyDb, tables: readonly string[]): Promise<string[]> {
  const dependsOn = new Map(tables.map((table) => [table, new Set<string>()]));
  if (dialectOf(target) === 'postgres') {
    const { rows } = await sql<{ child: string; parent: string }>`
      select distinct tc.table_name as child, ccu.table_name as parent
      from information_schema.table_constraints tc
      join information_schema.constraint_column_usage ccu
        on tc.constraint_name = ccu.constraint_name and tc.constraint_schema = ccu.constraint_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`.execute(target);
    for (const { child, parent } of rows) if (child !== parent) dependsOn.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const parent of dependsOn.get(table) ?? []) visit(parent, path);
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table, new Set());
  return ordered;
}
