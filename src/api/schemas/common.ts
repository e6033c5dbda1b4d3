/**
 * Shapes every endpoint shares: the envelope, attribution and error body. They are the one source
 * of validation, the response types and the OpenAPI document.
 */
import { Type, type TProperties, type TSchema } from 'typebox';
import type { ErrorCode } from '../errors.js';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const Timestamp = Type.String({
  format: 'date-time',
  description: 'UTC, ISO 8601 with milliseconds and Z.',
});

export const LocalDate = Type.String({
  format: 'date',
  description: "Park-local date YYYY-MM-DD in the park's time zone.",
});

export const Attribution = Type.Object(
  {
    text: Type.String({
      description: "Fixed text 'Live data from <site_domain>'; show it wherever the data is shown.",
    }),
    url: Type.String({
      format: 'uri',
      description: 'Link target: the matching park or ride page, or the site root.',
    }),
    required: Type.Literal(true, {
      description: 'Always true: the text must be displayed with a visible link.',
    }),
  },
  { description: 'Mandatory attribution.' },
);

const envelopeTail = {
  docs_url: Type.String({ format: 'uri', description: 'Developer documentation page.' }),
  attribution: Attribution,
  generated_at: Timestamp,
};

/** A success body: `schema_version`, the endpoint's own fields, then docs, attribution and time. */
export function Envelope<P extends TProperties>(properties: P, description: string) {
  return Type.Object(
    { schema_version: Type.Literal(1), ...properties, ...envelopeTail },
    { description, additionalProperties: false },
  );
}

/**
 * Written out because TypeBox infers a union only from a tuple; `satisfies` keeps it equal to the
 * closed list in errors.ts (a missing or extra code fails to compile).
 */
const ERROR_CODE_TUPLE = [
  'invalid_request',
  'invalid_key',
  'rights_unavailable',
  'not_found',
  'method_not_allowed',
  'rate_limited',
  'too_many_streams',
  'reauthentication_required',
  'upstream_limit',
  'upstream_unavailable',
  'internal_error',
] as const satisfies readonly ErrorCode[];
type AssertTrue<T extends true> = T;
/** Fails to compile when errors.ts gains a code this list lacks. */
export type ErrorCodesCovered = AssertTrue<
  Exclude<ErrorCode, (typeof ERROR_CODE_TUPLE)[number]> extends never ? true : false
>;

export const ErrorCodeSchema = Type.Union([
  Type.Literal(ERROR_CODE_TUPLE[0]),
  Type.Literal(ERROR_CODE_TUPLE[1]),
  Type.Literal(ERROR_CODE_TUPLE[2]),
  Type.Literal(ERROR_CODE_TUPLE[3]),
  Type.Literal(ERROR_CODE_TUPLE[4]),
  Type.Literal(ERROR_CODE_TUPLE[5]),
  Type.Literal(ERROR_CODE_TUPLE[6]),
  Type.Literal(ERROR_CODE_TUPLE[7]),
  Type.Literal(ERROR_CODE_TUPLE[8]),
  Type.Literal(ERROR_CODE_TUPLE[9]),
  Type.Literal(ERROR_CODE_TUPLE[10]),
]);

export const ErrorBody = Type.Object(
  {
    schema_version: Type.Literal(1),
    error: Type.Object({
      code: ErrorCodeSchema,
      message: Type.String({ description: 'What went wrong and how to fix it.' }),
      docs_url: Type.String({ format: 'uri', description: 'The errors section of the documentation.' }),
    }),
    ...envelopeTail,
  },
  { description: 'Error', additionalProperties: false },
);
