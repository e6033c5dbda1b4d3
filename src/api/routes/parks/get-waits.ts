import { Type, type Static } from 'typebox';
import { defineEndpoint } from '../../../http/endpoint.js';
import { requirePark } from '../../../http/lookup.js';
import { PARK_PARAM } from '../../../http/params.js';
import { LiveEntrySchema } from '../../../http/resources/live-entry.js';
import { ParkWaitsStatusProperties, presentParkWaits } from '../../../http/resources/park-waits.js';
import { ParkHeaderProperties, parkHeader } from '../../resources/park.js';
import { Envelope, Nullable, Timestamp } from '../../../http/schemas/common.js';

const WaitsBody = Envelope(
  {
    ...ParkHeaderProperties,
    ...ParkWaitsStatusProperties,
    refreshed_at: Nullable({
      ...Timestamp,
      description: 'When the live data was last refreshed successfully.',
    }),
    entries: Type.Array(LiveEntrySchema, {
      description:
        'Queued rides always; walk-throughs, shows and character meets only while the operator reports them.',
    }),
    note: Type.String(),
  },
  "A park's live waits from one shared snapshot.",
  'ParkWaits',
);
export type ParkWaitsResponse = Static<typeof WaitsBody>;

/** `GET /v1/parks/{park}/waits`. */
export const getWaits = defineEndpoint({
  url: '/v1/parks/:park/waits',
  operationId: 'getParkWaits',
  summary:
    'Posted standby waits, status, single-rider waits and priority return windows of every attraction, from one shared snapshot refreshed at most every 5 seconds.',
  description:
    'Queued rides (`type: ride`) are always listed: with status `unavailable` and null waits while the operator reports no live value for them. Walk-throughs (`experience`), shows and character meets are listed only while the operator reports them. When the park has no current live data (no successful refresh in the last 2 minutes, or the last refresh failed), `data_status` is `unavailable` and no numbers are given, never old ones. Prefer the streams to polling: one snapshot, then only changes.',
  tag: 'Parks',
  params: { park: PARK_PARAM },
  body: WaitsBody,
  errors: [400, 401, 403, 404, 429, 503],
  maxAge: 5,
  provider: true,
  // Every number in the body comes from the live view its version names.
  reuse: 'version',
  examples: ['/v1/parks/magic-kingdom/waits', '/v1/parks/dca/waits'],
  resolve: ({ params }, context) => {
    const park = requirePark(context, params.park);
    return { key: park.key, version: context.services.live.version(park.key), input: park };
  },
  build: (park, { services, clock, links, envelopes }) => {
    const { unavailable_reason, ...waits } = presentParkWaits(
      park,
      services.live.view(park.key),
      clock.now(),
    );
    const note =
      unavailable_reason === null
        ? 'Posted waits as the operator reports them, in minutes. Prefer the stream to polling: one snapshot, then only changes.'
        : `No current live data: ${unavailable_reason} Waits are withheld rather than shown stale.`;
    return envelopes.wrap({ ...parkHeader(park), ...waits, note }, links.parkPage(park));
  },
});
