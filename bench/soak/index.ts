/**
 * `npm run soak -- --minutes N [--faults]`: the scale-out fault scenario (scenario.ts) for N
 * minutes. With --faults, one fault every ten minutes in rotation: Redis stopped for 60 s,
 * PostgreSQL stopped for 60 s, the leader killed with SIGKILL (and started again as a follower);
 * history is compared with the simulator's uninterrupted run after each. One line a minute, and a
 * summary at the end; the exit code is 1 when the summary finds a fault the issue's goals forbid.
 */
import { parseArgs } from 'node:util';
import type { HistoryComparison } from './reference.js';
import { SoakScenario, type FaultReport, type WindowStats } from './scenario.js';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    faults: { type: 'boolean', default: false },
    'outage-seconds': { type: 'string', default: '60' },
  },
});
const minutes = Number(values.minutes);
const outageSeconds = Number(values['outage-seconds']);
if (!Number.isInteger(minutes) || minutes < 1)
  throw new Error('--minutes takes a whole number of minutes ≥ 1');

const MINUTE = 60_000;
const FAULT_EVERY_MINUTES = 10;
const ROTATION = ['redis', 'postgresql', 'leader-kill'] as const;
const print = (line: string) => {
  process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
};

function line(minute: number, stats: WindowStats): string {
  const rss = Object.entries(stats.rssMb)
    .map(([name, mb]) => `${name} ${mb.toFixed(0)} MB`)
    .join(', ');
  const disconnects = Object.values(stats.disconnects).reduce((sum, n) => sum + n, 0);
  return (
    `min ${String(minute).padStart(3)}: ${stats.answers} answers, ${stats.serverErrors} 5xx ` +
    `(${stats.documented503} documented 503), ${stats.non503Errors} non-503 errors, ` +
    `p99 ${stats.p99Ms.toFixed(1)} ms, ${stats.missingRateLimit} without rate-limit headers, ` +
    `${stats.invalidBodies.length} of ${stats.validatedBodies} checked bodies off the OpenAPI document, ` +
    `stream ${stats.streamMessages.ws} ws + ${stats.streamMessages.sse} sse messages, ` +
    `${disconnects} disconnects, ${stats.inventedChanges.length} invented changes, RSS ${rss}, ` +
    `history ${stats.historyRows ?? 'n/a'} rows`
  );
}

function describeFault(report: FaultReport): string {
  const times = (record: Readonly<Record<string, number | null>>) =>
    Object.entries(record)
      .map(([name, ms]) => `${name} ${ms === null ? 'never' : `${(ms / 1000).toFixed(1)} s`}`)
      .join(', ');
  const takeover =
    report.fault === 'leader-kill'
      ? `; ${report.newLeader ?? '?'} took over in ${report.takeoverMs ?? 0} ms`
      : '';
  return (
    `fault ${report.fault}: during it ${report.during.answers} answers, ${report.during.serverErrors} 5xx ` +
    `(${report.during.documented503} documented 503, ${report.during.undocumented503} undocumented), ` +
    `p99 ${report.during.p99Ms.toFixed(1)} ms; degraded after: ${times(report.degradedAfterMs) || 'n/a'}; ` +
    `ready after recovery: ${times(report.readyAfterMs)}${takeover}`
  );
}

function describeHistory(comparison: HistoryComparison): string {
  return (
    `history: ${comparison.recordedRows} rows recorded vs ${comparison.referenceRows} in the uninterrupted ` +
    `run through ${new Date(comparison.through).toISOString()}: ${comparison.lost} lost, ` +
    `${comparison.extra} extra, ${comparison.duplicated} duplicated` +
    (comparison.samples.length > 0 ? ` (${comparison.samples.join('; ')})` : '')
  );
}

const scenario = await SoakScenario.start({ log: print });
const windows: WindowStats[] = [];
const faults: FaultReport[] = [];
const histories: HistoryComparison[] = [];
const stopRequested = { byOperator: false };
process.once('SIGINT', () => {
  stopRequested.byOperator = true;
});

