/**
 * The spec's query parameters, declared once: each helper gives the TypeBox schema (validation and
 * the OpenAPI text) and the resolver that applies the rules that depend on today in the park's zone.
 * An endpoint only states its bounds.
 */
import { Type } from 'typebox';
import { addDays, daysBetween, isCalendarDate, localDate } from '../lib/time.js';
import { ApiError } from './errors.js';

export interface DaysBounds {
  readonly max: number;
  readonly fallback: number;
  /** What the days count, for the description (e.g. "park-local days back including today"). */
  readonly meaning: string;
}

/** `days`: an integer from 1 to `max`; Fastify validates it and the error handler quotes the description. */
export function daysQuery(bounds: DaysBounds) {
  return Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: bounds.max,
      default: bounds.fallback,
      description: `Number of ${bounds.meaning}: an integer from 1 to ${bounds.max}; default ${bounds.fallback}.`,
    }),
  );
}

/** Every valid `days` as the prepared lane may answer it (`LaneRouteOptions.queries`). */
export function daysQueryValues(bounds: DaysBounds): Record<string, string>[] {
  return Array.from({ length: bounds.max }, (_, index) => ({ days: String(index + 1) }));
}

export interface DateBounds {
  /** Last accepted date, in days after today (park-local). */
  readonly maxDaysAhead: number;
  /** What the date means, for the description (e.g. "Park-local date", "First night"). */
  readonly meaning: string;
}

/** `date` (or another date parameter): `YYYY-MM-DD`, today through `maxDaysAhead` days ahead. */
export function dateQuery(bounds: DateBounds) {
  return Type.Optional(
    Type.String({
      format: 'date',
      description: `${bounds.meaning} YYYY-MM-DD in the local time zone: today through ${bounds.maxDaysAhead} days ahead; default today.`,
    }),
  );
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
      `${acceptedWindow(name, today, last, zone, bounds.maxDaysAhead)}; got "${raw}".`,
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

export function dateRangeQuery(bounds: DateRangeBounds) {
  return {
    from: dateQuery({ maxDaysAhead: bounds.fromMaxDaysAhead, meaning: 'First night' }),
    to: Type.Optional(
      Type.String({
        format: 'date',
        description: `Last night YYYY-MM-DD: from \`from\` to at most ${bounds.maxSpanDays} days after it; default ${bounds.defaultSpanDays} days after \`from\`.`,
      }),
    ),
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
    throw new ApiError(
      'invalid_request',
      `to must be a date YYYY-MM-DD from ${from} (the from date) to ${last} (${bounds.maxSpanDays} days after from); got "${raw.to}".`,
    );
  }
  return { from, to: raw.to };
}

/** The park-local dates of the last `days` days including today, oldest first. */
export function localDaysBack(days: number, zone: string, now: number): string[] {
  const today = localDate(now, zone);
  return Array.from({ length: days }, (_, i) => addDays(today, i - days + 1));
}
