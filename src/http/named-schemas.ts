/**
 * Names shared schemas: every schema with a `title` is kept once under `components.schemas` and
 * replaced where it is used by a `$ref` to it, so the OpenAPI and AsyncAPI documents give clients
 * named types instead of anonymous inline ones.
 */
type Json = Record<string, unknown>;

export class SchemaNamer {
  private readonly named = new Map<string, Json>();

  /** `value` with every titled schema inside it (itself included) replaced by a reference. */
  visit(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.visit(item));
    if (typeof value !== 'object' || value === null) return value;
    const object = value as Json;
    return typeof object.title === 'string' && looksLikeSchema(object)
      ? this.name(object)
      : this.walk(object);
  }

  /** The reference to a titled schema, kept under its title. */
  name(schema: object): Json {
    const object = schema as Json;
    const title = object.title;
    const inner = this.walk(object);
    if (typeof title !== 'string') return inner;
    const { title: _title, ...rest } = inner;
    const known = this.named.get(title);
    if (known === undefined) this.named.set(title, rest);
    else if (!sameShape(known, rest)) throw new Error(`two different schemas are both named ${title}`);
    return { $ref: `#/components/schemas/${title}` };
  }

  /** Every named schema, by name. */
  schemas(): Json {
    return Object.fromEntries([...this.named].sort(([a], [b]) => a.localeCompare(b)));
  }

  private walk(value: Json): Json {
    const out: Json = {};
    for (const [key, child] of Object.entries(value)) out[key] = this.visit(child);
    return out;
  }
}

function looksLikeSchema(value: Json): boolean {
  return 'type' in value || 'anyOf' in value || 'oneOf' in value || 'allOf' in value || 'enum' in value;
}

/**
 * Whether two schemas named alike say the same thing, whatever their descriptions, and whether a
 * single value is spelt `const: x` (as declared) or `enum: [x]` (as @fastify/swagger writes it).
 */
function sameShape(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalised(a)) === JSON.stringify(normalised(b));
}

function normalised(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalised);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'description' && key !== 'headers')
      .map(([key, child]) => (key === 'const' ? ['enum', [child]] : [key, normalised(child)]))
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
}