const failures: string[] = [];
/** A comparison that cannot run (ingest never caught up) is a failure of the run, not its end. */
async function compareHistory(): Promise<void> {
  try {
    const history = await scenario.compareHistory();
    histories.push(history);
    print(describeHistory(history));
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error));
    print(`history: not compared: ${failures.at(-1) ?? ''}`);
  }
}

try {
  print(`soak: ${minutes} min${values.faults ? `, a fault every ${FAULT_EVERY_MINUTES} min` : ''}`);
  const started = Date.now();
  for (let minute = 1; minute <= minutes && !stopRequested.byOperator; minute++) {
    const faultDue = values.faults && minute % FAULT_EVERY_MINUTES === 5;
    if (faultDue) {
      const kind = ROTATION[Math.floor(minute / FAULT_EVERY_MINUTES) % ROTATION.length] ?? 'redis';
      try {
        const report =
          kind === 'leader-kill' ? await scenario.killLeader() : await scenario.outage(kind, outageSeconds);
        faults.push(report);
        windows.push(report.during);
        print(describeFault(report));
        const problems = [
          ...report.during.errorSamples,
          ...report.during.inventedChanges,
          ...report.during.invalidBodies,
        ];
        for (const problem of problems.slice(0, 5)) print(`  ${problem}`);
      } catch (error) {
        failures.push(`${kind}: ${error instanceof Error ? error.message : String(error)}`);
        print(`fault ${kind} failed: ${failures.at(-1) ?? ''}`);
      }
      await compareHistory();
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + minute * MINUTE - Date.now())));
    const stats = await scenario.closeWindow();
    windows.push(stats);
    print(line(minute, stats));
    for (const problem of [...stats.errorSamples, ...stats.inventedChanges, ...stats.invalidBodies].slice(
      0,
      5,
    ))
      print(`  ${problem}`);
  }
  await compareHistory();
} finally {
  await scenario.stop();
}

const sum = (pick: (stats: WindowStats) => number) =>
  windows.reduce((total, stats) => total + pick(stats), 0);
const rssOf = (stats: WindowStats | undefined) => Object.values(stats?.rssMb ?? {}).filter((mb) => mb > 0);
const steady = windows.filter((stats) => rssOf(stats).length > 0);
const firstRss = rssOf(steady[1] ?? steady[0]);
const lastRss = rssOf(steady.at(-1));
const undocumented = sum((stats) => stats.serverErrors - stats.documented503);
const lost = histories.reduce((total, h) => Math.max(total, h.lost), 0);
const extra = histories.reduce((total, h) => Math.max(total, h.extra), 0);
const duplicated = histories.reduce((total, h) => Math.max(total, h.duplicated), 0);
const invented = sum((stats) => stats.inventedChanges.length);
const invalid = windows.flatMap((stats) => stats.invalidBodies);
print('summary:');
print(
  `  ${sum((stats) => stats.answers)} answers; ${undocumented} 5xx outside the documented 503s ` +
    `(${sum((stats) => stats.documented503)} documented 503); ${sum((stats) => stats.non503Errors)} non-503 errors; ` +
    `${sum((stats) => stats.missingRateLimit)} answers without rate-limit headers`,
);
print(
  `  history: ${lost} rows lost, ${extra} extra, ${duplicated} duplicated (worst of ${histories.length} comparisons)`,
);
print(`  stream: ${invented} invented changes`);
print(
  `  bodies off the OpenAPI document: ${invalid.length}${invalid.length > 0 ? ` (${invalid.slice(0, 3).join(' | ')})` : ''}`,
);
print(
  `  RSS: ${firstRss.map((mb) => mb.toFixed(0)).join('/')} MB after minute 2 → ${lastRss.map((mb) => mb.toFixed(0)).join('/')} MB at the end`,
);
for (const report of faults) print(`  ${describeFault(report)}`);
for (const failure of failures) print(`  failed: ${failure}`);
process.exitCode =
  undocumented + lost + extra + duplicated + invented + invalid.length + failures.length > 0 ? 1 : 0;
