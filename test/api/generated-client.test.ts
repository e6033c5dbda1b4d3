/**
 * A client generated from the served `/v1/openapi.json`, as a client developer would make one:
 * openapi-typescript turns the document into types, a small program uses them with openapi-fetch and
 * must type-check (so a declaration the generator chokes on, or one that types a call wrongly, fails
 * here), and then openapi-fetch calls every HTTP operation of the document against the real server,
 * each answer a 2xx whose body the document accepts (the SSE stream read as a stream, its events one
 * by one).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import type { OpenAPIV3_1 } from 'openapi-types';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/api/routes/index.js';
import { ManualClock } from '../../src/lib/clock.js';
import { openapiFetchExample } from '../../src/site/docs/streaming-guide.js';
import { useServer } from '../support/suite.js';

const ctx = useServer({
  clock: new ManualClock(Date.parse('2026-11-21T16:00:05Z')),
  env: { TRUST_PROXY: 'loopback' },
});

let dir: string;
let types: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'queuecast-client-'));
  // The document as served, not the one the tests hold, so nothing is lost or added on the way.
  const served = (await (await ctx.server.get('/v1/openapi.json')).json()) as OpenAPIV3_1.Document;
  types = astToString(await openapiTS(served as never, { silent: true }));
  writeFileSync(join(dir, 'schema.ts'), types);
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** What a client developer writes against the generated types; every line must type-check. */
const USAGE = `
import createClient from 'openapi-fetch';
import type { components, paths } from './schema.js';

type ErrorCode = components['schemas']['ErrorResponse']['error']['code'];

export async function use(baseUrl: string): Promise<void> {
  const client = createClient<paths>({ baseUrl, headers: { Authorization: 'Bearer pk_live_0123456789abcdefghijklmnopqrstuv' } });

  const hours = await client.GET('/v1/parks/{park}/hours', {
    params: { path: { park: 'magic-kingdom' }, query: { date: '2026-11-21', days: 7 } },
  });
  if (hours.data) {
    const dates: string[] = hours.data.days.map((day) => day.date);
    const text: string = hours.data.attribution.text;
    void dates, text;
  } else {
    const code: ErrorCode = hours.error.error.code;
    const message: string = hours.error.error.message;
    void code, message;
  }

  // The bus stop is required: a call without it does not compile.
  // @ts-expect-error stop is required
  await client.GET('/v1/resorts/{resort}/buses', { params: { path: { resort: 'walt-disney-world' } } });
  await client.GET('/v1/resorts/{resort}/buses', {
    params: { path: { resort: 'walt-disney-world' }, query: { stop: 'pop-century' } },
  });

  // The event stream is read as a stream; its events are StreamMessage.
  const stream = await client.GET('/v1/parks/{park}/waits/stream', {
    params: { path: { park: 'magic-kingdom' }, query: { key: 'pk_live_0123456789abcdefghijklmnopqrstuv' } },
    parseAs: 'stream',
  });
  const body: ReadableStream<Uint8Array> | null | undefined = stream.data;
  const first: components['schemas']['StreamMessage']['type'] = 'subscribed';
  void body, first;

  // The WebSocket is described at the top level, not offered as an HTTP call.
  // @ts-expect-error /v1/stream is not an HTTP operation
  await client.GET('/v1/stream');
}
`;

