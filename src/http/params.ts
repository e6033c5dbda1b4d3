/**
 * The spec's path and query parameters, declared once: each gives its OpenAPI schema and the strict
 * parser both the router and the prepared lane run, so the two can never disagree about a request.
 * A parameter accepts only its canonical spelling (`days=7`, not `+7`, `07`, `7.0`, `7e0` or
 * `Infinity`; a date as `YYYY-MM-DD` naming a real day) and answers anything else with 400
 * `invalid_request` that states the accepted range. Rules that depend on today in the park's zone
 * (a date window) are applied once the park is known, by `resolveDate`.
 */
import { Type, type TSchema } from 'typebox';
import { addDays, daysBetween, isCalendarDate, localDate } from '../lib/time.js';
import { KEY_PATTERN } from '../services/api-keys.js';
import { ApiError } from './errors.js';

/** A query parameter: its schema (validation text and OpenAPI) and its strict parser. */
export interface QueryParam<T> {
  readonly schema: TSchema;
  /** What the parameter accepts, in one sentence (the 400 message and the docs' error rows quote it). */
  readonly rule: string;
  /** Whether a request must send it (declared as required in the OpenAPI document); absent: optional. */
  readonly required?: boolean;
  /** Whether it may be sent more than once: the values reach `parse` joined by commas. */
  readonly repeatable?: boolean;
  /** Parses the value as sent (undefined when absent); ApiError(invalid_request) otherwise. */
  parse(raw: string | undefined, name: string): T;
}

/** A path parameter: its schema and where a client finds valid values (404 and 400 messages). */
export interface PathParam {
  readonly schema: TSchema;
  /** What the 404 is about ("park", "ride", "resort"). */
  readonly names: string;
}

export type QueryParams = Readonly<Record<string, QueryParam<unknown>>>;
export type PathParams = Readonly<Record<string, PathParam>>;

export type QueryValues<Q extends QueryParams> = { readonly [K in keyof Q]: ReturnType<Q[K]['parse']> };
export type PathValues<P extends PathParams> = { readonly [K in keyof P]: string };

/** The most characters of a rejected value quoted back in an error message. */
const QUOTED_CHARACTERS = 40;

/** A value as an error message quotes it: shortened, with invisible characters written as escapes. */
export function quoted(raw: string): string {
  const short = raw.length > QUOTED_CHARACTERS ? `${raw.slice(0, QUOTED_CHARACTERS)}…` : raw;
  return `"${short.replace(/[\p{C}"\\]/gu, (char) => (char === '"' || char === '\\' ? `\\${char}` : unicodeEscape(char)))}"`;
}

