/**
 * `npm run soak -- --minutes N [--faults]`: the scale-out fault scenario (scenario.ts) for N
 * minutes. With --faults, one fault every ten minutes in rotation: Redis stopped for 60 s,
 * PostgreSQL stopped for 60 s, the leader killed with SIGKILL (and started again as a follower);
 * history is compared with the simulator's uninterrupted run after each. One line a minute, and a
 * summary at the end; the exit code is 1 when the summary finds a fault the issue's goals forbid.
 */
import { parseArgs } from 'node:util';
import type { HistoryComparison } from './reference.js';
import { slopePerHour, type MemorySample } from './memory.js';
import { SoakScenario, type FaultReport, type WindowStats } from './scenario.js';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    faults: { type: 'boolean', default: false },
    'outage-seconds': { type: 'string', default: '60' },
    'fault-every': { type: 'string', default: '10' },
    rotation: { type: 'string', default: 'redis,postgresql,leader-kill' },
    'heap-snapshots': { type: 'string' },
  },
});
const minutes = Number(values.minutes);
const outageSeconds = Number(values['outage-seconds']);
const FAULT_EVERY_MINUTES = Number(values['fault-every']);
if (!Number.isInteger(minutes) || minutes < 1)
  throw new Error('--minutes takes a whole number of minutes ≥ 1');
if (!Number.isInteger(FAULT_EVERY_MINUTES) || FAULT_EVERY_MINUTES < 2)
  throw new Error('--fault-every takes a whole number of minutes ≥ 2');

const FAULT_KINDS = ['redis', 'postgresql', 'leader-kill'] as const;
type FaultKind = (typeof FAULT_KINDS)[number];
const ROTATION = values.rotation.split(',').map((kind) => {
  if (!(FAULT_KINDS as readonly string[]).includes(kind))
    throw new Error(`--rotation lists faults among ${FAULT_KINDS.join(', ')}`);
  return kind as FaultKind;
});
const MINUTE = 60_000;
const print = (line: string) => {
  process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
};

