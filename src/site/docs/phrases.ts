import { markdownCode } from './escape.js';
import type { FieldRow } from './schema-fields.js';
import type { Constraint } from './schema-view.js';
import type { AccessRule } from './security.js';
import type { BodyDoc, ParameterDoc } from './types.js';

/*
 * Sentences both formats print, written once in the shared Markdown subset: the Markdown renderer
 * prints them as they are, the HTML renderer escapes them and turns code spans into <code>.
 */

export function accessSentence(access: AccessRule | undefined): string {
  if (access === undefined) return '';
  if (access.key === 'none') return 'No key needed.';
  const ways = access.schemes.map((scheme) => markdownCode(scheme.sendAs));
  const how = ways.length === 0 ? '' : `: send ${joinAlternatives(ways)}`;
  return access.key === 'optional' ? `Key optional${how}.` : `Key required${how}.`;
}

export function valuesPhrase(values: string[]): string {
  if (values.length === 0) return '';
  const [only] = values;
  if (values.length === 1 && only !== undefined) return `Always ${markdownCode(only)}.`;
  return `One of ${values.map(markdownCode).join(', ')}.`;
}

export function constraintsPhrase(constraints: Constraint[]): string {
  return constraints.map((constraint) => `${constraint.name} ${markdownCode(constraint.value)}`).join('; ');
}

export function parameterRules(parameter: ParameterDoc): string {
  return [valuesPhrase(parameter.values), constraintsPhrase(parameter.constraints)]
    .filter((part) => part !== '')
    .join(' ');
}

export function fieldDescription(row: FieldRow): string {
  const constraints = constraintsPhrase(row.constraints);
  return [
    row.deprecated ? '**Deprecated.**' : '',
    row.description,
    valuesPhrase(row.values),
    constraints === '' ? '' : `(${constraints})`,
  ]
    .filter((part) => part !== '')
    .join(' ');
}

export function yesNo(value: boolean): string {
  return value ? 'yes' : 'no';
}

function joinAlternatives(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1) ?? ''}`;
}

/** A plain object body is obvious from its field table; anything else (an array, a string) is not. */
export function showsBodyType(body: BodyDoc): boolean {
  return body.type !== 'object' || body.fields.length === 0;
}
