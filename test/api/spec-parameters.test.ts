/**
 * The spec's parameter table (support/spec-parameters.ts) against what the server publishes and
 * does: every HTTP operation of `/v1/openapi.json` declares exactly the table's parameters, with its
 * required flags, integer bounds and defaults, date windows (in the parameter description, the one
 * place the document states them) and patterns; and the server answers each bound as the table says:
 * 200 at the bound, 400 `invalid_request` naming the parameter just outside it, and the same body
 * without a parameter as with its default.
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/time.js';
import { ManualClock } from '../../src/lib/clock.js';
import { DATA_ENDPOINTS } from '../../src/api/routes/index.js';
import { expectError, receive } from '../support/expect-response.js';
import { SPEC_PARAMETERS, isRequired, type SpecParameter } from '../support/spec-parameters.js';
import { useServer } from '../support/suite.js';

/** 16:00 UTC: every park's zone (New York, Los Angeles) is on the same date. */
const TODAY = '2026-11-21';
const ctx = useServer({
  clock: new ManualClock(Date.parse(`${TODAY}T16:00:05Z`)),
  env: { TRUST_PROXY: 'loopback' },
});

interface DocumentParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema: {
    type?: string;
    format?: string;
    minimum?: number;
    maximum?: number;
    default?: unknown;
    pattern?: string;
    description?: string;
  };
}

const operation = (template: string) => {
  const paths = ctx.contract.document.paths as Record<string, { get?: { parameters?: DocumentParameter[] } }>;
  return paths[template]?.get;
};

/** The project's own HTTP operation beside the spec's: the AsyncAPI document (it takes no parameters). */
const OWN_PATHS = ['/v1/asyncapi.json'];

/** Each data endpoint's first example by OpenAPI template: real path parameters to test with. */
const EXAMPLES = new Map(
  DATA_ENDPOINTS.map((endpoint) => [endpoint.url.replace(/:(\w+)/g, '{$1}'), endpoint.examples[0]]),
);

describe('the OpenAPI document declares the spec parameter table', () => {
  it('has every HTTP endpoint of the table, and only the project’s own paths beside them', () => {
    const paths = Object.keys(ctx.contract.document.paths ?? {});
    expect(paths.filter((path) => !OWN_PATHS.includes(path)).sort()).toEqual(
      Object.keys(SPEC_PARAMETERS).sort(),
    );
  });

  it.each(Object.entries(SPEC_PARAMETERS))('%s: names, places and required flags', (template, params) => {
    const declared = operation(template)?.parameters ?? [];
    const byName = <T extends { name: string }>(list: T[]) =>
      [...list].sort((a, b) => a.name.localeCompare(b.name));
    expect(byName(declared).map((p) => ({ name: p.name, in: p.in, required: p.required === true }))).toEqual(
      byName(
        Object.entries(params).map(([name, spec]) => ({ name, in: spec.in, required: isRequired(spec) })),
      ),
    );
  });

  it.each(
    Object.entries(SPEC_PARAMETERS).flatMap(([template, params]) =>
      Object.entries(params).map(([name, spec]) => [template, name, spec] as const),
    ),
  )('%s ?%s: type, bounds, default and window', (template, name, spec) => {
    const declared = operation(template)?.parameters?.find((p) => p.name === name);
    expect(declared, `${template} ${name}`).toBeDefined();
    const schema = declared?.schema ?? {};
    const description = declared?.description ?? schema.description ?? '';
    expectDeclared(spec, schema, description);
  });
});

function expectDeclared(spec: SpecParameter, schema: DocumentParameter['schema'], description: string): void {
  if (spec.type === 'integer') {
    expect(schema).toMatchObject({
      type: 'integer',
      minimum: spec.minimum,
      maximum: spec.maximum,
      default: spec.default,
    });
    return;
  }
  if (spec.type === 'date') {
    expect(schema).toMatchObject({ type: 'string', format: 'date' });
    if ('daysAhead' in spec) {
      expect(description).toContain(`today through ${spec.daysAhead} days ahead`);
      expect(description).toContain('default today');
    } else {
      expect(description).toContain(`at most ${spec.maxDaysAfter} days after`);
      expect(description).toContain(`default ${spec.defaultDaysAfter} days after \`${spec.after}\``);
    }
    return;
  }
  expect(schema.type).toBe('string');
  if (spec.in === 'query' && spec.pattern !== undefined) expect(schema.pattern).toBe(spec.pattern);
}