describe('a client generated with openapi-typescript and openapi-fetch', () => {
  it('has a type for every operation, and the usage of a client developer (and the streaming guide’s example) type-checks', () => {
    for (const operationId of operationIds(ctx.contract.document)) {
      expect(types, operationId).toContain(`    ${operationId}: {`);
    }
    writeFileSync(join(dir, 'usage.ts'), USAGE);
    const guide = openapiFetchExample('https://api.queuecast.test');
    expect(guide).toContain("from './queuecast';");
    writeFileSync(join(dir, 'guide.ts'), guide.replace("from './queuecast';", "from './schema.js';"));
    const require = createRequire(import.meta.url);
    const fetchTypes = join(dirname(require.resolve('openapi-fetch')), 'index.d.mts');
    const program = ts.createProgram([join(dir, 'usage.ts'), join(dir, 'guide.ts')], {
      strict: true,
      noEmit: true,
      noUncheckedIndexedAccess: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.asynciterable.d.ts'],
      types: [],
      skipLibCheck: true,
      paths: { 'openapi-fetch': [fetchTypes] },
    });
    const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const where = diagnostic.file?.fileName.replace(`${dir}/`, '') ?? '';
      const line =
        diagnostic.file && diagnostic.start !== undefined
          ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1
          : 0;
      return `${where}:${line} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    });
    expect(problems).toEqual([]);
  });

  it('calls every HTTP operation of the document: a 2xx and a body the document accepts', async () => {
    const { document } = ctx.contract;
    let addresses = 0;
    const client = createClient<Record<string, Record<'get', unknown>>>({ baseUrl: ctx.server.url });
    // Each call from its own client address, so the keyless limit never refuses one.
    client.use({
      onRequest({ request }) {
        addresses += 1;
        request.headers.set('x-forwarded-for', `192.0.2.${addresses}`);
        return request;
      },
    });
    const templates = Object.keys(document.paths ?? {});
    expect(templates.length).toBeGreaterThanOrEqual(27);
    for (const template of templates) {
      const params = requestParameters(document, template);
      const stream = template.endsWith('/waits/stream');
      const abort = new AbortController();
      const call = client.GET as unknown as (
        path: string,
        init: { params: typeof params; parseAs: 'json' | 'stream'; signal: AbortSignal },
      ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
      const { data, error, response } = await call(template, {
        params,
        parseAs: stream ? 'stream' : 'json',
        signal: abort.signal,
      });
      expect(response.status, `${template}: ${JSON.stringify(error ?? null).slice(0, 300)}`).toBeLessThan(
        300,
      );
      if (stream) {
        const messages = await firstEvents(data as ReadableStream<Uint8Array>, 2);
        abort.abort();
        expect(messages.map((message) => (message as { type: string }).type)).toEqual([
          'subscribed',
          'snapshot',
        ]);
        for (const message of messages) {
          expect(ctx.contract.validate(template, 200, message, 'text/event-stream')).toEqual([]);
        }
      } else {
        expect(ctx.contract.validate(template, 200, data), template).toEqual([]);
      }
    }
  });
});

function operationIds(document: OpenAPIV3_1.Document): string[] {
  return Object.values(document.paths ?? {}).flatMap((item) =>
    item?.get?.operationId === undefined ? [] : [item.get.operationId],
  );
}

/** Real values for an operation's parameters: the registry's examples, else the document's own. */
function requestParameters(document: OpenAPIV3_1.Document, template: string) {
  const example = ENDPOINTS.find((endpoint) => endpoint.url.replace(/:(\w+)/g, '{$1}') === template)
    ?.examples[0];
  const [examplePath = '', exampleQuery = ''] = example?.split('?') ?? [];
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
  const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, '([^/]+)')}$`);
  const values = pattern.exec(examplePath)?.slice(1) ?? [];
  const declared = (document.paths?.[template]?.get?.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
  const path = Object.fromEntries(
    names.map((name, index) => {
      const value = values[index] ?? (declared.find((p) => p.name === name)?.example as string | undefined);
      if (value === undefined) throw new Error(`no example value for ${name} in ${template}`);
      return [name, decodeURIComponent(value)];
    }),
  );
  const query = new URLSearchParams(exampleQuery);
  const required = Object.fromEntries(
    declared
      .filter((p) => p.in === 'query' && p.required === true)
      .map((p) => {
        const value = query.get(p.name);
        if (value === null) throw new Error(`no example value for the required ${p.name} in ${template}`);
        return [p.name, value];
      }),
  );
  return { path, query: required };
}

/** The first `count` messages of an event stream (one `data:` line each). */
async function firstEvents(body: ReadableStream<Uint8Array>, count: number): Promise<unknown[]> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  const messages: unknown[] = [];
  let text = '';
  while (messages.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
    let end = text.indexOf('\n\n');
    while (end >= 0 && messages.length < count) {
      const data = text
        .slice(0, end)
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart());
      if (data.length > 0) messages.push(JSON.parse(data.join('\n')));
      text = text.slice(end + 2);
      end = text.indexOf('\n\n');
    }
  }
  await reader.cancel().catch(() => undefined);
  return messages;
}
