import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Parser } from '@asyncapi/parser';
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

  it("passes Spectral's OpenAPI ruleset with no errors and no warnings", async () => {
    const file = join(dir, 'openapi-spectral.json');
    writeFileSync(file, await (await server.get('/v1/openapi.json')).text());
    const output = await run(
      'node_modules/.bin/spectral',
      ['lint', file, '--ruleset', '.spectral.yaml', '--format', 'json', '--quiet'],
      { env: { ...process.env, SCARF_ANALYTICS: 'false' } },
    ).catch((error: unknown) => error as { stdout: string });
    const results = JSON.parse(output.stdout || '[]') as { code: string; message: string; path: string[] }[];
    expect(results.map((r) => `${r.code} ${r.path.join('.')}: ${r.message}`)).toEqual([]);
  });

  it('describes every operation and names every body and stream message as a component', async () => {
    const document = (await (await server.get('/v1/openapi.json')).json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            description?: string;
            responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
          }
        >
      >;
      components: { schemas: Record<string, unknown> };
    };
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(operation.description?.length ?? 0, `${method} ${path}`).toBeGreaterThan(40);
        const body = operation.responses['200']?.content?.['application/json']?.schema;
        if (body && path !== '/v1/openapi.json' && path !== '/v1/asyncapi.json') {
          expect(body.$ref, `${method} ${path}`).toMatch(/^#\/components\/schemas\//);
        }
      }
    }
    expect(document.components.schemas).not.toHaveProperty('Error');
    for (const name of [
      'ErrorResponse',
      'Attribution',
      'StreamMessage',
      'SnapshotMessage',
      'ChangesMessage',
      'ClientMessage',
    ]) {
      expect(document.components.schemas, name).toHaveProperty(name);
    }
  });

  it('answers every error with the shared ErrorResponse by reference, its meaning in the response, and a challenge on 401', async () => {
    const document = (await (await server.get('/v1/openapi.json')).json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            responses: Record<
              string,
              {
                description: string;
                headers?: Record<string, unknown>;
                content?: Record<string, { schema?: Record<string, unknown> }>;
              }
            >;
          }
        >
      >;
      components: { schemas: Record<string, { description?: string }> };
    };
    const shared = document.components.schemas.ErrorResponse?.description ?? '';
    expect(shared).toMatch(/^The envelope of every error answer/);
    let errors = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) < 400) continue;
          errors += 1;
          const where = `${method} ${path} ${status}`;
          expect(response.content?.['application/json']?.schema, where).toEqual({
            $ref: '#/components/schemas/ErrorResponse',
          });
          expect(response.description, where).not.toBe(shared);
          if (status === '401')
            expect(Object.keys(response.headers ?? {}), where).toContain('WWW-Authenticate');
        }
      }
    }
    expect(errors).toBeGreaterThan(100);
  });
});

describe('the streams in the served OpenAPI document', () => {
  it('declares the SSE stream as text/event-stream of StreamMessage events, pointing at the AsyncAPI document', async () => {
    const document = (await (await server.get('/v1/openapi.json')).json()) as {
      paths: Record<
        string,
        { get: { responses: Record<string, { description: string; content: Record<string, unknown> }> } }
      >;
    };
    const ok = document.paths['/v1/parks/{park}/waits/stream']?.get.responses['200'];
    expect(ok?.content).toEqual({
      'text/event-stream': { schema: { $ref: '#/components/schemas/StreamMessage' } },
    });
    expect(ok?.description).toContain('/v1/asyncapi.json');
    expect(ok?.description).toContain("parseAs: 'stream'");
  });
});

describe('the served AsyncAPI document', () => {
  it('is valid AsyncAPI 3.0, with no errors and no warnings, and names every stream message', async () => {
    const text = await (await server.get('/v1/asyncapi.json')).text();
    const { diagnostics } = await new Parser().parse(text);
    // Errors (0) and warnings (1); information and hints (such as "3.1.0 exists") are not faults.
    const serious = (severity: number) => severity <= 1;
    expect(diagnostics.filter((d) => serious(d.severity)).map((d) => `${d.code}: ${d.message}`)).toEqual([]);
    const document = JSON.parse(text) as {
      asyncapi: string;
      channels: { stream: { messages: Record<string, { name: string }> } };
      components: { securitySchemes: Record<string, unknown> };
      servers: { queuecast: { security: unknown[] } };
    };
    expect(document.asyncapi).toBe('3.0.0');
    const names = Object.values(document.channels.stream.messages).map((message) => message.name);
    expect(new Set(names).size, names.join(', ')).toBe(names.length);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual([
      'bearerAuth',
      'queryKey',
      'serviceKey',
    ]);
    expect(document.servers.queuecast.security).toHaveLength(3);
    expect(Object.keys(document.channels.stream.messages).sort()).toEqual(
      [
        'changes',
        'clientPing',
        'error',
        'park',
        'serverPing',
        'pong',
        'ready',
        'snapshot',
        'subscribe',
        'subscribed',
        'unsubscribe',
        'unsubscribed',
      ].sort(),
    );
  });
});
