/**
 * The backfill rows: a whole first-start backfill (2026-09-28 to now, ten parks) into an empty
 * directory under `.bench/`, and the same rows written by bare better-sqlite3 (bare-sqlite.ts), each
 * in its own process. Both directories are removed afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startChild } from './child.js';
import { BENCH_DIR } from './data-dir.js';
import { log } from './stats.js';
import { reference, under, type Row } from './table.js';

interface Written {
  readonly seconds: number;
  readonly rows: number;
  readonly bytes: number;
}

/** Goal (issue #6): the whole backfill in under 20 s. */
export const BACKFILL_GOAL_SECONDS = 20;

async function run(script: string, args: readonly string[]): Promise<Written> {
  const child = startChild(script, args);
  try {
    await child.next('ready');
    return await child.ask<Written>({ command: 'run' });
  } finally {
    await child.stop();
  }
}

export async function backfillRows(): Promise<Row[]> {
  const dir = mkdtempSync(join(BENCH_DIR, 'backfill-'));
  try {
    const ours = await run('./backfill-run.ts', [join(dir, 'queuecast')]);
    const bare = await run('./bare-sqlite.ts', [join(dir, 'queuecast', 'queuecast.db'), join(dir, 'bare')]);
    log(
      `backfill: ${ours.rows.toLocaleString('en-US')} rows in ${ours.seconds.toFixed(1)} s, ${(ours.bytes / 1e6).toFixed(1)} MB; ` +
        `bare better-sqlite3: ${bare.rows.toLocaleString('en-US')} rows in ${bare.seconds.toFixed(2)} s, ${(bare.bytes / 1e6).toFixed(1)} MB`,
    );
    const name = 'backfill, 2026-09-28 to now, ten parks';
    return [
      under(`${name}: time`, 's', ours.seconds, bare.seconds, BACKFILL_GOAL_SECONDS),
      reference(`${name}: rows per second`, 'rows/s', ours.rows / ours.seconds, bare.rows / bare.seconds),
      reference(`${name}: database size`, 'MB', ours.bytes / 1e6, bare.bytes / 1e6),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
