import type { OpenAPIV3_1 } from 'openapi-types';
import { formatValue, isRecord, schemaExample, viewSchema, type RefResolver } from './schema-view.js';

/**
 * A parameter's example, wherever the document put it: the parameter's own `example` or first
 * `examples` entry (what @fastify/swagger emits), else the schema's `examples[0]` or `example`.
 */
export function parameterExample(parameter: OpenAPIV3_1.ParameterObject, resolve: RefResolver): unknown {
  const { schema } = viewSchema(parameter.schema, resolve);
  return (parameter.example as unknown) ?? firstExample(parameter.examples, resolve) ?? schemaExample(schema);
}

/** The first of an OpenAPI `examples` map (values may be `$ref`s), or of a JSON Schema array. */
function firstExample(examples: unknown, resolve: RefResolver): unknown {
  if (Array.isArray(examples)) return examples[0] as unknown;
  if (!isRecord(examples)) return undefined;
  const first = Object.values(examples)[0];
  const example = isRecord(first) && typeof first.$ref === 'string' ? resolve(first.$ref) : first;
  return isRecord(example) ? example.value : undefined;
}

export interface CurlInput {
  baseUrl: string;
  path: string;
  parameters: OpenAPIV3_1.ParameterObject[];
  /** Streams need `-N` or curl buffers the events it should print as they arrive. */
  eventStream: boolean;
}

/**
 * `curl {baseUrl}{path}` with example values filled in. Parameters without an example stay as
 * `{name}` so the reader sees what to replace. Required query parameters are added because the
 * call fails without them.
 */
export function curlExample(input: CurlInput, resolve: RefResolver): string {
  const valueFor = (parameter: OpenAPIV3_1.ParameterObject | undefined, name: string): string => {
    const example = parameter === undefined ? undefined : parameterExample(parameter, resolve);
    return example === undefined ? `{${name}}` : encodeURIComponent(formatValue(example));
  };
  const path = input.path.replace(/\{([^}]+)\}/g, (_placeholder, name: string) =>
    valueFor(
      input.parameters.find((parameter) => parameter.in === 'path' && parameter.name === name),
      name,
    ),
  );
  const query = input.parameters
    .filter((parameter) => parameter.in === 'query' && parameter.required === true)
    .map((parameter) => `${encodeURIComponent(parameter.name)}=${valueFor(parameter, parameter.name)}`)
    .join('&');
  const url = `${input.baseUrl.replace(/\/+$/, '')}${path}${query === '' ? '' : `?${query}`}`;
  return `curl ${input.eventStream ? '-N ' : ''}${shellWord(url)}`;
}

/** A WebSocket session with a command-line client: connect, then subscribe. */
export function webSocketExample(streamUrl: string): string {
  return `npx wscat -c ${shellWord(streamUrl)}\n> {"type":"subscribe","parks":["magic-kingdom"]}`;
}

/** Leaves plain URLs readable; quotes the ones a shell would reinterpret (`?`, `&`, `,` in braces). */
function shellWord(text: string): string {
  if (/^[A-Za-z0-9_\-.:/{}%=@+~]+$/.test(text)) return text;
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
