import type { OpenAPIV3_1 } from 'openapi-types';
import { flattenSchemaFields, type FieldRow } from './schema-fields.js';
import {
  describeSchema,
  formatValue,
  isRecord,
  viewSchema,
  type RefResolver,
  type SchemaView,
} from './schema-view.js';

/** Root extension the server fills: error code → HTTP status. */
export const errorStatusesExtension = 'x-error-statuses';
/** Root extension the server fills: error code → when it happens. */
export const errorDescriptionsExtension = 'x-error-descriptions';

export interface ErrorCodeRow {
  code: string;
  /** Undefined when the document does not say (e.g. codes only sent over a stream). */
  status: string | undefined;
  meaning: string;
}

export interface ErrorCatalog {
  codes: ErrorCodeRow[];
  /** The fields of the error object, e.g. `error.code`, when a component schema describes it. */
  fields: FieldRow[];
}

/**
 * Error codes from the component schemas (a `code` property with an enum, directly or under
 * `error`), completed by the root `x-error-statuses` and `x-error-descriptions` extensions.
 */
export function collectErrorCatalog(doc: OpenAPIV3_1.Document, resolve: RefResolver): ErrorCatalog {
  const statuses = stringRecord(extension(doc, errorStatusesExtension));
  const meanings = stringRecord(extension(doc, errorDescriptionsExtension));
  const codes: string[] = [];
  let fields: FieldRow[] = [];

  for (const schema of Object.values(doc.components?.schemas ?? {})) {
    const found = findErrorCodes(viewSchema(schema, resolve), resolve);
    if (found === undefined) continue;
    codes.push(...found.codes);
    if (fields.length === 0) fields = found.fields;
  }
  codes.push(...Object.keys(statuses), ...Object.keys(meanings));

  return {
    codes: [...new Set(codes)].map((code) => ({
      code,
      status: statuses[code],
      meaning: meanings[code] ?? '',
    })),
    fields,
  };
}

function findErrorCodes(
  view: SchemaView,
  resolve: RefResolver,
): { codes: string[]; fields: FieldRow[] } | undefined {
  const direct = codeValues(view, resolve);
  if (direct.length > 0) return { codes: direct, fields: flattenSchemaFields(view.schema, resolve) };

  const nested = view.schema.properties?.error;
  if (nested === undefined) return undefined;
  const codes = codeValues(viewSchema(nested, resolve), resolve);
  if (codes.length === 0) return undefined;
  // Only the error object: the envelope around it is documented once, in the overview.
  const fields = flattenSchemaFields(view.schema, resolve).filter(
    (row) => row.path === 'error' || row.path.startsWith('error.'),
  );
  return { codes, fields };
}

function codeValues(view: SchemaView, resolve: RefResolver): string[] {
  const code = view.schema.properties?.code;
  return code === undefined ? [] : describeSchema(code, resolve).values.map(formatValue);
}

function extension(doc: OpenAPIV3_1.Document, name: string): unknown {
  return (doc as unknown as Record<string, unknown>)[name];
}

/** Numbers become strings so `429` and `"429"` read the same; other values are ignored. */
function stringRecord(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string | number] =>
      typeof entry[1] === 'string' || typeof entry[1] === 'number',
  );
  return Object.fromEntries(entries.map(([key, entry]) => [key, String(entry)]));
}
