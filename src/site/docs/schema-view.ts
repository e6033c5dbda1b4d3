import type { OpenAPIV3_1 } from 'openapi-types';

/**
 * The JSON Schema keywords the docs read. Everything is optional because the document is data:
 * the renderers must cope with whatever a route declared.
 */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  title?: string;
  description?: string;
  properties?: Record<string, unknown>;
  required?: string[];
  additionalProperties?: unknown;
  items?: unknown;
  anyOf?: unknown[];
  oneOf?: unknown[];
  allOf?: unknown[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  default?: unknown;
  example?: unknown;
  examples?: unknown;
  deprecated?: boolean;
}

/** Looks up a local JSON pointer (`#/components/schemas/Park`) in the document. */
export type RefResolver = (ref: string) => unknown;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asSchema(value: unknown): Schema | undefined {
  // `true` is the JSON Schema that accepts anything.
  if (value === true) return {};
  // Trusted as well-formed: the server generates the document from its own route schemas.
  return isRecord(value) ? value : undefined;
}

export function createRefResolver(doc: OpenAPIV3_1.Document): RefResolver {
  return (ref) => {
    // Only local pointers: following a remote one would need I/O, which a renderer must not do.
    if (!ref.startsWith('#/')) return undefined;
    let node: unknown = doc;
    for (const token of ref.slice(2).split('/')) {
      const key = decodePointerToken(token);
      if (Array.isArray(node)) node = node[Number(key)];
      else if (isRecord(node)) node = node[key];
      else return undefined;
    }
    return node;
  };
}

function decodePointerToken(token: string): string {
  let decoded = token;
  try {
    decoded = decodeURIComponent(token);
  } catch {
    // A stray `%` is literal text in the pointer, not an encoding.
  }
  return decoded.replaceAll('~1', '/').replaceAll('~0', '~');
}

const componentSchemaPrefix = '#/components/schemas/';

/** A schema with its `$ref`s followed and its `allOf` merged, plus where it came from. */
export interface SchemaView {
  schema: Schema;
  /** Component name when the schema was reached through `#/components/schemas/<name>`. */
  refName: string | undefined;
  /** Every `$ref` followed to reach it, so a walker can spot a recursive schema. */
  refs: string[];
}

export function viewSchema(input: unknown, resolve: RefResolver): SchemaView {
  let schema = asSchema(input) ?? {};
  let refName: string | undefined;
  const refs: string[] = [];
  while (schema.$ref !== undefined && !refs.includes(schema.$ref)) {
    const ref = schema.$ref;
    refs.push(ref);
    const target = asSchema(resolve(ref)) ?? {};
    if (ref.startsWith(componentSchemaPrefix)) refName = componentName(ref, target);
    const siblings: Schema = { ...schema };
    delete siblings.$ref;
    // OpenAPI 3.1 lets a `$ref` carry its own description, which is more specific than the target's.
    schema = { ...target, ...siblings };
  }
  if (schema.allOf !== undefined) schema = mergeAllOf(schema, resolve, refs);
  return { schema, refName, refs };
}

// @fastify/swagger names shared schemas `def-0`, `def-1`… unless told otherwise: such a name tells a
// reader nothing, so the schema's title is preferred and a bare generated name is dropped.
function componentName(ref: string, target: Schema): string | undefined {
  if (target.title !== undefined && target.title !== '') return target.title;
  const name = decodePointerToken(ref.slice(componentSchemaPrefix.length));
  return /^def-\d+$/.test(name) ? undefined : name;
}

function mergeAllOf(schema: Schema, resolve: RefResolver, refs: string[]): Schema {
  const { allOf = [], ...own } = schema;
  const parts = allOf.map((member) => {
    const view = viewSchema(member, resolve);
    refs.push(...view.refs);
    return view.schema;
  });
  parts.push(own);
  const merged: Schema = Object.assign({}, ...parts) as Schema;
  const properties = Object.assign({}, ...parts.map((part) => part.properties ?? {})) as Record<
    string,
    unknown
  >;
  const required = [...new Set(parts.flatMap((part) => part.required ?? []))];
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.length > 0) merged.required = required;
  return merged;
}

/** What a reader needs to know about one schema's type. */
export interface SchemaDescription {
  view: SchemaView;
  /** `string (date-time) or null`, `array of object (Ride)`, `integer`. */
  label: string;
  nullable: boolean;
  /** Allowed values from `enum`/`const` (null excluded: it shows in the label). */
  values: unknown[];
  /** The non-null alternatives, resolved: one for a plain or nullable schema, several for a union. */
  variants: SchemaView[];
}

export function describeSchema(input: unknown, resolve: RefResolver): SchemaDescription {
  return describeView(viewSchema(input, resolve), resolve);
}

