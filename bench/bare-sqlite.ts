/**
 * The backfill's baseline, in its own process: the same change rows written with nothing but
 * better-sqlite3, into a bare table (the same columns, no indexes) with the same pragmas, one
 * prepared insert, one transaction per park and UTC day (about the backfill's batch of one park-day).
 * The rows are read from the backfilled database first, untimed. Answers `run` with the seconds,
 * the rows and the database's size on disk after closing.
 *
 *   node --import tsx bench/bare-sqlite.ts SOURCE_DB TARGET_DIR
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BetterSqlite3 } from '../src/store/sqlite/native.js';
import { applyPragmas } from '../src/store/sqlite/pragmas.js';
import { serve } from './child.js';
import { directoryBytes } from './stats.js';

type ChangeRow = [string, string, number, string, number | null];

const [sourceDb = '', targetDir = ''] = process.argv.slice(2);
const DAY_MS = 86_400_000;

function readBatches(): ChangeRow[][] {
  const source = new BetterSqlite3(sourceDb, { readonly: true });
  try {
    const rows = source
      .prepare('select ride_id, park_key, at, status, standby_wait_minutes from wait_changes order by rowid')
      .raw()
      .all() as ChangeRow[];
    const batches: ChangeRow[][] = [];
    let key = '';
    for (const row of rows) {
      const rowKey = `${row[1]}:${Math.floor(row[2] / DAY_MS)}`;
      if (rowKey !== key) batches.push([]);
      key = rowKey;
      batches.at(-1)?.push(row);
    }
    return batches;
  } finally {
    source.close();
  }
}

serve(async (request) => {
  if (request.command !== 'run') throw new Error(`unknown command ${String(request.command)}`);
  const batches = readBatches();
  mkdirSync(targetDir, { recursive: true });
  const started = performance.now();
  const db = new BetterSqlite3(join(targetDir, 'bare.db'));
  applyPragmas(db);
  db.exec(
    'create table wait_changes (ride_id text not null, park_key text not null, at integer not null, ' +
      'status text not null, standby_wait_minutes integer)',
  );
  const insert = db.prepare<ChangeRow>('insert into wait_changes values (?, ?, ?, ?, ?)');
  const write = db.transaction((rows: ChangeRow[]) => {
    for (const row of rows) insert.run(...row);
  });
  let rows = 0;
  for (const batch of batches) {
    write(batch);
    rows += batch.length;
  }
  db.close();
  const seconds = (performance.now() - started) / 1000;
  return { seconds, rows, bytes: directoryBytes(targetDir) };
});
process.send?.({ type: 'ready' });
