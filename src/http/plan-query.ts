/**
 * The touring plan's query (`rides`, `date`, `start`, `end`, `pace`, `break`, `return`, `done`,
 * `from`), declared and checked once: the endpoint (`api/routes/parks/get-plan.ts`) declares these
 * parameters and resolves them here, and the plan page (`site/pages/plan.ts`) parses its GET form
 * through the same functions, so both refuse the same requests with the same 400 messages.
 */
import { Type } from 'typebox';
import type { Catalog } from '../catalog/catalog.js';
import type { Attraction, Park } from '../catalog/types.js';
import type { Clock } from '../lib/clock.js';
import { FORECAST_DAYS } from '../models/horizon-bands.js';
import { WALKING_PACES, type WalkingPace } from '../models/plan/walking.js';
import { PLAN_MAX_RIDES, type LocalWindow, type PlanRequest } from '../services/plan.js';
import { ApiError } from './errors.js';
import type { Links } from './links.js';
import {
  dateParam,
  parseQuery,
  quoted,
  resolveDate,
  textParam,
  type QueryParam,
  type QueryValues,
} from './params.js';

export const PLAN_DATE_BOUNDS = { maxDaysAhead: FORECAST_DAYS - 1, meaning: 'Park-local date of the plan' };
const CLOCK_TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const CLOCK_WINDOW = /^(([01][0-9]|2[0-3]):[0-5][0-9])-(([01][0-9]|2[0-3]):[0-5][0-9])$/;

function invalidQuery(name: string, problem: string, rule: string): ApiError {
  return new ApiError('invalid_request', `Invalid query parameter "${name}": ${problem}. Accepted: ${rule}`);
}

/** `start`, `end`: a park-local wall-clock time. */
function clockTimeParam(description: string): QueryParam<string | undefined> {
  const rule = `a park-local time HH:MM (24-hour, 00:00-23:59); ${description}`;
  return {
    rule,
    schema: Type.String({ pattern: CLOCK_TIME.source, description: `Park-local time HH:MM; ${description}` }),
    parse(raw, name) {
      if (raw === undefined || CLOCK_TIME.test(raw)) return raw;
      throw invalidQuery(name, `got ${quoted(raw)}`, rule);
    },
  };
}

function windowOf(text: string): LocalWindow | undefined {
  const match = CLOCK_WINDOW.exec(text);
  if (!match?.[1] || !match[3] || match[3] <= match[1]) return undefined;
  return { start: match[1], end: match[3] };
}

const PACE_RULE = `one of ${WALKING_PACES.join(', ')}; default normal.`;
const PACE_PARAM: QueryParam<WalkingPace> = {
  rule: PACE_RULE,
  schema: Type.String({
    enum: [...WALKING_PACES],
    default: 'normal',
    description:
      'Walking pace between rides: slow (small children, strollers), normal or fast; default normal.',
  }),
  parse(raw, name) {
    if (raw === undefined) return 'normal';
    const pace = WALKING_PACES.find((value) => value === raw);
    if (pace) return pace;
    throw invalidQuery(name, `got ${quoted(raw)}`, PACE_RULE);
  },
};

const BREAK_RULE =
  'a park-local window HH:MM-HH:MM ending after it starts (a meal), comma-separated or the parameter repeated.';
const BREAK_PARAM: QueryParam<LocalWindow[]> = {
  rule: BREAK_RULE,
  repeatable: true,
  schema: Type.String({
    description:
      'Breaks (meals) as park-local windows HH:MM-HH:MM, comma-separated or the parameter repeated: the party starts no ride that overlaps one.',
  }),
  parse(raw, name) {
    if (raw === undefined) return [];
    return raw.split(',').map((text) => {
      const window = windowOf(text.trim());
      if (window) return window;
      throw invalidQuery(name, `got ${quoted(text)}`, BREAK_RULE);
    });
  },
};

