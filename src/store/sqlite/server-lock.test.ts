import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './server-lock.js';

describe('one server per DATA_DIR', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'queuecast-lock-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second holder at once, naming the directory, until the first releases', () => {
    const first = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(`DATA_DIR ${dir} is in use by another queuecast server`);
    first.release();
    first.release();
    const second = lockDataDir(dir);
    second.release();
  });

  it('is free again when its holder is killed, with no stale lock left', async () => {
    // Node itself, not the tsx command, which would run the script in a grandchild the kill misses.
    // The holder keeps its lock reachable: a collected connection closes and lets the lock go.
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '--eval',
        `import { lockDataDir } from './src/store/sqlite/server-lock.ts';
         globalThis.held = lockDataDir(${JSON.stringify(dir)});
         console.log('held'); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      holder.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('held')) resolve();
      });
      holder.once('exit', (code) => {
        reject(new Error(`the holder exited (${String(code)}) before taking the lock`));
      });
    });
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    try {
      expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    } finally {
      // Killed on a failure too: a live holder would keep the test run from exiting.
      holder.kill('SIGKILL');
      await exited;
    }
    lockDataDir(dir).release();
  });
});
