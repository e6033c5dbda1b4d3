/**
 * The backfill, timed, in its own process: simulated history for all ten parks from the coverage
 * start (2026-09-28) to now into an empty DATA_DIR, through the compiled ingest (`createApp`'s
 * catch-up on a first start, store opening and migration included). Answers `run` with the
 * seconds, the rows and the database's size on disk after closing.
 *
 *   node --import tsx bench/backfill-run.ts DATA_DIR
 */
import { historyRecorder } from './built-app.js';
import { serve } from './child.js';
import { directoryBytes } from './stats.js';

const [dataDir = ''] = process.argv.slice(2);
const record = await historyRecorder();

serve(async (request) => {
  if (request.command !== 'run') throw new Error(`unknown command ${String(request.command)}`);
  const started = performance.now();
  const rows = await record(dataDir);
  const seconds = (performance.now() - started) / 1000;
  return { seconds, rows, bytes: directoryBytes(dataDir) };
});
process.send?.({ type: 'ready' });