function unicodeEscape(char: string): string {
  return `\\u${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Control, invisible formatting (bidi overrides, zero-width) and unassigned characters. */
const INVISIBLE = /\p{C}/u;

function invalid(place: 'query' | 'path', name: string, problem: string, rule: string): ApiError {
  return new ApiError(
    'invalid_request',
    `Invalid ${place} parameter "${name}": ${problem}. Accepted: ${rule}`,
  );
}

export interface DaysBounds {
  readonly max: number;
  readonly fallback: number;
  /** What the days count, for the description (e.g. "park-local days back, including today"). */
  readonly meaning: string;
}

const CANONICAL_INTEGER = /^[1-9][0-9]{0,5}$/;

/** `days`: an integer from 1 to `max` in plain digits; `fallback` when absent. */
export function daysParam(bounds: DaysBounds): QueryParam<number> {
  const rule = `an integer from 1 to ${bounds.max} in plain digits (number of ${bounds.meaning}); default ${bounds.fallback}.`;
  return {
    rule,
    schema: Type.Integer({
      minimum: 1,
      maximum: bounds.max,
      default: bounds.fallback,
      description: `Number of ${bounds.meaning}: an integer from 1 to ${bounds.max}; default ${bounds.fallback}.`,
    }),
    parse(raw, name) {
      if (raw === undefined) return bounds.fallback;
      const value = CANONICAL_INTEGER.test(raw) ? Number(raw) : Number.NaN;
      if (value >= 1 && value <= bounds.max) return value;
      throw invalid('query', name, `got ${quoted(raw)}`, rule);
    },
  };
}

export interface DateBounds {
  /** Last accepted date, in days after today (park-local). */
  readonly maxDaysAhead: number;
  /** What the date means, for the description (e.g. "Park-local date", "First night"). */
  readonly meaning: string;
}

/**
 * A date parameter: `YYYY-MM-DD` naming a real day, or absent (undefined). The window (today
 * through `maxDaysAhead` days ahead) depends on the park's zone: `resolveDate` applies it.
 */
export function dateParam(bounds: DateBounds): QueryParam<string | undefined> {
  const rule = `a date YYYY-MM-DD in the local time zone, today through ${bounds.maxDaysAhead} days ahead; default today.`;
  return {
    rule,
    schema: Type.String({
      format: 'date',
      description: `${bounds.meaning} YYYY-MM-DD in the local time zone: today through ${bounds.maxDaysAhead} days ahead; default today.`,
    }),
    parse(raw, name) {
      if (raw === undefined || isCalendarDate(raw)) return raw;
      throw invalid('query', name, `got ${quoted(raw)}, which is not a date YYYY-MM-DD`, rule);
    },
  };
}

/** A text parameter (a bus stop, a stream key): printable text, `required` or optional. */
export function textParam<R extends boolean>(options: {
  readonly required: R;
  readonly description: string;
  readonly maxLength?: number;
  /**
   * The form a valid value takes, for the document (clients can check before sending); the parser
   * does not apply it: a stream key of another form is the access check's 401, not a 400.
   */
  readonly pattern?: RegExp;
}): QueryParam<R extends true ? string : string | undefined> {
  const maxLength = options.maxLength ?? 200;
  const rule = `${options.description} (${options.required ? 'required; ' : ''}at most ${maxLength} characters, no control characters).`;
  return {
    rule,
    required: options.required,
    schema: Type.String({
      minLength: 1,
      maxLength,
      ...(options.pattern ? { pattern: options.pattern.source } : {}),
      description: options.description,
    }),
    parse(raw, name) {
      if (raw === undefined || raw === '') {
        if (options.required) throw invalid('query', name, 'it is required', rule);
        return undefined as R extends true ? string : string | undefined;
      }
      if (raw.length > maxLength || INVISIBLE.test(raw))
        throw invalid('query', name, `got ${quoted(raw)}`, rule);
      return raw;
    },
  };
}

/** `?key=`: the streams take the key here too, for clients that cannot set headers (browser EventSource and WebSocket). */
export const KEY_QUERY_PARAM = textParam({
  required: false,
  description:
    'API key, for clients that cannot set headers (browser EventSource and WebSocket): pk_live_ followed by 32 letters and digits. A key in page code is public: use a free key there.',
  maxLength: 100,
  pattern: KEY_PATTERN,
});

/** The name of the `?key=` parameter (the `queryKey` security scheme of the OpenAPI document). */
export const QUERY_KEY_NAME = 'key';

/** The `key` query parameter as the description documents (OpenAPI, AsyncAPI) list it. */
export function queryKeyParameter(): Record<string, unknown> {
  const { description, ...schema } = KEY_QUERY_PARAM.schema as Record<string, unknown>;
  return { name: QUERY_KEY_NAME, in: 'query', required: false, description, schema };
}

/** A path parameter named in `names` ("park", "ride", "resort"), documented by `schema`. */
export function pathParam(names: string, description: string, example: string): PathParam {
  return { names, schema: Type.String({ description, examples: [example] }) };
}

export const PARK_PARAM = pathParam(
  'park',
  'Park key, canonical ID, name or alias, case-insensitive (see /v1/parks).',
  'magic-kingdom',
);
export const RIDE_PARAM = pathParam(
  'ride',
  'Ride ID `<park_key>_<ride_slug>` from the ride list; a ride name or slug also works when unique.',
  'magic-kingdom_space-mountain',
);
export const PARK_RIDE_PARAM = pathParam(
  'ride',
  'Ride ID, or the ride’s name or site slug within the park, case-insensitive.',
  'space-mountain',
);
export const RESORT_PARAM = pathParam(
  'resort',
  'Resort key, canonical ID, name or alias, case-insensitive (see /v1/resorts).',
  'walt-disney-world',
);

/**
 * Checks decoded path parameters: control and invisible formatting characters are refused, not
 * stripped (a lookup that folds them away would answer for a different identifier).
 */
export function parsePath<P extends PathParams>(
  declared: P,
  raw: Readonly<Record<string, string>>,
): PathValues<P> {
  for (const name of Object.keys(declared)) {
    const value = raw[name] ?? '';
    if (INVISIBLE.test(value)) {
      throw new ApiError(
        'invalid_request',
        `Invalid path parameter "${name}": ${quoted(value)} contains a control or invisible formatting character. Send the ${declared[name]?.names ?? name} identifier as listed by the API, without such characters.`,
      );
    }
  }
  return raw as PathValues<P>;
}

/**
 * Parses every declared query parameter from the parsed query string. Undeclared parameters are
 * ignored; a parameter given twice is refused unless it is repeatable.
 */
export function parseQuery<Q extends QueryParams>(
  declared: Q,
  raw: Readonly<Record<string, string | readonly string[] | undefined>>,
): QueryValues<Q> {
  const values: Record<string, unknown> = {};
  for (const [name, param] of Object.entries(declared)) {
    const value = raw[name];
    if (typeof value === 'object' && !param.repeatable) {
      throw invalid('query', name, `it was given ${value.length} times; send it once`, param.rule);
    }
    values[name] = param.parse(typeof value === 'object' ? value.join(',') : value, name);
  }
  return values as QueryValues<Q>;
}

/**
 * The query string parser of the router and the prepared lane alike: WHATWG form decoding, a
 * repeated name collected into an array.
 */
export function parseQueryString(text: string): Record<string, string | string[]> {
  const parsed: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (const [name, value] of new URLSearchParams(text)) {
    const before = parsed[name];
    if (before === undefined) parsed[name] = value;
    else if (typeof before === 'string') parsed[name] = [before, value];
    else before.push(value);
  }
  return parsed;
}

function acceptedWindow(
  name: string,
  first: string,
  last: string,
  zone: string,
  maxDaysAhead: number,
): string {
  return `${name} must be a date YYYY-MM-DD from ${first} (today in ${zone}) to ${last} (${maxDaysAhead} days ahead)`;
}

/**
 * Resolves a date parameter against today in `zone`: absent gives today; a malformed or
 * out-of-window value is a 400 that states the accepted window with real dates.
 */
export function resolveDate(
  raw: string | undefined,
  zone: string,
  now: number,
  bounds: DateBounds,
  name = 'date',
): string {
  const today = localDate(now, zone);
  if (raw === undefined) return today;
  const last = addDays(today, bounds.maxDaysAhead);
  if (!isCalendarDate(raw) || raw < today || raw > last) {
    throw new ApiError(
      'invalid_request',
      `${acceptedWindow(name, today, last, zone, bounds.maxDaysAhead)}; got ${quoted(raw)}.`,
    );
  }
  return raw;
}

export interface DateRangeBounds {
  readonly fromMaxDaysAhead: number;
  /** Largest accepted `to - from` in days. */
  readonly maxSpanDays: number;
  /** `to - from` when `to` is absent. */
  readonly defaultSpanDays: number;
}

/** `from` and `to` (`/v1/resorts/{resort}/events`): `from` a date parameter, `to` within `maxSpanDays` after it. */
export function dateRangeParams(bounds: DateRangeBounds) {
  const to = dateParam({ maxDaysAhead: bounds.fromMaxDaysAhead + bounds.maxSpanDays, meaning: 'Last night' });
  return {
    from: dateParam({ maxDaysAhead: bounds.fromMaxDaysAhead, meaning: 'First night' }),
    to: {
      ...to,
      rule: `a date YYYY-MM-DD from \`from\` to at most ${bounds.maxSpanDays} days after it; default ${bounds.defaultSpanDays} days after \`from\`.`,
      schema: Type.String({
        format: 'date',
        description: `Last night YYYY-MM-DD: from \`from\` to at most ${bounds.maxSpanDays} days after it; default ${bounds.defaultSpanDays} days after \`from\`.`,
      }),
    } satisfies QueryParam<string | undefined>,
  };
}

