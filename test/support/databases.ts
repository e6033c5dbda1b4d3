/**
 * vitest global setup: a throwaway PostgreSQL and Redis on free loopback ports, for the PostgreSQL
 * store, the Redis shared state and the multi-instance tests. TEST_DATABASE_URL / TEST_REDIS_URL
 * name servers to use instead. Debian's PostgreSQL binaries are expected under
 * /usr/lib/postgresql/<version>/bin; `redis-server` (and `postgresql`, when missing) is installed
 * with apt-get as Chromium is (provision.ts). Where a server truly cannot be started the tests that
 * need it skip with a visible notice, except in CI (CI=true), where that fails the run.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the throwaway PostgreSQL (its `postgres` database), or '' when missing. */
    postgresUrl: string;
    /** The throwaway Redis, or '' when missing. */
    redisUrl: string;
    /** Why a server is missing, when one is. */
    databasesMissing: string;
  }
}

export const REDIS_SERVER = '/usr/bin/redis-server';

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** A port nothing listens on now (the server started next takes it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

/** Installs Debian packages (as root, or through passwordless sudo); undefined or why it failed. */
export function aptInstall(packages: readonly string[]): string | undefined {
  if (process.platform !== 'linux') return `this is ${process.platform}, not Debian`;
  const root = process.getuid?.() === 0;
  const command = root ? 'apt-get' : 'sudo';
  const prefix = root ? [] : ['-n', 'apt-get'];
  const aptGet = (args: string[]) =>
    execFileSync(command, [...prefix, ...args], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      timeout: 10 * 60_000,
    });
  try {
    aptGet(['--version']);
  } catch {
    return root ? 'apt-get is not available' : 'not root, and sudo needs a password';
  }
  process.stderr.write(`\nqueuecast tests: installing ${packages.join(', ')} (apt-get)…\n`);
  try {
    aptGet(['update', '-qq']);
    // policy-rc.d is not consulted everywhere: the package's own service is never used (and in a
    // container without an init system it does not start).
    aptGet(['install', '-y', '-qq', '--no-install-recommends', ...packages]);
  } catch (error) {
    return `apt-get install ${packages.join(' ')} failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
  }
  return undefined;
}

/** The `postgres` system user's uid (`-u`) or gid (`-g`). */
export function numericId(flag: '-u' | '-g'): number {
  return Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
}

/** The newest Debian PostgreSQL bin directory, if any. */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  try {
    const versions = readdirSync(root)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    const found = versions.map((v) => join(root, v, 'bin')).find((bin) => executable(join(bin, 'initdb')));
    return found;
  } catch {
    return undefined;
  }
}

/** Resolves once `probe` succeeds, or rejects after `ms` with the last failure. */
async function waitFor(what: string, probe: () => boolean, ms: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    if (probe()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not accept connections within ${ms / 1000} s`);
}

export interface RunningServer {
  readonly url: string;
  stop(): Promise<void>;
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}

/**
 * A throwaway PostgreSQL cluster in a temporary directory, trust-authenticated on 127.0.0.1 only.
 * PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` user.
 */
/**
 * A fresh cluster (trust authentication) in a new temporary directory. PostgreSQL refuses to run
 * as root, so as root the cluster belongs to the `postgres` user and `owner` is that user's IDs:
 * spawn the server straight as the owner (not through runuser), so the child is postgres itself
 * and signals reach it.
 */
export function initPostgresCluster(
  bin: string,
  prefix: string,
): { readonly dir: string; readonly owner: { uid?: number; gid?: number } } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const root = process.getuid?.() === 0;
  const owner = root ? { uid: numericId('-u'), gid: numericId('-g') } : {};
  if (root) {
    execFileSync('chown', ['postgres:postgres', dir]);
    chmodSync(dir, 0o700);
  }
  execFileSync(join(bin, 'initdb'), ['-D', dir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'], {
    ...owner,
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 120_000,
  });
  return { dir, owner };
}