/** `endpoint status phase: n` for answers without rate-limit headers, most first. */
function describeMissing(by: Readonly<Record<string, number>>): string {
  const parts = Object.entries(by)
    .sort(([, x], [, y]) => y - x)
    .map(([where, n]) => `${where}: ${n}`);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

function describeMemory(stats: WindowStats): string {
  const parts = Object.entries(stats.memory)
    .filter((entry): entry is [string, MemorySample] => entry[1] !== undefined)
    .map(
      ([name, mb]) =>
        `${name} heap ${mb.heapUsed.toFixed(1)}/${mb.heapTotal.toFixed(0)} ext ${mb.external.toFixed(1)} ` +
        `buffers ${mb.arrayBuffers.toFixed(1)} MB`,
    );
  return parts.length > 0 ? `, after GC ${parts.join('; ')}` : '';
}

function line(minute: number, stats: WindowStats): string {
  const rss = Object.entries(stats.rssMb)
    .map(([name, mb]) => `${name} ${mb.toFixed(0)} MB`)
    .join(', ');
  const disconnects = Object.values(stats.disconnects).reduce((sum, n) => sum + n, 0);
  return (
    `min ${String(minute).padStart(3)}: ${stats.answers} answers, ${stats.serverErrors} 5xx ` +
    `(${stats.documented503} documented 503), ${stats.non503Errors} non-503 errors, ` +
    `p99 ${stats.p99Ms.toFixed(1)} ms, ${stats.missingRateLimit} without required rate-limit headers${describeMissing(stats.missingRateLimitBy)}, ` +
    `${stats.invalidBodies.length} of ${stats.validatedBodies} checked bodies off the OpenAPI document, ` +
    `stream ${stats.streamMessages.ws} ws + ${stats.streamMessages.sse} sse messages, ` +
    `${disconnects} disconnects, ${stats.inventedChanges.length} invented changes, RSS ${rss}` +
    `${describeMemory(stats)}, history ${stats.historyRows ?? 'n/a'} rows`
  );
}

function describeFault(report: FaultReport): string {
  // An instance never seen degraded is shown with what its /readyz said instead.
  const times = (record: Readonly<Record<string, number | null>>) =>
    Object.entries(record)
      .map(([name, ms]) => {
        if (ms !== null) return `${name} ${(ms / 1000).toFixed(1)} s`;
        const seen = report.readinessSeen?.[name];
        return `${name} never${seen ? ` (${seen})` : ''}`;
      })
      .join(', ');
  const takeover =
    report.fault === 'leader-kill'
      ? `; ${report.newLeader ?? '?'} took over in ${report.takeoverMs ?? 0} ms`
      : '';
  return (
    `fault ${report.fault}: during it ${report.during.answers} answers, ${report.during.serverErrors} 5xx ` +
    `(${report.during.documented503} documented 503, ${report.during.undocumented503} undocumented), ` +
    `p99 ${report.during.p99Ms.toFixed(1)} ms, ${report.during.missingRateLimit} without required rate-limit headers` +
    `${describeMissing(report.during.missingRateLimitBy)}; degraded after: ${times(report.degradedAfterMs) || 'n/a'}; ` +
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
/** The per-minute windows only (a fault's own window is not a minute), for memory slopes. */
const minuteWindows: { minute: number; stats: WindowStats }[] = [];
/** Minutes a process takes to fill its caches after it starts: not counted in the growth. */
const WARM_UP_MINUTES = 10;
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
    // Mid-interval: minute 5 of every 10 by default, so a fault starts after steady minutes.
    const faultDue = values.faults && minute % FAULT_EVERY_MINUTES === Math.floor(FAULT_EVERY_MINUTES / 2);
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
    minuteWindows.push({ minute, stats });
    print(line(minute, stats));
    // After warm-up and at the end: two snapshots to compare by constructor when memory grows.
    const snapshotDir = values['heap-snapshots'];
    if (snapshotDir !== undefined && (minute === 3 || minute === minutes))
      print(
        `heap snapshots: ${(await scenario.heapSnapshots(snapshotDir, `min${minute}`)).join(', ') || 'none written'}`,
      );
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
const missingRequired = sum((stats) => stats.missingRateLimit);
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
    `${missingRequired} answers without the rate-limit headers the spec requires; all without them:` +
    (describeMissing(
      windows.reduce<Record<string, number>>((all, stats) => {
        for (const [where, n] of Object.entries(stats.missingRateLimitBy)) all[where] = (all[where] ?? 0) + n;
        return all;
      }, {}),
    ) || ' none'),
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
print(
  `  memory growth after warm-up (least squares over each instance's longest stretch as one process, less its first ${WARM_UP_MINUTES} minutes): ${memorySlopes()}`,
);
for (const report of faults) print(`  ${describeFault(report)}`);
for (const failure of failures) print(`  failed: ${failure}`);
/**
 * Per instance, MB/hour of RSS and of heap, external and array buffers after GC, over the longest
 * stretch one process served (a restart starts memory over), less its first WARM_UP_MINUTES: the
 * response caches fill then, and that growth stops.
 */
function memorySlopes(): string {
  const names = Object.keys(minuteWindows.at(-1)?.stats.rssMb ?? {});
  return names
    .map((name) => {
      const samples = longestProcessStretch(name).slice(WARM_UP_MINUTES);
      if (samples.length < 5) return `${name} n/a (no process served ${WARM_UP_MINUTES + 5} minutes)`;
      const at = samples.map(({ minute }) => minute);
      const slope = (pick: (stats: WindowStats) => number | undefined) => {
        const values = samples.map(({ stats }) => pick(stats));
        const perHour = values.every((v) => v !== undefined) ? slopePerHour(at, values) : undefined;
        return perHour === undefined ? 'n/a' : `${perHour >= 0 ? '+' : ''}${perHour.toFixed(1)}`;
      };
      return (
        `${name} RSS ${slope((stats) => stats.rssMb[name])}, heap ${slope((stats) => stats.memory[name]?.heapUsed)}, ` +
        `external ${slope((stats) => stats.memory[name]?.external)}, buffers ${slope((stats) => stats.memory[name]?.arrayBuffers)} MB/h ` +
        `(minutes ${at[0] ?? '-'}-${at.at(-1) ?? '-'})`
      );
    })
    .join('; ');
}

/** The longest run of consecutive minutes in which `name` was one process with a measured RSS. */
function longestProcessStretch(name: string): { minute: number; stats: WindowStats }[] {
  let best: { minute: number; stats: WindowStats }[] = [];
  let current: { minute: number; stats: WindowStats }[] = [];
  for (const window of minuteWindows) {
    const pid = window.stats.pids[name];
    const measured = (window.stats.rssMb[name] ?? 0) > 0;
    if (!measured || (current.length > 0 && current[0]?.stats.pids[name] !== pid)) current = [];
    if (measured) current.push(window);
    if (current.length > best.length) best = current;
  }
  return best;
}

process.exitCode =
  missingRequired + undocumented + lost + extra + duplicated + invented + invalid.length + failures.length > 0
    ? 1
    : 0;
