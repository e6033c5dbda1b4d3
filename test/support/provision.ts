/**
 * vitest global setup: provisions what the tests need on a fresh machine before any test runs.
 * Today that is Chromium for the browser tests: Debian's `chromium` package (playwright-core cannot
 * download a browser here). When it is missing, it is installed with apt-get (about 30 s, as root);
 * where that truly cannot be done, the browser tests are skipped with a visible notice, except in CI
 * (CI=true), where a missing browser fails the run.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import type { TestProject } from 'vitest/node';

export const CHROMIUM_PATH = '/usr/bin/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Chromium executable, or '' when none could be provisioned (browser tests skip). */
    chromium: string;
    /** Why Chromium is missing, when it is. */
    chromiumMissing: string;
  }
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function installChromium(): string | undefined {
  if (process.platform !== 'linux') return `this is ${process.platform}, not Debian`;
  const root = process.getuid?.() === 0;
  const runner = root ? [] : ['sudo', '-n'];
  try {
    execFileSync(runner[0] ?? 'apt-get', [...runner.slice(1), ...(root ? [] : ['apt-get']), '--version'], {
      stdio: 'ignore',
    });
  } catch {
    return root ? 'apt-get is not available' : 'not root, and sudo needs a password';
  }
  process.stderr.write(
    '\nqueuecast tests: installing Chromium for the browser tests (apt-get, about 30 s)…\n',
  );
  const aptGet = (args: string[]) =>
    execFileSync(runner[0] ?? 'apt-get', [...runner.slice(1), ...(root ? [] : ['apt-get']), ...args], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      timeout: 10 * 60_000,
    });
  try {
    aptGet(['update', '-qq']);
    aptGet(['install', '-y', '-qq', '--no-install-recommends', 'chromium']);
  } catch (error) {
    return `apt-get install chromium failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
  }
  return executable(CHROMIUM_PATH) ? undefined : `apt-get installed no ${CHROMIUM_PATH}`;
}

export default function provision(project: TestProject): void {
  const missing = executable(CHROMIUM_PATH) ? undefined : installChromium();
  if (missing !== undefined) {
    if (process.env.CI === 'true') throw new Error(`Chromium is needed for the browser tests and ${missing}`);
    process.stderr.write(
      `\nqueuecast tests: NOTICE: the browser tests are SKIPPED: Chromium is not installed and ${missing}.\n` +
        "Install Debian's chromium package (apt-get install chromium) to run them.\n\n",
    );
  }
  project.provide('chromium', missing === undefined ? CHROMIUM_PATH : '');
  project.provide('chromiumMissing', missing ?? '');
}
