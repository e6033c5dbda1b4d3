import type { OpenAPIV3_1 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { collectOperationGroups } from './operations.js';
import { createRefResolver } from './schema-view.js';

function groupsOf(doc: OpenAPIV3_1.Document): { tag: string; anchor: string; operations: string[] }[] {
  return collectOperationGroups(doc, createRefResolver(doc)).map((group) => ({
    tag: group.tag,
    anchor: group.anchor,
    operations: group.operations.map((entry) => `${entry.anchor} ${entry.method} ${entry.path}`),
  }));
}

const ok = { '200': { description: 'OK' } };

describe('collectOperationGroups', () => {
  it('orders groups by doc.tags, then first seen, then untagged; skips empty tags', () => {
    const doc: OpenAPIV3_1.Document = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      tags: [{ name: 'Unused' }, { name: 'Rides' }, { name: 'Parks' }],
      paths: {
        '/a': { get: { tags: ['Parks'], operationId: 'a', responses: ok } },
        '/b': { get: { tags: ['Weather'], responses: ok }, post: { tags: ['Rides'], responses: ok } },
        '/c': { get: { responses: ok } },
        '/d': { get: { tags: ['Rides', 'Parks'], responses: ok } },
      },
    };
    expect(groupsOf(doc)).toEqual([
      { tag: 'Rides', anchor: 'tag-rides', operations: ['post-b POST /b', 'get-d GET /d'] },
      { tag: 'Parks', anchor: 'tag-parks', operations: ['a GET /a'] },
      { tag: 'Weather', anchor: 'tag-weather', operations: ['get-b GET /b'] },
      { tag: 'Other', anchor: 'tag-other', operations: ['get-c GET /c'] },
    ]);
  });

  it('keeps anchors unique and clear of the page sections', () => {
    const doc: OpenAPIV3_1.Document = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/x': { get: { operationId: 'errors', responses: ok } },
        '/y': { get: { operationId: 'get.Thing', responses: ok } },
        '/z': { get: { operationId: 'get Thing', responses: ok } },
      },
    };
    expect(groupsOf(doc)[0]?.operations).toEqual([
      'errors-2 GET /x',
      'get-Thing GET /y',
      'get-Thing-2 GET /z',
    ]);
  });

  it('merges path-level parameters, lets the operation override them, follows $ref, lists path first', () => {
    const doc: OpenAPIV3_1.Document = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      components: { parameters: { Days: { name: 'days', in: 'query', description: 'shared' } } },
      paths: {
        '/p/{park}': {
          parameters: [
            { name: 'park', in: 'path', required: true, description: 'path level' },
            { $ref: '#/components/parameters/Days' },
          ],
          get: {
            parameters: [
              { name: 'from', in: 'query' },
              { name: 'park', in: 'path', required: true, description: 'operation level' },
            ],
            responses: ok,
          },
        },
      },
    };
    const [group] = collectOperationGroups(doc, createRefResolver(doc));
    const parameters = group?.operations[0]?.parameters.map((parameter) => [
      parameter.name,
      parameter.description,
    ]);
    expect(parameters).toEqual([
      ['park', 'operation level'],
      ['days', 'shared'],
      ['from', undefined],
    ]);
  });
});
