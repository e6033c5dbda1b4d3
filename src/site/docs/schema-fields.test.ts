import { describe, expect, it } from 'vitest';
import { flattenSchemaFields, type FieldRow } from './schema-fields.js';
import type { RefResolver } from './schema-view.js';

function resolverFor(schemas: Record<string, unknown>): RefResolver {
  return (ref) => schemas[ref.replace('#/components/schemas/', '')];
}

const noRefs = resolverFor({});
const summary = (rows: FieldRow[]): string[] =>
  rows.map((row) => `${row.path}: ${row.type}${row.required ? ' *' : ''}`);

describe('flattenSchemaFields', () => {
  it('walks objects and arrays of objects with [] paths', () => {
    const rows = flattenSchemaFields(
      {
        type: 'object',
        required: ['rides'],
        properties: {
          rides: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name'],
              properties: { name: { type: 'string' }, wait: { type: 'integer', minimum: 0 } },
            },
          },
        },
      },
      noRefs,
    );
    expect(summary(rows)).toEqual([
      'rides: array of object *',
      'rides[].name: string *',
      'rides[].wait: integer',
    ]);
    expect(rows[2]?.constraints).toEqual([{ name: 'minimum', value: '0' }]);
    expect(rows.map((row) => row.depth)).toEqual([0, 1, 1]);
  });

  it('starts a top-level array at []', () => {
    const rows = flattenSchemaFields(
      { type: 'array', items: { properties: { id: { type: 'string' } } } },
      noRefs,
    );
    expect(summary(rows)).toEqual(['[].id: string']);
  });

  it('spells every way of saying nullable as "or null"', () => {
    const rows = flattenSchemaFields(
      {
        properties: {
          union: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
          list: { type: ['integer', 'null'] },
          legacy: { type: 'string', nullable: true },
          oneOf: { oneOf: [{ type: 'number' }, { type: 'null' }] },
          items: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
        },
      },
      noRefs,
    );
    expect(summary(rows)).toEqual([
      'union: string (date-time) or null',
      'list: integer or null',
      'legacy: string or null',
      'oneOf: number or null',
      'items: array of (string or null)',
    ]);
  });

  it('lists enum and const values, including TypeBox unions of literals', () => {
    const rows = flattenSchemaFields(
      {
        properties: {
          kind: { type: 'string', enum: ['ride', 'show'] },
          literals: { anyOf: [{ const: 'live' }, { const: 'closed' }, { type: 'null' }] },
          version: { const: 1 },
        },
      },
      noRefs,
    );
    expect(rows.map((row) => [row.path, row.type, row.values])).toEqual([
      ['kind', 'string', ['ride', 'show']],
      ['literals', 'string or null', ['live', 'closed']],
      ['version', 'integer', ['1']],
    ]);
  });

  it('resolves $ref, names the component and expands a nullable object', () => {
    const resolve = resolverFor({
      Lane: {
        type: 'object',
        required: ['state'],
        properties: { state: { type: 'string', description: 'Sold out?' } },
      },
    });
    const rows = flattenSchemaFields(
      { properties: { lane: { anyOf: [{ $ref: '#/components/schemas/Lane' }, { type: 'null' }] } } },
      resolve,
    );
    expect(summary(rows)).toEqual(['lane: object (Lane) or null', 'lane.state: string *']);
    expect(rows[1]?.description).toBe('Sold out?');
  });

  it('prefers a title to a generated def-N component name', () => {
    const resolve = resolverFor({
      'def-0': { type: 'object', properties: {} },
      'def-1': { title: 'Park', type: 'object' },
    });
    const rows = flattenSchemaFields(
      {
        properties: { a: { $ref: '#/components/schemas/def-0' }, b: { $ref: '#/components/schemas/def-1' } },
      },
      resolve,
    );
    expect(summary(rows)).toEqual(['a: object', 'b: object (Park)']);
  });

  it('merges allOf members', () => {
    const resolve = resolverFor({
      Envelope: {
        type: 'object',
        required: ['schema_version'],
        properties: { schema_version: { type: 'integer' } },
      },
    });
    const rows = flattenSchemaFields(
      {
        allOf: [
          { $ref: '#/components/schemas/Envelope' },
          { required: ['parks'], properties: { parks: { type: 'array' } } },
        ],
      },
      resolve,
    );
    expect(summary(rows)).toEqual(['schema_version: integer *', 'parks: array *']);
  });

  it('stops at a schema that contains itself', () => {
    const resolve = resolverFor({
      Node: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
        },
      },
    });
    const rows = flattenSchemaFields({ $ref: '#/components/schemas/Node' }, resolve);
    expect(summary(rows)).toEqual(['name: string', 'children: array of object (Node)']);
  });

  it('continues through maps with a * segment', () => {
    const rows = flattenSchemaFields(
      {
        properties: {
          days: {
            type: 'object',
            additionalProperties: { type: 'object', properties: { open: { type: 'string' } } },
          },
        },
      },
      noRefs,
    );
    expect(summary(rows)).toEqual(['days: map of object', 'days.*.open: string']);
  });

  it('keeps a field description from the union or from its non-null side', () => {
    const rows = flattenSchemaFields(
      {
        properties: {
          outer: { description: 'On the union.', anyOf: [{ type: 'string' }, { type: 'null' }] },
          inner: {
            anyOf: [{ type: 'string', description: 'On the member.', examples: ['x'] }, { type: 'null' }],
          },
        },
      },
      noRefs,
    );
    expect(rows.map((row) => row.description)).toEqual(['On the union.', 'On the member.']);
    expect(rows[1]?.constraints).toEqual([{ name: 'example', value: 'x' }]);
  });
});