/** A held return window as sent: the ride still a name, resolved once the park is known. */
interface RawReturn {
  readonly ride: string;
  readonly window: LocalWindow;
}
const RETURN_RULE =
  'a ride and the priority return window the party holds, <ride>@HH:MM-HH:MM (such as space-mountain@10:05-11:05), comma-separated or the parameter repeated.';
const RETURN_PARAM: QueryParam<RawReturn[]> = {
  rule: RETURN_RULE,
  repeatable: true,
  schema: Type.String({
    description:
      'Priority return windows the party holds, <ride>@HH:MM-HH:MM (park-local), comma-separated or the parameter repeated: that ride is ridden inside its window through the priority lane.',
  }),
  parse(raw, name) {
    if (raw === undefined) return [];
    return raw.split(',').map((text) => {
      const at = text.lastIndexOf('@');
      const ride = text.slice(0, at).trim();
      const window = at > 0 ? windowOf(text.slice(at + 1).trim()) : undefined;
      if (ride && window) return { ride, window };
      throw invalidQuery(name, `got ${quoted(text)}`, RETURN_RULE);
    });
  },
};

const RIDES_DESCRIPTION = `Rides to plan, comma-separated: ride IDs, slugs or names within the park (as in /v1/parks/{park}/rides/{ride}); 1 to ${PLAN_MAX_RIDES}, each once`;

const RIDES_RULE = `${RIDES_DESCRIPTION} (required).`;
/**
 * `rides` is required, but checked in `resolvePlanQuery` after the date and `from`: a request whose
 * date or `from` is wrong hears about that first, whatever else it lacks.
 */
const RIDES_PARAM: QueryParam<string | undefined> = {
  ...textParam({ required: false, description: RIDES_DESCRIPTION, maxLength: 2000 }),
  rule: RIDES_RULE,
  required: true,
};

/** The plan's query parameters, as the endpoint declares them (and the OpenAPI document shows). */
export const PLAN_QUERY = {
  rides: RIDES_PARAM,
  date: dateParam(PLAN_DATE_BOUNDS),
  start: clockTimeParam(
    'when the party starts; default the opening (or now, when planning today after opening).',
  ),
  end: clockTimeParam('when the party must be done; default the closing.'),
  pace: PACE_PARAM,
  break: BREAK_PARAM,
  return: RETURN_PARAM,
  done: textParam({
    required: false,
    description: 'Rides already ridden today, comma-separated (as `rides`): left out of the plan',
    maxLength: 2000,
  }),
  from: textParam({
    required: false,
    description: "The ride where the party stands (as in `rides`); default the park's entrance",
    maxLength: 200,
  }),
};

export type PlanQueryValues = QueryValues<typeof PLAN_QUERY>;

/** What resolving a plan's query reads: the rides of the park, where they are listed, and today. */
export interface PlanQueryContext {
  readonly catalog: Pick<Catalog, 'ride'>;
  readonly links: Pick<Links, 'baseUrlPath'>;
  readonly clock: Clock;
}

/** Each ride named in a list, resolved within the park; a 400 naming the first that is not. */
function ridesOf(
  context: PlanQueryContext,
  park: Park,
  names: readonly string[],
  parameter: string,
): Attraction[] {
  const listing = context.links.baseUrlPath(`/v1/parks/${park.key}/rides`);
  const seen = new Set<string>();
  return names.map((name) => {
    const found = context.catalog.ride(name, park);
    if (found.kind !== 'found') {
      const problem =
        found.kind === 'ambiguous'
          ? `${quoted(name)} names ${found.candidates.length} rides (${found.candidates.map((r) => r.id).join(', ')}); use a ride ID`
          : `${quoted(name)} is not one of the ${park.attractions.length} rides of ${park.name}; their IDs, slugs and names are listed at ${listing}`;
      throw new ApiError('invalid_request', `Invalid query parameter "${parameter}": ${problem}.`);
    }
    if (seen.has(found.ride.id)) {
      throw new ApiError(
        'invalid_request',
        `Invalid query parameter "${parameter}": ${quoted(name)} names ${found.ride.id} a second time; name each ride once.`,
      );
    }
    seen.add(found.ride.id);
    return found.ride;
  });
}

