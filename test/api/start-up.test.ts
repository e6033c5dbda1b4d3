import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { operatorEnvironment } from '../support/environment.js';
import { useServer } from '../support/suite.js';

const ctx = useServer();
const scratch = mkdtempSync(join(tmpdir(), 'queuecast-start-up-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** Starts `src/main.ts` as `npm start` would, and waits for it to exit. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', 'src/main.ts'],
      { env: operatorEnvironment({ PORT: '0', ...env }), timeout: 30_000 },
      (_error, _stdout, stderr) => {
        resolve({ code: child.exitCode, stderr });
      },
    );
  });
}

describe('start-up', () => {
  it('stops a second server on the same DATA_DIR at once, with one line saying why', async () => {
    const { code, stderr } = await start({ DATA_DIR: ctx.server.dataDir });
    expect(stderr).toBe(
      `queuecast: DATA_DIR ${ctx.server.dataDir} is in use by another queuecast server on this machine; ` +
        'stop that server first, or give this one a DATA_DIR of its own\n',
    );
    expect(code).toBe(75);
    // The first server is untouched.
    expect((await ctx.server.get('/v1')).status).toBe(200);
  });

  const file = join(scratch, 'a-file');
  const corrupt = join(scratch, 'corrupt');
  writeFileSync(file, 'not a directory');

  // Each case is a process of its own: they run side by side.
  it.concurrent.each([
    ['DATA_DIR under /proc', { DATA_DIR: '/proc/queuecast-data' }, /^DATA_DIR .* cannot be created/],
    ['DATA_DIR=/dev/null', { DATA_DIR: '/dev/null' }, /^DATA_DIR must be a directory/],
    ['DATA_DIR that is a file', { DATA_DIR: file }, /^DATA_DIR must be a directory/],
    [
      'a DATA_DIR holding a corrupt database',
      { DATA_DIR: corrupt },
      /^DATA_DIR holds .*not a usable SQLite database/,
    ],
    ['COVERAGE_START=2026-02-30', { COVERAGE_START: '2026-02-30' }, /^COVERAGE_START must be a real date/],
    ['COVERAGE_START=1900-01-01', { COVERAGE_START: '1900-01-01' }, /^COVERAGE_START must be a real date/],
    ['HOST=999.1.1.1', { HOST: '999.1.1.1' }, /^HOST must be an IP address or a host name/],
    ['WEATHER=owm', { WEATHER: 'owm' }, /^WEATHER must be one of sim, nws/],
    ['NWS_URL=weather.gov', { NWS_URL: 'weather.gov' }, /^NWS_URL must be a URL starting with http or https/],
    [
      'NWS_USER_AGENT with a line break',
      { NWS_USER_AGENT: 'app\nX-Injected: 1' },
      /^NWS_USER_AGENT must be printable ASCII/,
    ],
  ])('stops on %s with exit code 78 and one line naming the variable', async (_case, env, message) => {
    if ((env as { DATA_DIR?: string }).DATA_DIR === corrupt) {
      mkdirSync(corrupt, { recursive: true });
      writeFileSync(join(corrupt, 'queuecast.db'), 'garbage '.repeat(1024));
    }
    const { code, stderr } = await start({ DATA_DIR: join(scratch, 'data'), ...env });
    const lines = stderr.trimEnd().split('\n');
    expect(lines, stderr).toHaveLength(1);
    expect(lines[0]?.replace(/^queuecast: invalid configuration: /, '')).toMatch(message);
    expect(code).toBe(78);
  });
});
