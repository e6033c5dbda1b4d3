/**
 * wrk, the load generator of the HTTP rows (autocannon tops out near 25k requests/s itself, about
 * what the servers do here). Installed from Debian's packages when missing. Each run is driven by a
 * generated Lua script that can rotate one header over many values (partner keys, client
 * addresses) from precomputed request strings, and reports through `done()` as one JSON line.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { BENCH_DIR } from './data-dir.js';
import { log } from './stats.js';

export interface WrkOptions {
  /** Server origin, `http://127.0.0.1:PORT`. */
  readonly origin: string;
  readonly path: string;
  /** Sent on every request. */
  readonly headers?: Readonly<Record<string, string>>;
  /** One header whose value rotates over `values`, request by request. */
  readonly rotate?: { readonly header: string; readonly values: readonly string[] };
  readonly seconds: number;
  readonly connections?: number;
  readonly threads?: number;
}

export interface WrkResult {
  readonly requests: number;
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Responses with a status outside 2xx and 3xx (429s among them). */
  readonly non2xx3xx: number;
  /** Connect, read, write and timeout errors. */
  readonly socketErrors: number;
}

/** Makes sure `wrk` is on the PATH: `apt-get install -y wrk` (after `apt-get update`) when it is not. */
export function ensureWrk(): void {
  if (hasWrk()) return;
  log('wrk is missing: installing it from the Debian packages (apt-get install -y wrk)');
  const root = process.getuid?.() === 0;
  const run = (args: string[]) => {
    const [command, ...rest] = root ? args : ['sudo', '-n', ...args];
    execFileSync(command ?? 'apt-get', rest, { stdio: ['ignore', 2, 2] });
  };
  run(['apt-get', 'update', '-qq']);
  run(['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '-qq', 'wrk']);
  if (!hasWrk()) throw new Error('wrk could not be installed; install it (apt-get install wrk) and retry');
}

function hasWrk(): boolean {
  try {
    execFileSync('bash', ['-c', 'command -v wrk'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const lua = (value: string) => JSON.stringify(value); // a JSON string is a valid Lua string literal here

let scripts = 0;

function script(options: WrkOptions): string {
  const fixed = Object.entries(options.headers ?? {})
    .map(([name, value]) => `  [${lua(name)}] = ${lua(value)},`)
    .join('\n');
  const lines = [
    `local path = ${lua(options.path)}`,
    `local fixed = {\n${fixed}\n}`,
    // Reported through done(): wrk's own summary, as one JSON line on stdout.
    'function done(summary, latency, requests)',
    '  local e = summary.errors',
    '  io.write(string.format(\'{"requests":%d,"duration_us":%d,"status":%d,"socket":%d,"p50_us":%d,"p99_us":%d,"max_us":%d}\\n\',',
    '    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,',
    '    latency:percentile(50), latency:percentile(99), latency.max))',
    'end',
  ];
  if (!options.rotate) {
    lines.push('wrk.path = path', 'for name, value in pairs(fixed) do wrk.headers[name] = value end');
  } else {
    const values = options.rotate.values.map(lua).join(',\n');
    lines.push(
      `local header = ${lua(options.rotate.header)}`,
      `local values = {\n${values}\n}`,
      'local threads = 0',
      'function setup(thread) thread:set("index", threads); threads = threads + 1 end',
      'local prepared = {}',
      'local n, i = 0, 0',
      // Every request string is built once per thread; request() only picks the next one.
      'function init(args)',
      '  for k, value in ipairs(values) do',
      '    local headers = {}',
      '    for name, v in pairs(fixed) do headers[name] = v end',
      '    headers[header] = value',
      '    prepared[k] = wrk.format("GET", path, headers)',
      '  end',
      '  n = #prepared',
      '  i = math.floor((index or 0) * n / 2)',
      'end',
      'function request()',
      '  i = i % n + 1',
      '  return prepared[i]',
      'end',
    );
  }
  const dir = `${BENCH_DIR}wrk/`;
  mkdirSync(dir, { recursive: true });
  const file = `${dir}run-${process.pid}-${++scripts}.lua`;
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

export async function runWrk(options: WrkOptions): Promise<WrkResult> {
  const file = script(options);
  const args = [
    `-t${options.threads ?? 2}`,
    `-c${options.connections ?? 100}`,
    `-d${options.seconds}s`,
    '--timeout',
    '10s',
    '-s',
    file,
    `${options.origin}${options.path}`,
  ];
  const output = new Promise<string>((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`wrk exited ${String(code)}: ${stderr.trim() || stdout.trim()}`));
    });
  });
  try {
    return parseWrk(await output);
  } finally {
    // A script holds a request per key or address (up to a few MB): one run's, then gone.
    rmSync(file, { force: true });
  }
}

/** Reads the JSON line the script's done() writes after wrk's own text summary. */
export function parseWrk(output: string): WrkResult {
  const line = output.split('\n').find((text) => text.startsWith('{"requests"'));
  if (!line) throw new Error(`no result line in wrk output:\n${output}`);
  const raw = JSON.parse(line) as Record<string, number>;
  const get = (name: string) => raw[name] ?? NaN;
  return {
    requests: get('requests'),
    requestsPerSecond: get('requests') / (get('duration_us') / 1e6),
    p50Ms: get('p50_us') / 1000,
    p99Ms: get('p99_us') / 1000,
    maxMs: get('max_us') / 1000,
    non2xx3xx: get('status'),
    socketErrors: get('socket'),
  };
}
