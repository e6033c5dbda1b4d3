import { Type, type Static } from 'typebox';
import type { Attraction, Park } from '../../../catalog/types.js';
import { UpstreamError } from '../../../feeds/types.js';
import type { ApiContext } from '../../../http/context.js';
import { defineEndpoint } from '../../../http/endpoint.js';
import { ApiError } from '../../../http/errors.js';
import { requirePark } from '../../../http/lookup.js';
import { PriorityLaneSchema, presentPriorityLane } from '../../../http/resources/live-entry.js';
import {
  PARK_PARAM,
  dateParam,
  quoted,
  resolveDate,
  textParam,
  type QueryParam,
} from '../../../http/params.js';
import { Envelope, LocalDate, Nullable, Timestamp } from '../../../http/schemas/common.js';
import { isoTimestamp, localDate } from '../../../lib/time.js';
import { FORECAST_DAYS } from '../../../models/horizon-bands.js';
import { WALKING_PACES, type WalkingPace } from '../../../models/plan/walking.js';
import {
  PLAN_MAX_RIDES,
  PlanRequestError,
  type LocalWindow,
  type PlanRequest,
  type TouringPlan,
} from '../../../services/plan.js';
import { ParkHeaderProperties, parkHeader } from '../../resources/park.js';
import { upstreamApiError } from '../../upstream-error.js';

const DATE_BOUNDS = { maxDaysAhead: FORECAST_DAYS - 1, meaning: 'Park-local date of the plan' };
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
 * `rides` is required, but checked in `resolve` after the date and `from`: a request whose date or
 * `from` is wrong hears about that first, whatever else it lacks.
 */
const RIDES_PARAM: QueryParam<string | undefined> = {
  ...textParam({ required: false, description: RIDES_DESCRIPTION, maxLength: 2000 }),
  rule: RIDES_RULE,
  required: true,
};

const StepSchema = Type.Object(
  {
    ride_id: Type.String(),
    name: Type.String(),
    land: Type.String(),
    walk_minutes: Type.Number({ minimum: 0, description: 'Walk from the previous stop (or the start).' }),
    arrive_at: { ...Timestamp, description: "When the party reaches the ride's entrance." },
    join_at: {
      ...Timestamp,
      description:
        'When it joins the line: later than arrival only when it waits for the ride to open, its return window, or a lower wait.',
    },
    predicted_wait_minutes: Type.Number({
      minimum: 0,
      description: 'Predicted posted wait on joining (the priority lane: 0 inside a return window).',
    }),
    lower_bound: Type.Number({ minimum: 0, description: 'Lower end of the 80% range of the wait.' }),
    upper_bound: Type.Number({ minimum: 0, description: 'Upper end of the 80% range of the wait.' }),
    estimated_actual_wait_minutes: Nullable(
      Type.Number({
        minimum: 0,
        description:
          'How long the posted wait really takes, where the live data estimates it (the next ride when planning today); null otherwise.',
      }),
    ),
    ride_minutes: Type.Number({ minimum: 0 }),
    depart_at: Timestamp,
    via: Type.Union([Type.Literal('standby'), Type.Literal('return_window')]),
    priority_lane: Nullable({
      ...PriorityLaneSchema,
      description:
        "The return window the ride's priority lane offers now (a standby step, planning today on live data): what booking it instead of standing in line would give. Null otherwise.",
    }),
  },
  { additionalProperties: false, title: 'PlanStep' },
);