function describeView(view: SchemaView, resolve: RefResolver): SchemaDescription {
  const { schema } = view;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives !== undefined) return describeUnion(view, alternatives, resolve);

  const declared = schema.type === undefined ? [] : [schema.type].flat();
  const values = allowedValues(schema);
  const nullable =
    declared.includes('null') || schema.nullable === true || hasNullValue(schema) || schema.const === null;
  const types = declared.filter((type) => type !== 'null');
  if (types.length === 0) {
    const inferred = inferType(schema);
    if (inferred !== undefined) types.push(inferred);
  }
  if (types.length === 0 && nullable) return { view, label: 'null', nullable, values, variants: [] };

  const base = types.length === 0 ? 'any' : types.map((type) => typeLabel(type, view, resolve)).join(' or ');
  return { view, label: withNull(base, nullable), nullable, values, variants: [view] };
}

function describeUnion(view: SchemaView, alternatives: unknown[], resolve: RefResolver): SchemaDescription {
  const members = alternatives.map((member) => describeSchema(member, resolve));
  const nonNull = members.filter((member) => member.variants.length > 0);
  const nullable = members.some((member) => member.nullable) || view.schema.nullable === true;
  const labels = [...new Set(nonNull.map((member) => stripNull(member.label)))];
  return {
    view,
    label: labels.length === 0 ? 'null' : withNull(labels.join(' or '), nullable),
    nullable,
    values: nonNull.flatMap((member) => member.values),
    variants: nonNull.flatMap((member) => member.variants),
  };
}

function typeLabel(type: string, view: SchemaView, resolve: RefResolver): string {
  const { schema, refName } = view;
  if (type === 'array') {
    if (schema.items === undefined) return 'array';
    const item = describeSchema(schema.items, resolve).label;
    return `array of ${item.includes(' or ') ? `(${item})` : item}`;
  }
  if (type === 'object') {
    const named = refName === undefined ? 'object' : `object (${refName})`;
    const valueSchema = asSchema(schema.additionalProperties);
    if (schema.properties === undefined && valueSchema !== undefined && Object.keys(valueSchema).length > 0) {
      return `map of ${describeSchema(valueSchema, resolve).label}`;
    }
    return named;
  }
  return schema.format === undefined ? type : `${type} (${schema.format})`;
}

function inferType(schema: Schema): string | undefined {
  if (schema.properties !== undefined || schema.additionalProperties !== undefined) return 'object';
  if (schema.items !== undefined) return 'array';
  const sample = [schema.const, ...(schema.enum ?? [])].find(
    (value) => value !== undefined && value !== null,
  );
  if (sample === undefined) return undefined;
  if (typeof sample === 'number') return Number.isInteger(sample) ? 'integer' : 'number';
  return typeof sample;
}

function allowedValues(schema: Schema): unknown[] {
  const values = schema.enum === undefined ? [] : schema.enum.filter((value) => value !== null);
  if (schema.const !== undefined && schema.const !== null) values.push(schema.const);
  return values;
}

function hasNullValue(schema: Schema): boolean {
  return schema.enum?.includes(null) ?? false;
}

function withNull(label: string, nullable: boolean): string {
  return nullable ? `${label} or null` : label;
}

function stripNull(label: string): string {
  return label.endsWith(' or null') ? label.slice(0, -' or null'.length) : label;
}

/** A rule on accepted values, e.g. `{ name: 'maximum', value: '30' }`. */
export interface Constraint {
  name: string;
  value: string;
}

/** Validation keywords worth telling a caller, in the order they read naturally. */
export function constraintsOf(schema: Schema): Constraint[] {
  const found: Constraint[] = [];
  const add = (name: string, value: unknown): void => {
    if (value !== undefined && typeof value !== 'boolean') found.push({ name, value: formatValue(value) });
  };
  // OpenAPI 3.0 marked exclusivity with a boolean beside minimum/maximum; 3.1 gives the bound itself.
  add(schema.exclusiveMinimum === true ? 'greater than' : 'minimum', schema.minimum);
  add(schema.exclusiveMaximum === true ? 'less than' : 'maximum', schema.maximum);
  add('greater than', schema.exclusiveMinimum);
  add('less than', schema.exclusiveMaximum);
  add('min length', schema.minLength);
  add('max length', schema.maxLength);
  add('min items', schema.minItems);
  add('max items', schema.maxItems);
  add('pattern', schema.pattern);
  add('default', schema.default);
  return found;
}

/** The schema's first example: JSON Schema's `examples` array, or OpenAPI 3.0's `example`. */
export function schemaExample(schema: Schema): unknown {
  return Array.isArray(schema.examples) ? (schema.examples[0] as unknown) : schema.example;
}

/** Strings as they are; everything else as JSON, so `null`, numbers and objects stay unambiguous. */
export function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  // JSON.stringify gives undefined for undefined, which JSON data only holds when a key is absent.
  return value === undefined ? 'undefined' : JSON.stringify(value);
}
