/**
 * `npm run bench`: the benchmarks that have a goal, as one table on stdout.
 *
 *   npm run bench              fan-out to 1,000 and 10,000 WebSocket clients
 *   npm run bench -- --quick   1,000 clients only
 *   npm run bench -- --json    the rows as one JSON array on stdout (progress on stderr)
 *
 * Timings depend on the machine and its load: compare a row with its baseline, measured in the
 * same run on the same machine, rather than with another run.
 */
import { fanoutRows } from './fanout.js';
import { renderTable } from './table.js';

const args = new Set(process.argv.slice(2));
for (const arg of args) {
  if (arg !== '--quick' && arg !== '--json') {
    process.stderr.write(`unknown option ${arg}; use --quick and/or --json\n`);
    process.exit(2);
  }
}

const sizes = args.has('--quick') ? [1_000] : [1_000, 10_000];
const rows = await fanoutRows(sizes);
if (args.has('--json')) process.stdout.write(`${JSON.stringify(rows)}\n`);
else process.stdout.write(`${renderTable(rows)}\n`);
process.exitCode = 0;
