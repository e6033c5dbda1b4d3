/**
 * `models backtest-plans` as an operator runs it: the arguments it shares with `models backtest`
 * are refused the same way, with its own usage line and exit code 64.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'queuecast-plans-cli-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('models backtest-plans', () => {
  it('refuses a missing directory with its usage line and exit code 64', async () => {
    await expect(
      cli(dir, 'models', 'backtest-plans', '--touringplans', join(dir, 'missing')),
    ).rejects.toMatchObject({
      code: 64,
      stderr: expect.stringContaining('models backtest-plans --touringplans DIR [--json]') as unknown,
    });
  }, 60_000);

  it('refuses an impossible --until and a directory without recorded files', async () => {
    await expect(
      cli(dir, 'models', 'backtest-plans', '--touringplans', dir, '--until', '2019-02-30'),
    ).rejects.toMatchObject({
      code: 64,
      stderr: expect.stringContaining('--until must be a date') as unknown,
    });
    await expect(cli(dir, 'models', 'backtest-plans', '--touringplans', dir)).rejects.toMatchObject({
      code: 64,
      stderr: expect.stringContaining('no <attraction>.csv.gz (or .csv) files') as unknown,
    });
  }, 60_000);
});
