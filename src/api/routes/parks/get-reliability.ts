import { Type } from 'typebox';
import { isoTimestamp } from '../../../lib/time.js';
import { RELIABILITY_WINDOW_DAYS } from '../../../services/reliability.js';
import type { ApiContext } from '../../context.js';
import { endpoint } from '../../endpoint.js';
import { findPark, requirePark } from '../../lookup.js';
import { RideReliabilitySchema } from '../../resources/reliability.js';
import { Envelope, Timestamp } from '../../schemas/common.js';
import type { Park } from '../../../catalog/types.js';
import { sendPrepared } from '../../prepared/body.js';
import { PreparedCache } from '../../prepared/cache.js';
import type { ApiServer } from '../../server.js';
import { ParkPath } from './params.js';

const ReliabilityBody = Envelope(
  {
    park_id: Type.String(),
    park_key: Type.String(),
    park_name: Type.String(),
    window_days: Type.Literal(RELIABILITY_WINDOW_DAYS),
    window_start: {
      ...Timestamp,
      description: 'Start of the 30-day window, or the coverage start until 30 days have passed.',
    },
    computed_at: Timestamp,
    rides: Type.Array(RideReliabilitySchema, { description: 'Queued rides, least reliable first.' }),
    truncated: Type.Boolean({
      description: 'True while coverage is younger than the window, so the window is shorter.',
    }),
    data_status: Type.Union([Type.Literal('available'), Type.Literal('unavailable')], {
      description: 'unavailable until the park has been observed open at least once in the window.',
    }),
    note: Type.String(),
  },
  'Ride reliability over 30 days.',
);

/** Row 11: `GET /v1/parks/{park}/reliability`. */
export function registerGetReliability(app: ApiServer, context: ApiContext): void {
  const cache = new PreparedCache(context.clock);
  const MAX_AGE = 300;
  app.get(
    '/v1/parks/:park/reliability',
    {
      ...endpoint({
        operationId: 'getParkReliability',
        summary:
          'Ride uptime, outages and down time over 30 days, least reliable first; recomputed every 5 minutes.',
        description:
          "Computed only from the operator's own status feed inside the park's operating hours. Recomputed every 5 minutes.",
        tag: 'Parks',
        params: ParkPath,
        body: ReliabilityBody,
        errors: [400, 401, 403, 404, 429, 503],
        maxAge: MAX_AGE,
        provider: true,
        prepared: (params) => {
          const park = findPark(context, params.park);
          return park && cache.peek(park.key, context.reliability.version(park));
        },
      }),
    },
    async (request, reply) => {
      const park = requirePark(context, request.params.park);
      const version = context.reliability.version(park);
      const body = await cache.get(park.key, version, MAX_AGE, () => reliabilityBody(context, park));
      return sendPrepared(request, reply, body);
    },
  );
}

async function reliabilityBody(context: ApiContext, park: Park) {
  const computed = await context.reliability.forPark(park);
  const observed = computed.rides.some((ride) => ride.operating_minutes > 0);
  return context.envelopes.wrap(
    {
      park_id: park.id,
      park_key: park.key,
      park_name: park.name,
      window_days: RELIABILITY_WINDOW_DAYS,
      window_start: isoTimestamp(computed.window_start),
      computed_at: isoTimestamp(computed.computed_at),
      rides: [...computed.rides],
      truncated: computed.truncated,
      data_status: observed ? ('available' as const) : ('unavailable' as const),
      note: `From the operator's status feed inside operating hours only; recomputed every 5 minutes. Coverage began ${context.config.coverageStart}.`,
    },
    context.links.parkPage(park),
  );
}