/** `postgres` arguments for a throwaway cluster on loopback: durability is not wanted, speed is. */
export function throwawayPostgresArgs(dir: string, port: number, maxConnections: number): string[] {
  return [
    ...['-D', dir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1'],
    ...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    ...['-c', `max_connections=${maxConnections}`],
  ];
}

export async function startPostgres(): Promise<RunningServer> {
  let bin = postgresBin();
  if (bin === undefined) {
    const failed = aptInstall(['postgresql']);
    bin = postgresBin();
    if (bin === undefined) throw new Error(failed ?? 'apt-get installed no PostgreSQL binaries');
  }
  const { dir, owner } = initPostgresCluster(bin, 'queuecast-pg-');
  const port = await freePort();
  const args = throwawayPostgresArgs(dir, port, 300);
  const child = spawn(join(bin, 'postgres'), args, {
    ...owner,
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => {
    log += chunk.toString('utf8');
  });
  const isReady = join(bin, 'pg_isready');
  try {
    await waitFor(
      'postgres',
      () => {
        try {
          execFileSync(isReady, ['-h', '127.0.0.1', '-p', String(port), '-q'], { stdio: 'ignore' });
          return true;
        } catch {
          return false;
        }
      },
      30_000,
      child,
    );
  } catch (error) {
    await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${error instanceof Error ? error.message : String(error)}: ${log.slice(-500)}`);
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      // SIGINT: PostgreSQL's fast shutdown (ends sessions, no waiting for clients).
      await stopChild(child, 'SIGINT');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A throwaway Redis with no persistence, on `port` (a free one by default). */
export async function startRedis(port?: number): Promise<RunningServer & { readonly port: number }> {
  if (!executable(REDIS_SERVER)) {
    const failed = aptInstall(['redis-server']);
    if (!executable(REDIS_SERVER)) throw new Error(failed ?? `apt-get installed no ${REDIS_SERVER}`);
  }
  const listen = port ?? (await freePort());
  const child = spawn(
    REDIS_SERVER,
    [
      '--port',
      String(listen),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  let ready = false;
  const collect = (chunk: Buffer) => {
    log += chunk.toString('utf8');
    if (log.includes('Ready to accept connections')) ready = true;
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  try {
    await waitFor('redis-server', () => ready, 15_000, child);
  } catch (error) {
    await stopChild(child);
    throw new Error(`${error instanceof Error ? error.message : String(error)}: ${log.slice(-500)}`);
  }
  return { url: `redis://127.0.0.1:${listen}`, port: listen, stop: () => stopChild(child) };
}

export default async function provideDatabases(project: TestProject): Promise<() => Promise<void>> {
  const running: RunningServer[] = [];
  const missing: string[] = [];
  const start = async (given: string | undefined, name: string, starter: () => Promise<RunningServer>) => {
    if (given) return given;
    try {
      const server = await starter();
      running.push(server);
      return server.url;
    } catch (error) {
      missing.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      return '';
    }
  };
  const [postgresUrl, redisUrl] = await Promise.all([
    start(process.env.TEST_DATABASE_URL, 'PostgreSQL', startPostgres),
    start(process.env.TEST_REDIS_URL, 'Redis', startRedis),
  ]);
  const stopAll = async () => {
    await Promise.all(running.map((server) => server.stop()));
  };
  if (missing.length > 0) {
    const reason = missing.join('; ');
    if (process.env.CI === 'true') {
      await stopAll();
      throw new Error(`PostgreSQL and Redis are needed for the scale-out tests and ${reason}`);
    }
    process.stderr.write(
      `\nqueuecast tests: NOTICE: the PostgreSQL/Redis tests are SKIPPED: ${reason}.\n` +
        "Install Debian's postgresql and redis-server packages to run them.\n\n",
    );
  }
  project.provide('postgresUrl', postgresUrl);
  project.provide('redisUrl', redisUrl);
  project.provide('databasesMissing', missing.join('; '));
  return stopAll;
}
