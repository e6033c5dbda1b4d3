import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { operatorEnvironment } from '../support/environment.js';
import { useServer } from '../support/suite.js';

const ctx = useServer();

/** Starts `src/main.ts` as `npm start` would, and waits for it to exit. */
function startAnother(dataDir: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', 'src/main.ts'],
      {
        env: operatorEnvironment({ DATA_DIR: dataDir, PORT: '0' }),
        timeout: 30_000,
      },
      (_error, _stdout, stderr) => {
        resolve({ code: child.exitCode, stderr });
      },
    );
  });
}

describe('start-up', () => {
  it('stops a second server on the same DATA_DIR at once, with one line saying why', async () => {
    const { code, stderr } = await startAnother(ctx.server.dataDir);
    expect(stderr).toBe(
      `queuecast: DATA_DIR ${ctx.server.dataDir} is in use by another queuecast server on this machine; ` +
        'stop that server first, or give this one a DATA_DIR of its own\n',
    );
    expect(code).toBe(75);
    // The first server is untouched.
    expect((await ctx.server.get('/v1')).status).toBe(200);
  });
});
