import { Type } from 'typebox';
import { unavailableEntry } from '../../../live/unavailable.js';
import type { ApiContext } from '../../context.js';
import { endpointSchema } from '../../endpoint.js';
import { requirePark } from '../../lookup.js';
import { LiveEntrySchema, presentLiveEntry } from '../../resources/live-entry.js';
import { ParkHeaderProperties, parkHeader } from '../../resources/park.js';
import { Envelope, Nullable, Timestamp } from '../../schemas/common.js';
import type { ApiServer } from '../../server.js';
import { ParkPath } from './params.js';

const WaitsBody = Envelope(
  {
    ...ParkHeaderProperties,
    data_status: Type.Union([Type.Literal('live'), Type.Literal('unavailable')], {
      description:
        'live: from a refresh under 2 minutes old. unavailable: no current live data; queued rides are listed with status unavailable and no numbers.',
    }),
    park_status: Nullable(
      Type.Union([Type.Literal('open'), Type.Literal('closed')], {
        description: 'Whether the park is inside its operating hours; null when unavailable.',
      }),
    ),
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
  const { live, clock, links, envelopes } = context;
  app.get(
    '/v1/parks/:park/waits',
    {
      schema: endpointSchema({
        operationId: 'getParkWaits',
        summary:
          'Posted standby waits, status, single-rider waits and priority return windows of every attraction, from one shared snapshot refreshed at most every 5 seconds.',
        tag: 'Parks',
        params: ParkPath,
        body: WaitsBody,
        errors: [400, 401, 403, 404, 429, 503],
      }),
      config: { maxAge: 5 },
    },
    async (request) => {
      const park = requirePark(context, request.params.park);
      const view = live.view(park.key);
      const refreshed_at = view.refreshed_at === undefined ? null : new Date(view.refreshed_at).toISOString();
      if (!view.snapshot) {
        const now = clock.now();
        return envelopes.wrap(
          {
            ...parkHeader(park),
            data_status: 'unavailable' as const,
            park_status: null,
            refreshed_at,
            entries: park.attractions
              .filter((a) => a.type === 'ride')
              .map((ride) => presentLiveEntry(unavailableEntry(ride, now))),
            note: `No current live data: ${view.reason ?? 'unknown reason'} Waits are withheld rather than shown stale.`,
          },
          links.parkPage(park),
        );
      }
      return envelopes.wrap(
        {
          ...parkHeader(park),
          data_status: 'live' as const,
          park_status: view.snapshot.open ? ('open' as const) : ('closed' as const),
          refreshed_at,
          entries: view.snapshot.entries.map(presentLiveEntry),
          note: 'Posted waits as the operator reports them, in minutes. Prefer the stream to polling: one snapshot, then only changes.',
        },
        links.parkPage(park),
      );
    },
  );
}
