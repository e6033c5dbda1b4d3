import type { FastifyError } from 'fastify';

interface ParameterSchemas {
  readonly querystring?: { properties?: Record<string, { description?: string }> };
  readonly params?: { properties?: Record<string, { description?: string }> };
}

const PLACE: Record<string, string> = { querystring: 'query parameter', params: 'path parameter' };

/**
 * Turns a schema validation failure into a message that names the parameter, says what was wrong
 * and quotes the parameter's accepted range from its own schema description.
 */
export function describeValidationError(error: FastifyError, schema: ParameterSchemas | undefined): string {
  const first = error.validation?.[0];
  const context = error.validationContext ?? 'querystring';
  const place = PLACE[context] ?? context;
  if (!first) return `Invalid ${place}: ${error.message}.`;
  const missing = first.keyword === 'required' ? String(first.params.missingProperty) : undefined;
  const name = missing ?? first.instancePath.replace(/^\//, '');
  const section = context === 'params' ? schema?.params : schema?.querystring;
  const accepted = section?.properties?.[name]?.description;
  const problem = missing ? 'is required' : (first.message ?? 'is invalid');
  return `Invalid ${place} "${name}": ${problem}.${accepted ? ` Accepted: ${accepted}` : ''}`;
}
