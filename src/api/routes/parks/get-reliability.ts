import { Type, type Static } from 'typebox';
import type { Park } from '../../../catalog/types.js';
import { isoTimestamp } from '../../../lib/time.js';
import { RELIABILITY_WINDOW_DAYS } from '../../../services/reliability.js';
import type { ApiContext } from '../../../http/context.js';
import { defineEndpoint } from '../../../http/endpoint.js';
import { requirePark } from '../../../http/lookup.js';
import { PARK_PARAM } from '../../../http/params.js';
import { RideReliabilitySchema } from '../../resources/reliability.js';
import { Envelope, Timestamp } from '../../../http/schemas/common.js';

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
  'ParkReliability',
);
export type ParkReliabilityResponse = Static<typeof ReliabilityBody>;

/** `GET /v1/parks/{park}/reliability`. */
export const getReliability = defineEndpoint({
  url: '/v1/parks/:park/reliability',
  operationId: 'getParkReliability',
  summary:
    'Ride uptime, outages and down time over 30 days, least reliable first; recomputed every 5 minutes.',
  description:
    "Computed only from the operator's own status feed inside the park's operating hours: a ride is down from a Down, Brief Delay or Weather Delay report until any other status. Recomputed every 5 minutes. Until 30 days of coverage exist the window starts at the coverage start and `truncated` is true.",
  tag: 'Parks',
  params: { park: PARK_PARAM },
  body: ReliabilityBody,
  errors: [400, 401, 403, 404, 429, 503],
  maxAge: 300,
  provider: true,
  examples: ['/v1/parks/magic-kingdom/reliability', '/v1/parks/dhs/reliability'],
  resolve: ({ params }, context) => {
    const park = requirePark(context, params.park);
    return { key: park.key, version: context.services.reliability.version(park), input: park };
  },
  build: (park, context) => reliabilityBody(context, park),
});

async function reliabilityBody(context: ApiContext, park: Park): Promise<ParkReliabilityResponse> {
  const computed = await context.services.reliability.forPark(park);
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
      data_status: observed ? 'available' : 'unavailable',
      note: `${observed ? '' : 'No ride observed in an open park yet in the window, so no figures. '}From the operator's status feed inside operating hours only; recomputed every 5 minutes. Coverage began ${context.config.coverageStart}.`,
    },
    context.links.parkPage(park),
  );
}
