/**
 * Instructions per `/waits` answer: queuecast and the bare baseline in one process (one heap, one
 * JIT) under valgrind's callgrind, counting only while a fixed number of requests is answered. The
 * HTTP rows' ratios swing ±15% between runs on these machines; counts of executed instructions
 * barely move, so a change of 1% per request shows. They are user-space instructions only: the
 * kernel's socket work (most of a response's time) and cache misses are not in them.
 *
 *   npx tsx bench/instructions.ts [--keyless]      (about 5 minutes)
 *
 * The dumps stay in `.bench/callgrind/`: `callgrind_annotate FILE` lists the functions (JIT-compiled
 * JavaScript appears as addresses; BENCHMARKS.md says how to name them).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { join } from 'node:path';
import { build } from './built-app.js';
import { startChild, type Child } from './child.js';
import { BENCH_DIR, prepareDataDir } from './data-dir.js';
import { fixedResponseOf } from './fixed-response.js';
import { getRaw } from './http-get.js';
import { log } from './stats.js';
import { reference, renderTable } from './table.js';

const PATH = '/v1/parks/mk/waits';
const WARM_UP = 12_000;
const MEASURED = 4_000;
const ROUNDS = 4;
const DUMPS = join(BENCH_DIR, 'callgrind');

const keyless = process.argv.includes('--keyless');

/** The caller's header for request `i`: a partner key, or a client address behind the proxy. */
function callerHeaders(keys: readonly string[]): (i: number) => Record<string, string> {
  return keyless
    ? (i) => ({ 'x-forwarded-for': `10.200.${(i >> 8) & 255}.${i & 255}` })
    : (i) => ({ authorization: `Bearer ${keys[i % keys.length] ?? ''}` });
}

/** Makes `count` GETs over 20 keep-alive connections and waits for every answer. */
async function load(origin: string, count: number, headers: (i: number) => Record<string, string>) {
  const agent = new Agent({ keepAlive: true, maxSockets: 20 });
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const i = next++;
      const status = await new Promise<number>((resolve, reject) => {
        get(`${origin}${PATH}`, { agent, headers: headers(i) }, (response) => {
          response.resume();
          response.once('end', () => {
            resolve(response.statusCode ?? 0);
          });
        }).once('error', reject);
      });
      if (status !== 200) throw new Error(`${origin}${PATH} answered ${status}`);
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
  agent.destroy();
}

function callgrind(pid: number, ...args: string[]): void {
  execFileSync('callgrind_control', [...args, String(pid)], { stdio: 'ignore' });
}

/** Instructions per request while `count` requests run (a dump of just that window). */
async function measure(child: Child, origin: string, headers: (i: number) => Record<string, string>) {
  const pid = child.process.pid ?? 0;
  callgrind(pid, '--zero');
  callgrind(pid, '--instr=on');
  await load(origin, MEASURED, headers);
  callgrind(pid, '--instr=off');
  callgrind(pid, '--dump');
  const newest = readdirSync(DUMPS)
    .map((name) => join(DUMPS, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  const totals = /^totals: (\d+)$/m.exec(newest ? readFileSync(newest, 'utf8') : '');
  if (!totals?.[1]) throw new Error(`no totals line in the callgrind dump ${String(newest)}`);
  return Number(totals[1]) / MEASURED;
}

try {
  execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
} catch {
  throw new Error('valgrind is missing: apt-get install valgrind, then retry');
}
build();
const data = await prepareDataDir();
rmSync(DUMPS, { recursive: true, force: true });
mkdirSync(DUMPS, { recursive: true });
log('starting queuecast under callgrind (a minute or two)');
const child = startChild('./queuecast-server.ts', [data.dataDir, 'system', 'no-poll'], {
  stdout: 'ignore',
  wrapper: [
    'valgrind',
    '--tool=callgrind',
    '--instr-atstart=no',
    '--smc-check=all-non-file',
    `--callgrind-out-file=${join(DUMPS, 'callgrind.out')}`,
  ],
});
try {
  const { url } = await child.next<{ url: string }>('listening');
  const headers = callerHeaders(data.keys);
  await child.ask({ command: 'refresh' });
  const answer = await getRaw(`${url}${PATH}`, headers(0));
  const { url: bare } = await child.ask<{ url: string }>({ command: 'bare', ...fixedResponseOf(answer) });
  // JIT tiers settle over the first few thousand requests of each server.
  for (const origin of [url, bare, url, bare]) await load(origin, WARM_UP / 2, headers);
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    theirs.push(await measure(child, bare, headers));
    ours.push(await measure(child, url, headers));
    log(
      `round ${round + 1}: queuecast ${Math.round(ours.at(-1) ?? 0)}, bare ${Math.round(theirs.at(-1) ?? 0)}`,
    );
  }
  const name = `/waits, ${keyless ? 'keyless' : 'partner key'}: instructions per request (user space)`;
  // The fewest of the rounds: a round in which V8 still optimises a function (on a helper thread,
  // which callgrind counts too) reads thousands of instructions more per request.
  const fewest = (counts: number[]) => Math.min(...counts);
  process.stdout.write(`${renderTable([reference(name, 'instructions', fewest(ours), fewest(theirs))])}\n`);
} finally {
  await child.stop();
}
