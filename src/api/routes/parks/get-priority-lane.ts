import { Type } from 'typebox';
import { UpstreamError } from '../../../feeds/types.js';
import { isoTimestamp, localDate } from '../../../lib/time.js';
import type { ApiContext } from '../../context.js';
import { endpoint } from '../../endpoint.js';
import { ApiError } from '../../errors.js';
import { findPark, requirePark } from '../../lookup.js';
import { dateQuery, resolveDate } from '../../params.js';
import { LiveStatusSchema, PriorityLaneSchema, presentPriorityLane } from '../../resources/live-entry.js';
import { ParkHeaderProperties, parkHeader } from '../../resources/park.js';
import { Envelope, LocalDate, Nullable, Timestamp } from '../../schemas/common.js';
import type { Park } from '../../../catalog/types.js';
import { sendPrepared } from '../../prepared/body.js';
import { PreparedCache } from '../../prepared/cache.js';
import type { ApiServer } from '../../server.js';
import { ParkParam } from './params.js';

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
                'multi_pass, single_pass (one ride, see ride_id) and premier_pass at the Disney resorts; express and express_unlimited at the Universal resorts.',
            },
          ),
          product_name: Type.String(),
          ride_id: Type.Optional(Type.String({ description: 'For single_pass: the ride it buys.' })),
          price: Type.Number(),
          currency: Type.String({ description: 'ISO 4217 currency code.' }),
          available: Type.Boolean({ description: 'False when sold out for the date.' }),
          updated_at: Timestamp,
        },
        { additionalProperties: false },
      ),
    ),
    live_data_status: Type.Union([Type.Literal('live'), Type.Literal('unavailable')], {
      description: 'Whether the return windows come from current live data; unavailable withholds them.',
    }),
    feed: Type.String({ description: 'Identifier of the operator feed used.' }),
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
        { additionalProperties: false },
      ),
      {
        description:
          "Today only: each ride's current return window and single-ride price, soonest return first.",
      },
    ),
    note: Type.String(),
  },
  'Priority-lane prices and return windows.',
);

/** Row 10: `GET /v1/parks/{park}/priority-lane`. */
export function registerGetPriorityLane(app: ApiServer, context: ApiContext): void {
  const { clock, live } = context;
  const cache = new PreparedCache(clock);
  const MAX_AGE = 5;
  // Return windows come from the live snapshot, so the park's live state versions the body.
  const version = (park: Park) => live.version(park.key);
  app.get(
    '/v1/parks/:park/priority-lane',
    {
      ...endpoint({
        operationId: 'getParkPriorityLane',
        summary:
          "Priority-lane prices for a date (multi-pass, single-ride, premier; express at Universal) and, for today, each ride's current return window, soonest first.",
        tag: 'Parks',
        params: Type.Object({ park: ParkParam }),
        querystring: Type.Object({ date: dateQuery(DATE_BOUNDS) }),
        body: PriorityLaneBody,
        errors: [400, 401, 403, 404, 429, 503],
        maxAge: MAX_AGE,
        provider: true,
        prepared: (params) => {
          const park = findPark(context, params.park);
          if (!park) return undefined;
          const today = resolveDate(undefined, park.time_zone, clock.now(), DATE_BOUNDS);
          return cache.peek(`${park.key}|${today}`, version(park));
        },
      }),
    },
    async (request, reply) => {
      const park = requirePark(context, request.params.park);
      const date = resolveDate(request.query.date, park.time_zone, clock.now(), DATE_BOUNDS);
      const body = await cache.get(`${park.key}|${date}`, version(park), MAX_AGE, () =>
        priorityLaneBody(context, park, date),
      );
      return sendPrepared(request, reply, body);
    },
  );
}

async function priorityLaneBody(context: ApiContext, park: Park, date: string) {
  const { clock, live, config, links, envelopes } = context;
  const now = clock.now();
  let checked;
  try {
    checked = await context.priorityPrices.forDate(park, date);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    throw new ApiError(
      'upstream_unavailable',
      `Priority-lane prices are unavailable right now (${error.message}); retry in 30 seconds.`,
      {
        'Retry-After': 30,
      },
    );
  }
  const view = live.view(park.key);
  const today = date === localDate(now, park.time_zone);
  const rides =
    today && view.snapshot
      ? view.snapshot.entries
          .flatMap((entry) => {
            const lane = presentPriorityLane(entry.priority_lane);
            if (!lane) return [];
            return [
              {
                ride_id: entry.ride_id,
                name: entry.name,
                status: entry.status,
                priority_lane: lane,
                next_return_time: lane.return_start,
                changed_at: isoTimestamp(entry.changed_at),
              },
            ];
          })
          .sort((a, b) => (a.next_return_time ?? '\uffff').localeCompare(b.next_return_time ?? '\uffff'))
      : [];
  return envelopes.wrap(
    {
      ...parkHeader(park),
      date,
      prices: checked.prices.map((p) => ({
        product: p.product,
        product_name: p.product_name,
        ...(p.ride_id === undefined ? {} : { ride_id: p.ride_id }),
        price: p.price.amount,
        currency: p.price.currency,
        available: p.available,
        updated_at: isoTimestamp(p.updated_at),
      })),
      live_data_status: view.data_status,
      feed: config.feed,
      checked_at: isoTimestamp(checked.checked_at),
      rides,
      note: !today
        ? 'Return windows are live for today only; prices are as last checked for the date.'
        : view.snapshot
          ? 'Return windows from the live feed, soonest first; sold-out rides (FINISHED) last.'
          : `Return windows withheld: ${view.reason ?? 'no current live data'}`,
    },
    links.parkPage(park),
  );
}
