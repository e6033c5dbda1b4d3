/**
 * Multi-row inserts bind one parameter per cell. SQLite (3.32+, as bundled by better-sqlite3)
 * allows 32766 bound parameters per statement and PostgreSQL 65535; 500 rows keeps every insert
 * here far below both while still amortising the per-statement cost.
 */
const MAX_ROWS_PER_INSERT = 500;
const MAX_PARAMETERS = 32766;

/** Rows per multi-row insert for a table with `columns` columns. */
export function rowsPerInsert(columns: number): number {
  return Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_PARAMETERS / columns)));
}

/** Splits `items` into consecutive slices of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}