const PlanBody = Envelope(
  {
    ...ParkHeaderProperties,
    date: { ...LocalDate, description: 'Park-local date of the plan.' },
    basis: Type.Union([Type.Literal('forecast'), Type.Literal('live')], {
      description:
        "forecast: the models' hourly predictions for the date. live (today, on live data): the posted waits now, today's nowcast for the rest of the day, rides down now kept out until their expected reopening, and the priority lanes' return windows on offer now (each standby step's `priority_lane`).",
    }),
    start_at: Timestamp,
    end_at: Timestamp,
    steps: Type.Array(StepSchema, { description: 'The rides in the order to ride them.' }),
    not_planned: Type.Array(
      Type.Object(
        {
          ride_id: Type.String(),
          reason: Type.Union(
            [
              Type.Literal('closed'),
              Type.Literal('down'),
              Type.Literal('refurbishment'),
              Type.Literal('out_of_time'),
            ],
            {
              description:
                'closed: not operating between start and end; down: down now with no reopening expected before end; refurbishment: closed for refurbishment; out_of_time: does not fit before end.',
            },
          ),
        },
        { additionalProperties: false, title: 'PlanNotPlanned' },
      ),
    ),
    totals: Type.Object(
      {
        wait_minutes: Type.Number({ minimum: 0 }),
        walk_minutes: Type.Number({ minimum: 0 }),
        finish_at: Timestamp,
      },
      { additionalProperties: false, title: 'PlanTotals' },
    ),
    given_order_wait_minutes: Type.Number({
      minimum: 0,
      description:
        'Total predicted wait riding the same rides in the order given, joining each line on arrival (rides that no longer fit are skipped).',
    }),
    shortest_wait_now_wait_minutes: Type.Number({
      minimum: 0,
      description: 'Total predicted wait always heading for the ride with the shortest wait at that moment.',
    }),
    lower_bound_wait_minutes: Type.Number({
      minimum: 0,
      description: 'A total wait for the planned rides that no order can beat on these predictions.',
    }),
    method: Type.Union([Type.Literal('exact'), Type.Literal('search')], {
      description: 'exact: the order is proven best on these predictions; search: found by a bounded search.',
    }),
    prediction_generated_at: {
      ...Timestamp,
      description: 'When the models behind the predictions were last recomputed.',
    },
  },
  "A touring plan: the order of a party's rides with the least expected time in line.",
  'ParkPlan',
);
export type ParkPlanResponse = Static<typeof PlanBody>;

interface PlanInput {
  readonly request: PlanRequest;
  /** Seconds the plan stays good: as long as the data it is based on. */
  readonly maxAge: number;
}

/** A plan on today's live data ages with the live waits (the max-age of `/waits`). */
const LIVE_PLAN_MAX_AGE = 5;
/** Today without live data: the nowcast moves with the models, which refit through the day. */
const TODAY_FORECAST_PLAN_MAX_AGE = 60;
/** A later date's forecast, as `/best-times` and `/crowds` cache theirs. */
const FORECAST_PLAN_MAX_AGE = 300;

