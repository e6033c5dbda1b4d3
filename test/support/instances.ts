/**
 * Real queuecast instances as separate processes (`tsx src/main.ts`), as an operator runs them:
 * each its own port, all on one DATABASE_URL and REDIS_URL. Their JSON log lines are kept, so a test
 * can wait for "queuecast serving" or see which instance leads ingest; `kill` ends one abruptly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { operatorEnvironment } from './environment.js';
import { freePort } from './databases.js';

const run = promisify(execFile);

export interface Instance {
  readonly name: string;
  readonly url: string;
  readonly logs: Record<string, unknown>[];
  /** Resolves with the first log line matching, waiting up to `ms`. */
  waitForLog(match: (line: Record<string, unknown>) => boolean, ms: number): Promise<Record<string, unknown>>;
  readonly process: ChildProcess;
  /** SIGKILL: no shutdown, as a crash or a pulled plug. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts `tsx src/main.ts` with `env` on a free loopback port. `timeOffsetMs` shifts the instance's
 * clock (see shifted-time.ts).
 */
export async function startInstance(
  name: string,
  env: Record<string, string>,
  timeOffsetMs = 0,
): Promise<Instance> {
  const port = await freePort();
  const shift = timeOffsetMs === 0 ? [] : ['--import', './test/support/shifted-time.ts'];
  // `node --import tsx`, not the tsx binary: that one runs the server in a child process of its
  // own, which a SIGKILL of the parent would leave running (holding the leader lock).
  const child = spawn(process.execPath, ['--import', 'tsx', ...shift, 'src/main.ts'], {
    env: operatorEnvironment({
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      QUEUECAST_TEST_TIME_OFFSET_MS: String(timeOffsetMs),
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  let buffered = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        logs.push({ msg: line });
      }
    }
    for (const wake of waiters) wake();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  const instance: Instance = {
    name,
    url: `http://127.0.0.1:${port}`,
    logs,
    process: child,
    waitForLog: (match, ms) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = logs.find(match);
          if (found) {
            cleanup();
            resolve(found);
          } else if (child.exitCode !== null || child.signalCode !== null) {
            cleanup();
            reject(
              new Error(
                `instance ${name} exited (${child.exitCode ?? child.signalCode}): ${stderr.slice(-1000)}`,
              ),
            );
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(`instance ${name}: no such log line within ${ms} ms; stderr: ${stderr.slice(-1000)}`),
          );
        }, ms);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
          child.off('exit', check);
        };
        waiters.add(check);
        child.on('exit', check);
        check();
      }),
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(force);
    },
  };
  return instance;
}

/** Runs the CLI against the shared store, as an operator would. */
export async function cliOn(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ stdout: string; stderr: string }> {
  return run('node_modules/.bin/tsx', ['src/cli/main.ts', ...args], {
    env: operatorEnvironment({ LOG_LEVEL: 'silent', ...env }),
  });
}
