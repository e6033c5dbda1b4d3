import { Type, type Static } from 'typebox';
import type { Park } from '../../../catalog/types.js';
import { UpstreamError } from '../../../feeds/types.js';
import type { ApiContext } from '../../../http/context.js';
import { defineEndpoint } from '../../../http/endpoint.js';
import { ApiError } from '../../../http/errors.js';
import { requirePark } from '../../../http/lookup.js';
import { PriorityLaneSchema, presentPriorityLane } from '../../../http/resources/live-entry.js';
import { PARK_PARAM } from '../../../http/params.js';
import { PLAN_QUERY, planRequestKey, resolvePlanQuery } from '../../../http/plan-query.js';
import { Envelope, LocalDate, Nullable, Timestamp } from '../../../http/schemas/common.js';
import { isoTimestamp, localDate } from '../../../lib/time.js';
import { FORECAST_DAYS } from '../../../models/horizon-bands.js';
import {
  PlanRequestError,
  PlanUnavailableError,
  type PlanRequest,
  type TouringPlan,
} from '../../../services/plan.js';
import { ParkHeaderProperties, parkHeader } from '../../resources/park.js';
import { upstreamApiError } from '../../upstream-error.js';

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
    data_status: Type.Union([Type.Literal('available'), Type.Literal('unavailable')], {
      description:
        'available: a plan. unavailable: the park publishes no hours, none are recorded yet for the weekday of `date`, and the request gave no `start` and `end`; `start_at`, `end_at`, `totals`, the comparison waits and `method` are null, `steps` and `not_planned` empty, and `note` says what to give instead.',
    }),
    note: Nullable(
      Type.String({
        description:
          'At a park that publishes no hours: the window the plan runs within (the start and end given, or the hours its rides are recorded operating on that weekday), or why there is no plan. Null otherwise.',
      }),
    ),
    start_at: Nullable(Timestamp),
    end_at: Nullable(Timestamp),
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
    totals: Nullable(
      Type.Object(
        {
          wait_minutes: Type.Number({ minimum: 0 }),
          walk_minutes: Type.Number({ minimum: 0 }),
          finish_at: Timestamp,
        },
        { additionalProperties: false, title: 'PlanTotals' },
      ),
    ),
    given_order_wait_minutes: Nullable(
      Type.Number({
        minimum: 0,
        description:
          'Total predicted wait riding the same rides in the order given, joining each line on arrival (rides that no longer fit are skipped).',
      }),
    ),
    shortest_wait_now_wait_minutes: Nullable(
      Type.Number({
        minimum: 0,
        description:
          'Total predicted wait always heading for the ride with the shortest wait at that moment.',
      }),
    ),
    lower_bound_wait_minutes: Nullable(
      Type.Number({
        minimum: 0,
        description: 'A total wait for the planned rides that no order can beat on these predictions.',
      }),
    ),
    method: Nullable(
      Type.Union([Type.Literal('exact'), Type.Literal('search')], {
        description:
          'exact: the order is proven best on these predictions; search: found by a bounded search.',
      }),
    ),
    prediction_generated_at: {
      ...Timestamp,
      description: 'When the models behind the predictions were last recomputed.',
    },
  },
  "A touring plan: the order of a party's rides with the least expected time in line.",
  'ParkPlan',
);
/** Either answer: a plan, or the unavailable form (`data_status`). */
export type ParkPlanAnswer = Static<typeof PlanBody>;
/** A plan made (`data_status: available`): the fields the unavailable form leaves null are set. */
export type ParkPlanResponse = ParkPlanAnswer & {
  readonly data_status: 'available';
  readonly start_at: string;
  readonly end_at: string;
  readonly totals: NonNullable<ParkPlanAnswer['totals']>;
  readonly given_order_wait_minutes: number;
  readonly shortest_wait_now_wait_minutes: number;
  readonly lower_bound_wait_minutes: number;
  readonly method: NonNullable<ParkPlanAnswer['method']>;
};

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

/** `GET /v1/parks/{park}/plan`. */
export const getPlan = defineEndpoint({
  url: '/v1/parks/:park/plan',
  operationId: 'getParkPlan',
  summary:
    'A touring plan: the order of up to 25 rides with the least expected time in line, from the predicted waits of the date.',
  description: `Orders the rides to wait least in standby lines on a park-local date, today through ${FORECAST_DAYS - 1} days ahead, from the service's hourly wait predictions (today: the posted waits now and today's nowcast, so a request re-plans as the day unfolds). Up to about ten rides the order is proven best; beyond, a bounded search finds it, with a lower bound no order beats. The answer states the same rides' wait in the order given and by always taking the shortest wait now, so the saving is shown. At a park whose feed publishes no hours, \`start\` and \`end\` default to the hours its rides are recorded operating on that weekday (\`note\` says so); with none recorded yet and no \`start\` and \`end\` given, the answer is \`data_status: unavailable\`.`,
  tag: 'Parks',
  params: { park: PARK_PARAM },
  query: PLAN_QUERY,
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
    const request = resolvePlanQuery(query, park, context);
    const { date } = request;
    return {
      key: planRequestKey(request),
      version: context.services.plan.version(park, date),
      input: { request, maxAge: maxAgeOfPlan(context, park, date) },
    };
  },
  build: async ({ request }, context) => {
    const plan = await planOf(context, request);
    return plan instanceof PlanUnavailableError
      ? presentUnavailable(context, request, plan)
      : presentPlan(context, plan);
  },
});

function maxAgeOfPlan(context: ApiContext, park: Park, date: string): number {
  if (context.services.plan.basis(park, date) === 'live') return LIVE_PLAN_MAX_AGE;
  const today = date === localDate(context.clock.now(), park.time_zone);
  return today ? TODAY_FORECAST_PLAN_MAX_AGE : FORECAST_PLAN_MAX_AGE;
}

async function planOf(
  context: ApiContext,
  request: PlanRequest,
): Promise<TouringPlan | PlanUnavailableError> {
  try {
    return await context.services.plan.plan(request);
  } catch (error) {
    // Missing hours are the service's missing data, not a bad request: the unavailable form.
    if (error instanceof PlanUnavailableError) return error;
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
      data_status: 'available',
      note: plan.note,
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

/** No plan: no hours to plan within (see `data_status`), and no numbers in their place. */
function presentUnavailable(
  context: ApiContext,
  request: PlanRequest,
  unavailable: PlanUnavailableError,
): ParkPlanAnswer {
  return context.envelopes.wrap(
    {
      ...parkHeader(request.park),
      date: request.date,
      basis: context.services.plan.basis(request.park, request.date),
      data_status: 'unavailable',
      note: unavailable.message,
      start_at: null,
      end_at: null,
      steps: [],
      not_planned: [],
      totals: null,
      given_order_wait_minutes: null,
      shortest_wait_now_wait_minutes: null,
      lower_bound_wait_minutes: null,
      method: null,
      prediction_generated_at: isoTimestamp(unavailable.generated_at),
    },
    context.links.parkPage(request.park),
  );
}
