import { describe, expect, it } from 'vitest';
import type { OpenAPIV3_1 } from 'openapi-types';
import { renderDocsHtml, renderDocsMarkdown, type DocsOptions } from './index.js';

const options: DocsOptions = {
  siteUrl: 'https://queuecast.example',
  baseUrl: 'https://api.queuecast.example',
  markdownUrl: 'https://api.queuecast.example/docs.md',
  htmlUrl: 'https://api.queuecast.example/docs',
  openapiUrl: 'https://api.queuecast.example/v1/openapi.json',
  streamUrl: 'wss://api.queuecast.example/v1/stream',
  generatedFor: 'queuecast.example',
};

const envelopeProperties = {
  schema_version: { type: 'integer', const: 1 },
  docs_url: { type: 'string', format: 'uri' },
  attribution: { $ref: '#/components/schemas/Attribution' },
  generated_at: { type: 'string', format: 'date-time' },
} as const;
const envelopeRequired = ['schema_version', 'docs_url', 'attribution', 'generated_at'];
const keyed: OpenAPIV3_1.SecurityRequirementObject[] = [{}, { bearerAuth: [] }, { serviceKey: [] }];

/**
 * Shaped like what @fastify/swagger emits for the queuecast routes. Asserted rather than annotated:
 * openapi-types 12 intersects 3.0 and 3.1 operation types, so a 3.1 `{ type: 'null' }` inside an
 * operation does not type-check even though it is valid OpenAPI 3.1.
 */
