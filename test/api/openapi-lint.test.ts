import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.js';

const run = promisify(execFile);
let server: TestServer;
let dir: string;

beforeAll(async () => {
  server = await startServer();
  dir = mkdtempSync(join(tmpdir(), 'queuecast-openapi-'));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

interface LintProblem {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer: string }[];
}

describe('the served OpenAPI document', () => {
  it('passes redocly lint (recommended rules) with no errors and no warnings', async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, await (await server.get('/v1/openapi.json')).text());
    const output = await run(
      'node_modules/.bin/redocly',
      ['lint', file, '--format=json', '--config', 'redocly.yaml'],
      {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    ).catch((error: unknown) => error as { stdout: string });
    const report = JSON.parse(output.stdout) as { problems: LintProblem[] };
    const problems = report.problems.map(
      (p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`,
    );
    expect(problems).toEqual([]);
  });
});