/** Resolves `from`/`to`: `from` as a date parameter, `to` within `maxSpanDays` after it. */
export function resolveDateRange(
  raw: { from?: string | undefined; to?: string | undefined },
  zone: string,
  now: number,
  bounds: DateRangeBounds,
): { from: string; to: string } {
  const from = resolveDate(
    raw.from,
    zone,
    now,
    { maxDaysAhead: bounds.fromMaxDaysAhead, meaning: '' },
    'from',
  );
  if (raw.to === undefined) return { from, to: addDays(from, bounds.defaultSpanDays) };
  const last = addDays(from, bounds.maxSpanDays);
  if (!isCalendarDate(raw.to) || raw.to < from || daysBetween(from, raw.to) > bounds.maxSpanDays) {
    const problem = !isCalendarDate(raw.to)
      ? 'which is not a date'
      : raw.to < from
        ? `which is before from (${from})`
        : `which is more than ${bounds.maxSpanDays} days after from`;
    throw new ApiError(
      'invalid_request',
      `to must be a date YYYY-MM-DD from ${from} (the from date) to ${last} (${bounds.maxSpanDays} days after from); got ${quoted(raw.to)}, ${problem}.`,
    );
  }
  return { from, to: raw.to };
}

/** The park-local dates of the last `days` days including today, oldest first. */
export function localDaysBack(days: number, zone: string, now: number): string[] {
  const today = localDate(now, zone);
  return Array.from({ length: days }, (_, i) => addDays(today, i - days + 1));
}