/** Each ride named in a list, resolved within the park; a 400 naming the first that is not. */
function ridesOf(context: ApiContext, park: Park, names: readonly string[], parameter: string): Attraction[] {
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

/** `GET /v1/parks/{park}/plan`. */
export const getPlan = defineEndpoint({
  url: '/v1/parks/:park/plan',
  operationId: 'getParkPlan',
  summary:
    'A touring plan: the order of up to 25 rides with the least expected time in line, from the predicted waits of the date.',
  description: `Orders the rides to wait least in standby lines on a park-local date, today through ${FORECAST_DAYS - 1} days ahead, from the service's hourly wait predictions (today: the posted waits now and today's nowcast, so a request re-plans as the day unfolds). Up to about ten rides the order is proven best; beyond, a bounded search finds it, with a lower bound no order beats. The answer states the same rides' wait in the order given and by always taking the shortest wait now, so the saving is shown.`,
  tag: 'Parks',
  params: { park: PARK_PARAM },
  query: {
    rides: RIDES_PARAM,
    date: dateParam(DATE_BOUNDS),
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
  },
  body: PlanBody,
  errors: [400, 401, 403, 404, 429, 503],
  maxAge: LIVE_PLAN_MAX_AGE,
  maxAgeOf: {
    rule: `public, max-age=${LIVE_PLAN_MAX_AGE} for a plan on today's live data (basis live), max-age=${TODAY_FORECAST_PLAN_MAX_AGE} for today without live data, max-age=${FORECAST_PLAN_MAX_AGE} for a later date's forecast`,
    of: (input: PlanInput) => input.maxAge,
  },
  provider: true,
  examples: [
    '/v1/parks/magic-kingdom/plan?rides=space-mountain,seven-dwarfs-mine-train,peter-pans-flight',
    '/v1/parks/epcot/plan?rides=test-track,soarin-across-america,frozen-ever-after&pace=fast',
  ],
  resolve: ({ params, query }, context): { key: string; version: string; input: PlanInput } => {
    const park = requirePark(context, params.park);
    const date = resolveDate(query.date, park.time_zone, context.clock.now(), DATE_BOUNDS);
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
    const request: PlanRequest = {
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
    return {
      key: JSON.stringify([
        park.key,
        date,
        rides.map((r) => r.id),
        query.start,
        query.end,
        query.pace,
        query.break,
        returns.map((r) => [r.ride.id, r.window]),
        done.map((r) => r.id),
        from?.id,
      ]),
      version: context.services.plan.version(park, date),
      input: { request, maxAge: maxAgeOfPlan(context, park, date) },
    };
  },
  build: async ({ request }, context) => presentPlan(context, await planOf(context, request)),
});

function maxAgeOfPlan(context: ApiContext, park: Park, date: string): number {
  if (context.services.plan.basis(park, date) === 'live') return LIVE_PLAN_MAX_AGE;
  const today = date === localDate(context.clock.now(), park.time_zone);
  return today ? TODAY_FORECAST_PLAN_MAX_AGE : FORECAST_PLAN_MAX_AGE;
}

async function planOf(context: ApiContext, request: PlanRequest): Promise<TouringPlan> {
  try {
    return await context.services.plan.plan(request);
  } catch (error) {
    if (error instanceof PlanRequestError) throw new ApiError('invalid_request', error.message);
    if (error instanceof UpstreamError) throw upstreamApiError(error, 'Touring plan');
    throw error;
  }
}

function presentPlan(context: ApiContext, plan: TouringPlan): ParkPlanResponse {
  return context.envelopes.wrap(
    {
      ...parkHeader(plan.park),
      date: plan.date,
      basis: plan.basis,
      start_at: isoTimestamp(plan.start_at),
      end_at: isoTimestamp(plan.end_at),
      steps: plan.steps.map((step) => ({
        ride_id: step.ride.id,
        name: step.ride.name,
        land: step.ride.land,
        walk_minutes: step.walk_minutes,
        arrive_at: isoTimestamp(step.arrive_at),
        join_at: isoTimestamp(step.join_at),
        predicted_wait_minutes: step.predicted_wait_minutes,
        lower_bound: step.lower_bound,
        upper_bound: step.upper_bound,
        estimated_actual_wait_minutes: step.estimated_actual_wait_minutes,
        ride_minutes: step.ride_minutes,
        depart_at: isoTimestamp(step.depart_at),
        via: step.via,
        priority_lane: presentPriorityLane(step.priority_lane),
      })),
      not_planned: plan.not_planned.map(({ ride, reason }) => ({ ride_id: ride.id, reason })),
      totals: {
        wait_minutes: plan.total_wait_minutes,
        walk_minutes: plan.total_walk_minutes,
        finish_at: isoTimestamp(plan.finish_at),
      },
      given_order_wait_minutes: plan.given_order_wait_minutes,
      shortest_wait_now_wait_minutes: plan.shortest_wait_now_wait_minutes,
      lower_bound_wait_minutes: plan.lower_bound_wait_minutes,
      method: plan.method,
      prediction_generated_at: isoTimestamp(plan.generated_at),
    },
    context.links.parkPage(plan.park),
  );
}
