import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { operatorEnvironment } from './environment.js';

const run = promisify(execFile);

/** Runs the CLI as an operator would (`npm run --silent cli -- …`), against a data directory. */
export async function cli(dataDir: string, ...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return cliWith({ DATA_DIR: dataDir }, ...args);
}

/** `cli` with more of the operator's environment (a data directory among it). */
export async function cliWith(
  vars: Record<string, string>,
  ...args: string[]
): Promise<{ stdout: string; stderr: string }> {
  return run('node_modules/.bin/tsx', ['src/cli/main.ts', ...args], {
    env: operatorEnvironment({ LOG_LEVEL: 'silent', ...vars }),
  });
}

/** Creates a key through the CLI and returns it (the last line of stdout). */
export async function createKey(dataDir: string, tier: 'free' | 'partner'): Promise<string> {
  const { stdout } = await cli(dataDir, 'keys', 'create', '--tier', tier, '--name', `test ${tier}`);
  const key = stdout.trim().split('\n').at(-1) ?? '';
  if (!/^pk_live_[A-Za-z0-9]{32}$/.test(key)) throw new Error(`keys create printed no key: ${stdout}`);
  return key;
}
