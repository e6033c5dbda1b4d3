import type { OpenAPIV3_1 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { collectErrorCatalog } from './error-codes.js';
import { createRefResolver } from './schema-view.js';

function catalogOf(doc: OpenAPIV3_1.Document): ReturnType<typeof collectErrorCatalog> {
  return collectErrorCatalog(doc, createRefResolver(doc));
}

describe('collectErrorCatalog', () => {
  it('reads a code enum written as a TypeBox union of literals', () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      components: {
        schemas: {
          ApiError: {
            type: 'object',
            properties: {
              code: { anyOf: [{ const: 'not_found' }, { const: 'rate_limited' }] },
              message: { type: 'string' },
            },
          },
        },
      },
      'x-error-statuses': { not_found: 404, rate_limited: '429' },
    } as OpenAPIV3_1.Document;
    const catalog = catalogOf(doc);
    expect(catalog.codes).toEqual([
      { code: 'not_found', status: '404', meaning: '' },
      { code: 'rate_limited', status: '429', meaning: '' },
    ]);
    expect(catalog.fields.map((row) => row.path)).toEqual(['code', 'message']);
  });

  it('falls back to the root extensions when no schema lists the codes', () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {},
      'x-error-statuses': { invalid_key: 401 },
      'x-error-descriptions': { invalid_key: 'Unknown key.', upstream_limit: 'Stream only.' },
    } as OpenAPIV3_1.Document;
    expect(catalogOf(doc).codes).toEqual([
      { code: 'invalid_key', status: '401', meaning: 'Unknown key.' },
      { code: 'upstream_limit', status: undefined, meaning: 'Stream only.' },
    ]);
  });
});
