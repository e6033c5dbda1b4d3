import { Type } from 'typebox';
import type { Park } from '../../../catalog/types.js';
import type { ParkLiveView } from '../../../live/live-state.js';
import type { ApiContext } from '../../context.js';
import { endpoint } from '../../endpoint.js';
import { findPark, requirePark } from '../../lookup.js';
import { LiveEntrySchema } from '../../resources/live-entry.js';
import { ParkWaitsStatusProperties, presentParkWaits } from '../../resources/park-waits.js';
import { ParkHeaderProperties, parkHeader } from '../../resources/park.js';
import { Envelope, Nullable, Timestamp } from '../../schemas/common.js';
import { PreparedBody, sendPrepared } from '../../prepared/body.js';
import type { ApiServer } from '../../server.js';
import { ParkPath } from './params.js';

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
);

/** Row 4: `GET /v1/parks/{park}/waits`. */
export function registerGetWaits(app: ApiServer, context: ApiContext): void {
  const waits = new PreparedWaits(context);
  app.get(
    '/v1/parks/:park/waits',
    {
      ...endpoint({
        operationId: 'getParkWaits',
        summary:
          'Posted standby waits, status, single-rider waits and priority return windows of every attraction, from one shared snapshot refreshed at most every 5 seconds.',
        tag: 'Parks',
        params: ParkPath,
        body: WaitsBody,
        errors: [400, 401, 403, 404, 429, 503],
        maxAge: 5,
        provider: true,
        prepared: (params) => {
          const park = findPark(context, params.park);
          return park && waits.body(park);
        },
      }),
    },
    async (request, reply) =>
      sendPrepared(request, reply, waits.body(requirePark(context, request.params.park))),
  );
}

/**
 * One body per park, snapshot and data status: built on the first request after a refresh, then
 * reused. Not a PreparedCache: the body is built synchronously on first demand, in the lane too,
 * and its ETag holds for the whole snapshot (no max-age expiry), which keeps 304s answering.
 */
class PreparedWaits {
  private readonly bodies = new Map<
    string,
    { status: ParkLiveView['data_status']; refreshedAt: number | undefined; body: PreparedBody }
  >();

  constructor(private readonly context: ApiContext) {}

  body(park: Park): PreparedBody {
    const { live, clock, links, envelopes } = this.context;
    const view = live.view(park.key);
    const cached = this.bodies.get(park.key);
    if (cached?.status === view.data_status && cached.refreshedAt === view.refreshed_at) return cached.body;
    const { unavailable_reason, ...waits } = presentParkWaits(park, view, clock.now());
    const note =
      unavailable_reason === null
        ? 'Posted waits as the operator reports them, in minutes. Prefer the stream to polling: one snapshot, then only changes.'
        : `No current live data: ${unavailable_reason} Waits are withheld rather than shown stale.`;
    const body = PreparedBody.of(
      envelopes.wrap({ ...parkHeader(park), ...waits, note }, links.parkPage(park)),
    );
    this.bodies.set(park.key, { status: view.data_status, refreshedAt: view.refreshed_at, body });
    return body;
  }
}