function listOf(raw: string | undefined): string[] {
  return raw === undefined ? [] : raw.split(',').map((name) => name.trim());
}

/**
 * The plan a parsed query asks for in `park`: every ride resolved within the park, the date within
 * the forecast horizon, `return` and `from` checked against `rides`, `end` after `start`. Throws
 * ApiError(invalid_request) saying how to fix the first problem found.
 */
export function resolvePlanQuery(query: PlanQueryValues, park: Park, context: PlanQueryContext): PlanRequest {
  const date = resolveDate(query.date, park.time_zone, context.clock.now(), PLAN_DATE_BOUNDS);
  const from = query.from === undefined ? undefined : ridesOf(context, park, [query.from], 'from')[0];
  if (query.rides === undefined) {
    throw invalidQuery('rides', 'it is required', RIDES_RULE);
  }
  const names = listOf(query.rides);
  if (names.length > PLAN_MAX_RIDES) {
    throw new ApiError(
      'invalid_request',
      `Invalid query parameter "rides": got ${names.length} rides. Accepted: ${RIDES_DESCRIPTION}; split a longer list into two plans.`,
    );
  }
  const rides = ridesOf(context, park, names, 'rides');
  const planned = new Set(rides.map((ride) => ride.id));
  const inPlan = (ride: Attraction, parameter: string) => {
    if (!planned.has(ride.id)) {
      throw new ApiError(
        'invalid_request',
        `Invalid query parameter "${parameter}": ${ride.id} is not among \`rides\`; add it there or leave it out here.`,
      );
    }
    return ride;
  };
  const returns = query.return.map(({ ride, window }) => ({
    ride: inPlan(ridesOf(context, park, [ride], 'return')[0] as Attraction, 'return'),
    window,
  }));
  const done = ridesOf(context, park, listOf(query.done), 'done');
  if (query.start !== undefined && query.end !== undefined && query.end <= query.start) {
    throw new ApiError(
      'invalid_request',
      `end (${query.end}) must be after start (${query.start}); send end later than start, both HH:MM park-local.`,
    );
  }
  return {
    park,
    date,
    rides,
    start: query.start,
    end: query.end,
    pace: query.pace,
    breaks: query.break,
    returns,
    done,
    from,
  };
}

/** A query string as parsed (a repeated name collected into an array), checked and resolved. */
export function parsePlanQuery(
  raw: Readonly<Record<string, string | readonly string[] | undefined>>,
  park: Park,
  context: PlanQueryContext,
): PlanRequest {
  return resolvePlanQuery(parseQuery(PLAN_QUERY, raw), park, context);
}

/** One key per distinct plan: two queries naming the same rides and windows share it. */
export function planRequestKey(request: PlanRequest): string {
  return JSON.stringify([
    request.park.key,
    request.date,
    request.rides.map((r) => r.id),
    request.start,
    request.end,
    request.pace,
    request.breaks,
    request.returns.map((r) => [r.ride.id, r.window]),
    request.done.map((r) => r.id),
    request.from?.id,
  ]);
}

/**
 * The request as the endpoint's query, in canonical IDs (rides by ID, windows `HH:MM-HH:MM`, each
 * `break` and `return` its own parameter): what a client re-plans the same choice with.
 */
export function planQueryOf(request: PlanRequest): URLSearchParams {
  const query = new URLSearchParams();
  query.set('rides', request.rides.map((ride) => ride.id).join(','));
  query.set('date', request.date);
  if (request.start !== undefined) query.set('start', request.start);
  if (request.end !== undefined) query.set('end', request.end);
  query.set('pace', request.pace);
  for (const window of request.breaks) query.append('break', `${window.start}-${window.end}`);
  for (const { ride, window } of request.returns)
    query.append('return', `${ride.id}@${window.start}-${window.end}`);
  if (request.done.length > 0) query.set('done', request.done.map((ride) => ride.id).join(','));
  if (request.from) query.set('from', request.from.id);
  return query;
}
