import { Type, type Static } from 'typebox';
import type { Park } from '../../../catalog/types.js';
import { UpstreamError } from '../../../feeds/types.js';
import { upstreamApiError } from '../../upstream-error.js';
import { priorityFeedLabel } from '../../../feeds/sources.js';
import { isoTimestamp } from '../../../lib/time.js';
import type { ApiContext } from '../../../http/context.js';
import { defineEndpoint } from '../../../http/endpoint.js';
import { requirePark } from '../../../http/lookup.js';
import { PARK_PARAM, dateParam, resolveDate } from '../../../http/params.js';
import {
  LiveStatusSchema,
  PriorityLaneSchema,
  presentPriorityLane,
} from '../../../http/resources/live-entry.js';
import { ParkHeaderProperties, parkHeader } from '../../resources/park.js';
import { Envelope, LocalDate, Nullable, Timestamp } from '../../../http/schemas/common.js';

const DATE_BOUNDS = { maxDaysAhead: 29, meaning: 'Park-local date' };

const PriorityLaneBody = Envelope(
  {
    ...ParkHeaderProperties,
    date: { ...LocalDate, description: 'Date the prices apply to.' },
    prices: Type.Array(
      Type.Object(
        {
          product: Type.Union(
            [
              Type.Literal('multi_pass'),
              Type.Literal('single_pass'),
              Type.Literal('premier_pass'),
              Type.Literal('express'),
              Type.Literal('express_unlimited'),
            ],
            {
              description:
                'multi_pass, single_pass (one ride, named in product_name) and premier_pass at the Disney resorts; express and express_unlimited at the Universal resorts.',
            },
          ),
          product_name: Type.String(),
          price: Type.Number(),
          currency: Type.String({ description: 'ISO 4217 currency code.' }),
          available: Type.Boolean({ description: 'False when sold out for the date.' }),
          updated_at: Timestamp,
        },
        { additionalProperties: false, title: 'PriorityLanePrice' },
      ),
    ),
    live_data_status: Type.Union([Type.Literal('live'), Type.Literal('unavailable')], {
      description: 'Whether the return windows come from current live data; unavailable withholds them.',
    }),
    feed: Type.String({
      description:
        'Identifier of the operator feed used: `sim` (simulated), or `themeparks-wiki`, which at the Universal parks reads `themeparks-wiki (brief and weather delays reported as DOWN)` because that upstream folds those delays into DOWN.',
    }),
    checked_at: { ...Timestamp, description: 'When the prices were last read from the feed.' },
    rides: Type.Array(
      Type.Object(
        {
          ride_id: Type.String(),
          name: Type.String(),
          status: LiveStatusSchema,
          priority_lane: PriorityLaneSchema,
          next_return_time: Nullable({
            ...Timestamp,
            description: 'Start of the next return window; null when sold out.',
          }),
          changed_at: Timestamp,
        },
        { additionalProperties: false, title: 'PriorityLaneRide' },
      ),
      {
        description:
          "Today only: each ride's current return window and single-ride price, soonest return first.",
      },
    ),
    note: Type.String(),
  },
  'Priority-lane prices and return windows.',
  'PriorityLane',
);
export type PriorityLaneResponse = Static<typeof PriorityLaneBody>;

/** `GET /v1/parks/{park}/priority-lane`. */
export const getPriorityLane = defineEndpoint({
  url: '/v1/parks/:park/priority-lane',
  operationId: 'getParkPriorityLane',
  summary:
    "Priority-lane prices for a date (multi-pass, single-ride, premier; express at Universal) and, for today, each ride's current return window, soonest first.",
  description:
    'Prices for the park-local `date` as last read from the operator (Lightning Lane Multi Pass, Single Pass per ride and Premier Pass at the Disney resorts; Universal Express at the Universal resorts), checked at most once a minute. For today, `rides` lists each ride’s current return window from the live data, soonest return first and sold-out (FINISHED) rides last; for a later date, and while the park has no current live data, `rides` is empty and `note` says why.',
  tag: 'Parks',
  params: { park: PARK_PARAM },
  query: { date: dateParam(DATE_BOUNDS) },
  body: PriorityLaneBody,
  errors: [400, 401, 403, 404, 429, 503],
  maxAge: 5,
  provider: true,
  examples: ['/v1/parks/magic-kingdom/priority-lane', '/v1/parks/usf/priority-lane'],
  resolve: ({ params, query }, context) => {
    const park = requirePark(context, params.park);
    const date = resolveDate(query.date, park.time_zone, context.clock.now(), DATE_BOUNDS);
    return {
      key: `${park.key}|${date}`,
      version: context.services.priorityLane.version(park),
      input: { park, date },
    };
  },
  build: ({ park, date }, context) => priorityLaneBody(context, park, date),
});

async function priorityLaneBody(
  context: ApiContext,
  park: Park,
  date: string,
): Promise<PriorityLaneResponse> {
  const { config, links, envelopes, services } = context;
  let day;
  try {
    day = await services.priorityLane.forDate(park, date);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    throw upstreamApiError(error, 'Priority-lane prices');
  }
  const rides = day.rides.map((entry) => {
    const lane = presentPriorityLane(entry.priority_lane);
    return {
      ride_id: entry.ride_id,
      name: entry.name,
      status: entry.status,
      priority_lane: lane,
      next_return_time: lane.return_start,
      changed_at: isoTimestamp(entry.changed_at),
    };
  });
  return envelopes.wrap(
    {
      ...parkHeader(park),
      date,
      prices: day.prices.prices.map((p) => ({
        product: p.product,
        product_name: p.product_name,
        price: p.price.amount,
        currency: p.price.currency,
        available: p.available,
        updated_at: isoTimestamp(p.updated_at),
      })),
      live_data_status: day.live.data_status,
      feed: priorityFeedLabel(config.feed, park),
      checked_at: isoTimestamp(day.prices.checked_at),
      rides,
      note: !day.today
        ? 'Return windows are live for today only; prices are as last checked for the date.'
        : day.live.snapshot
          ? 'Return windows from the live feed, soonest first; sold-out rides (FINISHED) last.'
          : `Return windows withheld: ${day.live.reason ?? 'no current live data'}`,
    },
    links.parkPage(park),
  );
}