/** Each query parameter with the endpoint's example path to test it on. */
const QUERY_CASES = Object.entries(SPEC_PARAMETERS).flatMap(([template, params]) => {
  const example = EXAMPLES.get(template);
  if (example === undefined) return []; // the SSE stream: its one query parameter is the key
  return Object.entries(params)
    .filter(([, spec]) => spec.in === 'query')
    .map(([name, spec]) => ({ template, example, name, spec }));
});

let addresses = 0;

/** GET `example` with its required query parameters kept and `query` set; one client address per request. */
async function get(example: string, query: Record<string, string | undefined>) {
  const [path = example, text = ''] = example.split('?');
  const params = new URLSearchParams(text);
  for (const name of [...params.keys()]) {
    const spec = Object.values(SPEC_PARAMETERS).find((p) => name in p)?.[name];
    if (!spec || !isRequired(spec)) params.delete(name);
  }
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) params.delete(name);
    else params.set(name, value);
  }
  addresses += 1;
  const url = params.size > 0 ? `${path}?${params.toString()}` : path;
  const response = await ctx.server.get(url, {
    headers: { 'x-forwarded-for': `203.0.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}` },
  });
  return { url, received: await receive(response) };
}

async function accepted(example: string, query: Record<string, string | undefined>) {
  const { url, received } = await get(example, query);
  expect(received.status, `${url}: ${JSON.stringify(received.body).slice(0, 300)}`).toBe(200);
  return received.body;
}

async function refused(example: string, name: string, query: Record<string, string | undefined>) {
  const { url, received } = await get(example, query);
  expectError(received, ctx.contract, url, { status: 400, code: 'invalid_request' });
  const message = (received.body as { error: { message: string } }).error.message;
  // The message names the parameter it refuses.
  expect(
    message.startsWith(`${name} must be`) || message.includes(`query parameter "${name}"`),
    `${url}: ${message}`,
  ).toBe(true);
  return message;
}

describe('the server answers the spec parameter table', () => {
  it.each(QUERY_CASES.map((c) => [c.template, c.name, c] as const))(
    '%s ?%s: 200 at each bound, 400 naming it just outside, the default when absent',
    async (_template, name, { example, spec }) => {
      if (spec.type === 'integer') {
        await accepted(example, { [name]: String(spec.minimum) });
        await accepted(example, { [name]: String(spec.maximum) });
        await refused(example, name, { [name]: String(spec.minimum - 1) });
        await refused(example, name, { [name]: String(spec.maximum + 1) });
        expect(await accepted(example, { [name]: undefined })).toEqual(
          await accepted(example, { [name]: String(spec.default) }),
        );
      } else if (spec.type === 'date' && 'daysAhead' in spec) {
        await accepted(example, { [name]: TODAY });
        await accepted(example, { [name]: addDays(TODAY, spec.daysAhead) });
        await refused(example, name, { [name]: addDays(TODAY, -1) });
        await refused(example, name, { [name]: addDays(TODAY, spec.daysAhead + 1) });
        expect(await accepted(example, { [name]: undefined })).toEqual(
          await accepted(example, { [name]: TODAY }),
        );
      } else if (spec.type === 'date') {
        // `from` is absent, so today.
        await accepted(example, { [name]: TODAY });
        await accepted(example, { [name]: addDays(TODAY, spec.maxDaysAfter) });
        await refused(example, name, { [name]: addDays(TODAY, -1) });
        await refused(example, name, { [name]: addDays(TODAY, spec.maxDaysAfter + 1) });
        expect(await accepted(example, { [name]: undefined })).toEqual(
          await accepted(example, { [name]: addDays(TODAY, spec.defaultDaysAfter) }),
        );
      } else if (isRequired(spec)) {
        await accepted(example, {});
        const message = await refused(example, name, { [name]: undefined });
        expect(message).toMatch(/required/);
      }
    },
  );

  it('refuses a request without `stop` to /v1/resorts/{resort}/buses, saying where stop IDs come from', async () => {
    const message = await refused('/v1/resorts/walt-disney-world/buses', 'stop', {});
    expect(message).toContain('/v1/resorts/{resort}/buses/stops');
  });
});
