/**
 * The soak's own PostgreSQL and Redis: private servers on ports and data directories of their own,
 * which a fault stops and starts again on the same port (and, for PostgreSQL, the same data), so
 * the instances reconnect to them as they would to a restarted server. Stopping them never touches
 * the servers the test suite shares.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  freePort,
  initPostgresCluster,
  postgresBin,
  startRedis,
  throwawayPostgresArgs,
} from '../../test/support/databases.js';

export interface RestartableServer {
  readonly url: string;
  readonly running: boolean;
  /** Stops the server as an operator's `systemctl stop` would (clients see their connections end). */
  stop(): Promise<void>;
  /** Starts it again on the same port (and data). */
  start(): Promise<void>;
  /** Stops it for good and removes its data. */
  dispose(): Promise<void>;
}

function exitOf(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
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

/** A private PostgreSQL cluster (trust authentication, loopback only) with a `queuecast` database. */
export async function privatePostgres(): Promise<RestartableServer> {
  const bin = postgresBin();
  if (bin === undefined) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
  const { dir, owner } = initPostgresCluster(bin, 'queuecast-soak-pg-');
  const port = await freePort();
  let child: ChildProcess | undefined;

  const ready = () => {
    try {
      execFileSync(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-q'], {
        stdio: 'ignore',
      });
      return true;
    } catch {
      return false;
    }
  };
  const start = async () => {
    const started = spawn(join(bin, 'postgres'), throwawayPostgresArgs(dir, port, 200), {
      ...owner,
      cwd: dir,
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    child = started;
    const deadline = Date.now() + 30_000;
    while (!ready()) {
      if (started.exitCode !== null) throw new Error(`postgres exited with code ${started.exitCode}`);
      if (Date.now() > deadline) throw new Error('postgres did not accept connections within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const stop = async () => {
    // SIGINT: fast shutdown, every session ends at once.
    if (child) await exitOf(child, 'SIGINT');
    child = undefined;
  };
  await start();
  execFileSync(
    join(bin, 'psql'),
    ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-qc', 'create database queuecast'],
    {
      stdio: 'ignore',
    },
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/queuecast`,
    get running() {
      return child !== undefined;
    },
    stop,
    start,
    dispose: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A private Redis (no persistence: a restart comes back empty, as after a crash). */
export async function privateRedis(): Promise<RestartableServer> {
  let server: Awaited<ReturnType<typeof startRedis>> | undefined = await startRedis();
  const port = server.port;
  return {
    url: server.url,
    get running() {
      return server !== undefined;
    },
    stop: async () => {
      await server?.stop();
      server = undefined;
    },
    start: async () => {
      server = await startRedis(port);
    },
    dispose: async () => {
      await server?.stop();
      server = undefined;
    },
  };
}
