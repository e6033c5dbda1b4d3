/**
 * A park's live waits as served: by `/waits` and by the stream `snapshot` message. One function, so
 * both say the same thing, including when the park has no current live data: queued rides listed
 * with status `unavailable` and no numbers, rather than stale values.
 */
import { Type } from 'typebox';
import type { Park } from '../../catalog/types.js';
import { isoTimestamp } from '../../lib/time.js';
import type { DataStatus, ParkLiveView } from '../../live/live-state.js';
import { unavailableEntry } from '../../live/unavailable.js';
import { Nullable } from '../schemas/common.js';
import { presentLiveEntry, type LiveEntryView } from './live-entry.js';

/** The status fields of `ParkWaitsView`, as both the `/waits` body and the `snapshot` message declare them. */
export const ParkWaitsStatusProperties = {
  data_status: Type.Union([Type.Literal('live'), Type.Literal('unavailable')], {
    description:
      'live: from a refresh under 15 seconds old (three 5-second polls). unavailable: no current live data; queued rides are listed with status unavailable and no numbers.',
  }),
  park_status: Nullable(
    Type.Union([Type.Literal('open'), Type.Literal('closed')], {
      description:
        'Whether the park is inside its operating hours (a park whose feed publishes no schedule: whether any of its rides reports OPERATING); null when unavailable.',
    }),
  ),
};

export interface ParkWaitsView {
  readonly data_status: DataStatus;
  /** Whether the park is inside its operating hours; null when unavailable. */
  readonly park_status: 'open' | 'closed' | null;
  /** Last successful refresh, whether or not it is still current. */
  readonly refreshed_at: string | null;
  readonly entries: LiveEntryView[];
  /** Why the data is unavailable; null when live. */
  readonly unavailable_reason: string | null;
}

/** @param now stamps `changed_at` of the placeholder entries when the park is unavailable. */
export function presentParkWaits(park: Park, view: ParkLiveView, now: number): ParkWaitsView {
  const refreshed_at = view.refreshed_at === undefined ? null : isoTimestamp(view.refreshed_at);
  if (!view.snapshot) {
    return {
      data_status: 'unavailable',
      park_status: null,
      refreshed_at,
      entries: park.attractions
        .filter((a) => a.type === 'ride')
        .map((ride) => presentLiveEntry(unavailableEntry(ride, now))),
      unavailable_reason: view.reason ?? 'unknown reason',
    };
  }
  return {
    data_status: 'live',
    park_status: view.snapshot.open ? 'open' : 'closed',
    refreshed_at,
    entries: view.snapshot.entries.map(presentLiveEntry),
    unavailable_reason: null,
  };
}