function sampleDocument(): OpenAPIV3_1.Document {
  return {
    openapi: '3.1.0',
    info: {
      title: 'queuecast',
      version: '1.0.0',
      description: 'Live theme-park data. Injected: <script>alert("info")</script>',
    },
    tags: [
      { name: 'Parks', description: 'Parks and what happens in them.' },
      { name: 'Rides', description: 'One ride at a time.' },
    ],
    security: keyed,
    components: {
      responses: { RateLimited: { description: 'Too many requests.', headers: { 'Retry-After': {} } } },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'Key as a bearer token.' },
        serviceKey: { type: 'apiKey', in: 'header', name: 'X-Service-Key' },
        queryKey: { type: 'apiKey', in: 'query', name: 'key', description: 'For EventSource and WebSocket.' },
      },
      schemas: {
        Attribution: {
          type: 'object',
          required: ['text', 'url', 'required'],
          properties: {
            text: { type: 'string' },
            url: { type: 'string', format: 'uri' },
            required: { type: 'boolean', const: true },
          },
        },
        PriorityLane: {
          type: 'object',
          required: ['type', 'state', 'return_start', 'return_end', 'price'],
          properties: {
            type: { type: 'string', enum: ['multi_pass', 'single_pass'], description: 'Which product.' },
            state: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'AVAILABLE or FINISHED.' },
            return_start: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
            return_end: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
            price: { type: ['number', 'null'] },
          },
        },
        ErrorResponse: {
          type: 'object',
          required: [...envelopeRequired, 'error'],
          properties: {
            ...envelopeProperties,
            error: {
              type: 'object',
              required: ['code', 'message', 'docs_url'],
              properties: {
                code: {
                  type: 'string',
                  enum: ['invalid_request', 'invalid_key', 'not_found', 'rate_limited', 'too_many_streams'],
                },
                message: { type: 'string', description: 'What went wrong and how to fix it.' },
                docs_url: { type: 'string', format: 'uri' },
              },
            },
          },
        },
      },
    },
    paths: {
      '/v1/parks': {
        get: {
          operationId: 'listParks',
          tags: ['Parks'],
          summary: 'List parks',
          description: 'Every supported park.',
          responses: {
            '200': {
              description: 'The parks.',
              headers: { 'X-RateLimit-Limit': { schema: { type: 'integer' } } },
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: [...envelopeRequired, 'parks'],
                    properties: {
                      ...envelopeProperties,
                      parks: {
                        type: 'array',
                        items: {
                          type: 'object',
                          required: ['key', 'name'],
                          properties: {
                            key: { type: 'string', description: 'Short key used in URLs.' },
                            name: { type: 'string' },
                            resort_key: { anyOf: [{ type: 'string' }, { type: 'null' }] },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
            '429': { $ref: '#/components/responses/RateLimited' },
          },
        },
      },
      '/v1/parks/{park}/priority-lane': {
        parameters: [{ name: 'park', in: 'path', required: true, example: 'mk', schema: { type: 'string' } }],
        get: {
          operationId: 'getPriorityLane',
          tags: ['Parks'],
          summary: 'Priority-lane prices and return windows',
          parameters: [
            {
              name: 'date',
              in: 'query',
              required: false,
              description: 'Park-local date.',
              schema: { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
            },
          ],
          responses: {
            '200': {
              description: 'Prices and windows.',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: [...envelopeRequired, 'rides'],
                    properties: {
                      ...envelopeProperties,
                      rides: {
                        type: 'array',
                        description: 'Soonest return first.',
                        items: {
                          type: 'object',
                          required: ['ride_id', 'name', 'priority_lane'],
                          properties: {
                            ride_id: { type: 'string' },
                            name: { type: 'string', description: 'Ride name | as displayed' },
                            status: { type: 'string', examples: ['OPERATING'] },
                            priority_lane: {
                              anyOf: [{ $ref: '#/components/schemas/PriorityLane' }, { type: 'null' }],
                            },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
            '404': {
              description: 'Unknown park.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
            },
          },
        },
      },
      '/v1/parks/{park}/waits/stream': {
        get: {
          tags: ['Parks'],
          summary: 'Live waits as Server-Sent Events',
          security: [...keyed, { queryKey: [] }],
          parameters: [
            { name: 'park', in: 'path', required: true, schema: { type: 'string' } },
            {
              name: 'key',
              in: 'query',
              required: false,
              schema: { type: 'string', pattern: '^pk_live_[A-Za-z0-9]{32}$' },
            },
          ],
          responses: {
            '200': {
              description: 'An event stream.',
              content: { 'text/event-stream': { schema: { type: 'string' } } },
            },
          },
        },
      },
      '/v1/rides/{ride}/history': {
        get: {
          tags: ['Rides'],
          summary: 'Wait and status history',
          description: 'Oldest first. <script>alert("op")</script>',
          parameters: [
            {
              name: 'ride',
              in: 'path',
              required: true,
              examples: { spaceMountain: { value: 'mk_space_mountain' } },
              schema: { type: 'string' },
            },
            {
              name: 'days',
              in: 'query',
              required: false,
              description: 'Park-local days back, today included.',
              schema: { type: 'integer', minimum: 1, maximum: 7, default: 7 },
            },
          ],
          responses: { '200': { description: 'History rows.' } },
        },
      },
      '/v1': {
        get: {
          tags: ['Index'],
          summary: 'Service index',
          security: [],
          responses: { '200': { description: 'Links and endpoints.' } },
        },
      },
    },
    'x-error-statuses': {
      invalid_request: 400,
      invalid_key: 401,
      not_found: 404,
      rate_limited: 429,
      internal_error: 500,
    },
    'x-error-descriptions': {
      rate_limited: 'Rate limit reached; the message gives the retry delay.',
      internal_error: 'Unexpected failure | try again',
    },
  } as OpenAPIV3_1.Document;
}

const operations = [
  { anchor: 'listParks', label: 'GET /v1/parks' },
  { anchor: 'getPriorityLane', label: 'GET /v1/parks/{park}/priority-lane' },
  { anchor: 'get-v1-parks-park-waits-stream', label: 'GET /v1/parks/{park}/waits/stream' },
  { anchor: 'get-v1-rides-ride-history', label: 'GET /v1/rides/{ride}/history' },
  { anchor: 'get-v1', label: 'GET /v1' },
];

describe('renderDocsHtml', () => {
  const html = renderDocsHtml(sampleDocument(), options);

  it('is one self-contained HTML5 page', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('prefers-color-scheme: dark');
    expect(html).not.toMatch(/<script|<link rel="stylesheet"|\bsrc=/i);
  });

  it('escapes text taken from the document', () => {
    expect(html).toContain('Injected: &lt;script&gt;alert(&quot;info&quot;)&lt;/script&gt;');
    expect(html).toContain('Oldest first. &lt;script&gt;alert(&quot;op&quot;)&lt;/script&gt;');
  });

  it('gives every operation an anchor and a contents entry', () => {
    for (const { anchor, label } of operations) {
      expect(html, anchor).toContain(`<article class="operation" id="${anchor}">`);
      expect(html, anchor).toContain(`<li><a href="#${anchor}"><code>${label}</code>`);
    }
  });

  it('groups operations by first tag, declared tags first', () => {
    const order = ['id="tag-parks"', 'id="tag-rides"', 'id="tag-index"'].map((id) => html.indexOf(id));
    expect(order.every((position) => position > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('shows parameter constraints and examples', () => {
    expect(html).toContain('minimum <code>1</code>; maximum <code>7</code>; default <code>7</code>');
    expect(html).toContain('pattern <code>^pk_live_[A-Za-z0-9]{32}$</code>');
    expect(html).toContain('<code>string (date)</code>');
    expect(html).toContain('example <code>mk</code>');
  });

  it('flattens the 200 body into nested rows with types', () => {
    expect(html).toContain(
      '<td><code><span class="parent">rides[].</span>name</code></td><td><code>string</code></td><td>yes</td>',
    );
    expect(html).toContain(
      '<td><code><span class="parent">rides[].</span>priority_lane</code></td><td><code>object (PriorityLane) or null</code></td>',
    );
    expect(html).toContain(
      '<td><code><span class="parent">rides[].priority_lane.</span>state</code></td><td><code>string or null</code></td>',
    );
    expect(html).toContain('One of <code>multi_pass</code>, <code>single_pass</code>.');
    expect(html).toContain('<code>number or null</code>');
  });

  it('leaves envelope fields to the overview', () => {
    expect(html).not.toContain('<td><code>schema_version</code></td>');
    expect(html).toContain('Plus the <a href="#overview">envelope fields</a>.');
  });

  it('prints a curl line with example path values', () => {
    expect(html).toContain(
      '<pre><code>curl https://api.queuecast.example/v1/parks/mk/priority-lane</code></pre>',
    );
    expect(html).toContain('curl https://api.queuecast.example/v1/rides/mk_space_mountain/history');
    expect(html).toContain('curl -N https://api.queuecast.example/v1/parks/{park}/waits/stream');
  });

  it('lists responses, following $ref to components', () => {
    expect(html).toContain(
      '<td><code>429</code></td><td>Too many requests.</td><td><code>Retry-After</code></td>',
    );
    expect(html).toContain('<td><code>404</code></td><td>Unknown park.</td>');
  });

  it('has an errors section with every code, its status and meaning', () => {
    expect(html).toContain('<section id="errors">');
    expect(html).toContain(
      '<td><code>rate_limited</code></td><td>429</td><td>Rate limit reached; the message gives the retry delay.</td>',
    );
    expect(html).toContain('<td><code>too_many_streams</code></td><td><span class="muted">—</span></td>');
    expect(html).toContain('<td><code>internal_error</code></td><td>500</td>');
    expect(html).toContain('<span class="parent">error.</span>message');
  });

  it('explains authentication from the security schemes', () => {
    expect(html).toContain('<code>Authorization: Bearer &lt;API_KEY&gt;</code>');
    expect(html).toContain('<code>X-Service-Key: &lt;API_KEY&gt;</code>');
    expect(html).toContain(
      'For EventSource and WebSocket. Only for <a href="#get-v1-parks-park-waits-stream"><code>GET /v1/parks/{park}/waits/stream</code></a>.',
    );
    expect(html).toContain('No key needed.');
  });

  it('states the attribution rule and links the other formats', () => {
    expect(html).toContain(
      'display <code>attribution.text</code> with a visible link to <code>attribution.url</code>',
    );
    expect(html).toContain('<a href="https://api.queuecast.example/docs.md">');
    expect(html).toContain('<a href="https://api.queuecast.example/v1/openapi.json">');
  });
});

describe('renderDocsMarkdown', () => {
  const markdown = renderDocsMarkdown(sampleDocument(), options);

  it('gives every operation an anchor and a contents entry', () => {
    for (const { anchor, label } of operations) {
      expect(markdown, anchor).toContain(`<a id="${anchor}"></a>\n\n### \`${label}\``);
      expect(markdown, anchor).toContain(`  - [\`${label}\``);
      expect(markdown, anchor).toContain(`](<#${anchor}>)`);
    }
  });

  it('escapes | inside table cells', () => {
    expect(markdown).toContain('| `rides[].name` | `string` | yes | Ride name \\| as displayed |');
    expect(markdown).toContain('| `internal_error` | 500 | Unexpected failure \\| try again |');
  });

  it('shows constraints, nullable types and the errors anchor', () => {
    expect(markdown).toContain(
      '| `days` | query | no | `integer` | minimum `1`; maximum `7`; default `7` | Park-local days back, today included. |',
    );
    expect(markdown).toContain(
      '| `rides[].priority_lane.state` | `string or null` | yes | AVAILABLE or FINISHED. |',
    );
    expect(markdown).toContain('| `parks[].resort_key` | `string or null` | no |');
    expect(markdown).toContain('<a id="errors"></a>\n\n## Errors');
    expect(markdown).toContain(
      '| `rate_limited` | 429 | Rate limit reached; the message gives the retry delay. |',
    );
  });

  it('keeps tables well-formed: every row has as many cells as its header', () => {
    const tables = markdown.split('\n\n').filter((block) => block.startsWith('| '));
    expect(tables.length).toBeGreaterThan(5);
    for (const table of tables) {
      const counts = table.split('\n').map((row) => row.split(/(?<!\\)\|/).length);
      expect(new Set(counts).size, table).toBe(1);
    }
  });

  it('prints curl lines in shell code blocks', () => {
    expect(markdown).toContain('```sh\ncurl https://api.queuecast.example/v1/parks/mk/priority-lane\n```');
  });

  it('is the same for the same input', () => {
    expect(renderDocsMarkdown(sampleDocument(), options)).toBe(markdown);
  });
});
