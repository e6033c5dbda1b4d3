/**
 * Shapes every endpoint shares: the envelope, attribution and error body. They are the one source
 * of validation, the response types and the OpenAPI document.
 */
import { Type, type TProperties, type TSchema } from 'typebox';
import { ERROR_CODES } from '../errors.js';

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
  { description: 'Mandatory attribution.', title: 'Attribution' },
);

const envelopeTail = {
  docs_url: Type.String({ format: 'uri', description: 'Developer documentation page.' }),
  attribution: Attribution,
  generated_at: Timestamp,
};

/**
 * A success body: `schema_version`, the endpoint's own fields, then docs, attribution and time.
 * `name` is its name under the OpenAPI document's `components.schemas` (clients get a named type).
 */
export function Envelope<P extends TProperties>(properties: P, description: string, name: string) {
  return Type.Object(
    { schema_version: Type.Literal(1), ...properties, ...envelopeTail },
    { description, additionalProperties: false, title: name },
  );
}

export const ErrorCodeSchema = Type.Enum([...ERROR_CODES], {
  description: 'The closed list of error codes; the documentation says what each means.',
});

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
  {
    description:
      'The envelope of every error answer: `error` holds a stable `code` to branch on, a `message` saying what went wrong and how to fix it, and the errors section of the documentation.',
    additionalProperties: false,
    // Not `Error`: a generated client would shadow its language's own Error type.
    title: 'ErrorResponse',
  },
);
