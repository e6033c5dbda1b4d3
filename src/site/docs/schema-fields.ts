import {
  asSchema,
  constraintsOf,
  describeSchema,
  formatValue,
  schemaExample,
  type Constraint,
  type RefResolver,
  type SchemaDescription,
  type SchemaView,
} from './schema-view.js';

/** One field of a body, flattened: `rides[].priority_lane.state`. */
export interface FieldRow {
  /** Dotted path; `[]` marks the items of an array, `*` the values of a map. */
  path: string;
  /** Nesting level of the path, 0 for a top-level field. */
  depth: number;
  type: string;
  required: boolean;
  description: string;
  values: string[];
  constraints: Constraint[];
  deprecated: boolean;
}

// Deep enough for `summary.best_windows[].start`, shallow enough that a table stays a table.
const maxDepth = 5;

/**
 * Flattens a body schema into rows a table can show. Objects list their properties, arrays of
 * objects continue with `[]` paths, nullable objects expand their non-null side, and a schema that
 * refers back to itself stops where it would repeat.
 */
export function flattenSchemaFields(schema: unknown, resolve: RefResolver): FieldRow[] {
  return childRows(describeSchema(schema, resolve), '', 0, new Set(), resolve);
}

function childRows(
  described: SchemaDescription,
  path: string,
  depth: number,
  ancestors: ReadonlySet<string>,
  resolve: RefResolver,
): FieldRow[] {
  // A union of several shapes has no single set of fields; its label already names the shapes.
  const [only, ...others] = described.variants;
  if (only === undefined || others.length > 0 || depth > maxDepth) return [];
  if (only.refs.some((ref) => ancestors.has(ref))) return [];
  const inside = new Set([...ancestors, ...only.refs]);
  const { schema } = only;

  if (schema.properties !== undefined) return propertyRows(only, path, depth, inside, resolve);
  if (schema.items !== undefined) {
    return childRows(describeSchema(schema.items, resolve), `${path}[]`, depth, inside, resolve);
  }
  const valueSchema = asSchema(schema.additionalProperties);
  if (valueSchema !== undefined && Object.keys(valueSchema).length > 0) {
    return childRows(describeSchema(valueSchema, resolve), joinPath(path, '*'), depth, inside, resolve);
  }
  return [];
}

function propertyRows(
  owner: SchemaView,
  path: string,
  depth: number,
  ancestors: ReadonlySet<string>,
  resolve: RefResolver,
): FieldRow[] {
  const required = new Set(owner.schema.required ?? []);
  return Object.entries(owner.schema.properties ?? {}).flatMap(([name, property]) => {
    const described = describeSchema(property, resolve);
    const fieldPath = joinPath(path, name);
    const row = fieldRow(described, fieldPath, depth, required.has(name));
    return [row, ...childRows(described, fieldPath, depth + 1, ancestors, resolve)];
  });
}

function fieldRow(described: SchemaDescription, path: string, depth: number, required: boolean): FieldRow {
  const outer = described.view.schema;
  // A nullable field is often `anyOf: [X, null]` with the words on X rather than on the union.
  const inner = described.variants.length === 1 ? described.variants[0]?.schema : undefined;
  return {
    path,
    depth,
    type: described.label,
    required,
    description: outer.description ?? inner?.description ?? '',
    values: described.values.map(formatValue),
    constraints: uniqueConstraints([
      ...constraintsOf(outer),
      ...(inner === undefined || inner === outer ? [] : constraintsOf(inner)),
      ...exampleConstraint(schemaExample(outer) ?? (inner === undefined ? undefined : schemaExample(inner))),
    ]),
    deprecated: outer.deprecated === true || inner?.deprecated === true,
  };
}

function exampleConstraint(example: unknown): Constraint[] {
  return example === undefined ? [] : [{ name: 'example', value: formatValue(example) }];
}

function joinPath(parent: string, name: string): string {
  return parent === '' ? name : `${parent}.${name}`;
}

export function uniqueConstraints(constraints: Constraint[]): Constraint[] {
  const seen = new Set<string>();
  return constraints.filter((constraint) => {
    const key = `${constraint.name}\u0000${constraint.value}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
