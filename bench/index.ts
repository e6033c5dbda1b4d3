/**
 * `npm run bench`: every benchmark of issue #6 on this machine, as one table on stdout, each figure
 * next to a bare baseline measured in the same run (see BENCHMARKS.md for the methods).
 *
 *   npm run bench                  the full suite (about 25 minutes)
 *   npm run bench -- --quick       shorter runs and 1,000 stream clients (a few minutes)
 *   npm run bench -- --json        the rows as one JSON array on stdout (progress on stderr)
 *   npm run bench -- --only=http   some sections: backfill, http, pages, fanout, memory, scale-out,
 *                                  sim-parks, plans
 *   npm run bench -- --only=http --case='home page'   the HTTP cases whose names contain a text
 *   BENCH_PROFILE=1 npm run bench  also CPU-profile queuecast (.bench/profiles/, summaries on stderr)
 *
 * Timings depend on the machine and its load: compare a row with its baseline, measured in the
 * same run on the same machine, rather than with another run.
 */
import { backfillRows } from './backfill.js';
import { build } from './built-app.js';
import { prepareDataDir } from './data-dir.js';
import { fanoutRows, type FanoutSettings } from './fanout.js';
import { httpRows, type HttpSettings } from './http.js';
import { machineLine } from './machine.js';
import { memoryRows } from './memory.js';
import { scaleOutRows } from './scale-out.js';
import { simParksRows } from './sim-parks.js';
import { modelsRows } from './models.js';
import { pageRows } from './pages.js';
import { planRows } from './plans.js';
import { log } from './stats.js';
import { renderTable, type Row } from './table.js';
import { ensureWrk } from './wrk.js';

const SECTIONS = [
  'backfill',
  'http',
  'pages',
  'fanout',
  'memory',
  'scale-out',
  'sim-parks',
  'plans',
] as const;
type Section = (typeof SECTIONS)[number];

function parseArgs(argv: readonly string[]) {
  let quick = false;
  let json = false;
  let only: readonly Section[] = SECTIONS;
  let cases: readonly string[] = [];
  for (const arg of argv) {
    if (arg === '--quick') quick = true;
    else if (arg === '--json') json = true;
    else if (arg.startsWith('--only=')) {
      const names = arg.slice('--only='.length).split(',');
      const unknown = names.filter((name) => !(SECTIONS as readonly string[]).includes(name));
      if (unknown.length > 0) usage(`unknown section ${unknown.join(', ')}`);
      only = names as Section[];
    } else if (arg.startsWith('--case=')) cases = [...cases, arg.slice('--case='.length)];
    else usage(`unknown option ${arg}`);
  }
  return { quick, json, only, cases };
}

function usage(problem: string): never {
  process.stderr.write(
    `${problem}; use --quick, --json, --only=${SECTIONS.join(',')} and --case=TEXT (repeatable)\n`,
  );
  process.exit(2);
}

const { quick, json, only, cases } = parseArgs(process.argv.slice(2));
const profile = process.env.BENCH_PROFILE === '1';
const http: HttpSettings = quick
  ? { seconds: 3, warmupSeconds: 1, rounds: 1, roundSeconds: 3, profile, cases }
  : { seconds: 10, warmupSeconds: 3, rounds: 9, roundSeconds: 5, profile, cases };
const fanout: FanoutSettings = quick
  ? {
      cases: [
        { transport: 'websocket', clients: 1_000, trickleRounds: 5 },
        { transport: 'sse', clients: 1_000 },
      ],
      rounds: 9,
      passes: 1,
      profile,
    }
  : {
      cases: [
        { transport: 'websocket', clients: 1_000 },
        { transport: 'websocket', clients: 10_000, trickleRounds: 5 },
        { transport: 'sse', clients: 10_000 },
      ],
      rounds: 15,
      passes: 2,
      profile,
    };

const started = performance.now();
log(machineLine());
ensureWrk();
build();
const data = await prepareDataDir();
const rows: Row[] = [];
for (const section of SECTIONS) {
  if (!only.includes(section)) continue;
  const sectionStarted = performance.now();
  if (section === 'backfill') rows.push(...(await backfillRows()));
  if (section === 'http') rows.push(...(await httpRows(data, http)));
  if (section === 'pages') rows.push(...(await pageRows(data)));
  if (section === 'fanout') rows.push(...(await fanoutRows(data, fanout)));
  if (section === 'memory') rows.push(...(await memoryRows(data, quick ? 6_000 : 12_000)));
  if (section === 'scale-out') {
    rows.push(
      ...(await scaleOutRows(data, {
        seconds: http.roundSeconds,
        warmupSeconds: http.warmupSeconds,
        rounds: quick ? 1 : 3,
        fanoutClients: 1_000,
        fanoutRounds: quick ? 5 : 7,
      })),
    );
  }
  if (section === 'plans')
    rows.push(...(await planRows(data, { seconds: http.seconds, warmupSeconds: http.warmupSeconds })));
  if (section === 'sim-parks')
    rows.push(...(await simParksRows(data, { ...http, rounds: quick ? 3 : 5, fanout })));
  log(`${section}: ${((performance.now() - sectionStarted) / 1000).toFixed(0)} s`);
}
rows.push(...(await modelsRows(data)));
log(`bench: ${((performance.now() - started) / 1000).toFixed(0)} s in all`);

if (json) process.stdout.write(`${JSON.stringify(rows)}\n`);
else process.stdout.write(`${machineLine()}\n\n${renderTable(rows)}\n`);
