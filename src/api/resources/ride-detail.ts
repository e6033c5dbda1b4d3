import { Type, type Static } from 'typebox';
import type { Attraction, Park } from '../../catalog/types.js';
import { isoTimestamp } from '../../lib/time.js';
import { RELIABILITY_WINDOW_DAYS } from '../../services/reliability.js';
import type { ApiContext } from '../../http/context.js';
import { Envelope, Nullable, Timestamp } from '../../http/schemas/common.js';
import { isOutageStatus } from '../../live/outage-status.js';
import { LiveEntrySchema, presentLiveEntry } from '../../http/resources/live-entry.js';
import { NO_REOPENING, ReopeningProperties, presentReopening } from './outage.js';
import { RideReliabilitySchema } from './reliability.js';
import { RideSchema, presentRide } from './ride.js';

const { ride_id: _id, name: _name, type: _type, ...liveValues } = LiveEntrySchema.properties;
const { ride_id: _rid, name: _rname, ...reliabilityValues } = RideReliabilitySchema.properties;

const LiveSchema = Type.Object(
  {
    data_status: Type.Union([Type.Literal('live'), Type.Literal('unavailable')]),
    refreshed_at: Nullable(Timestamp),
    ...liveValues,
    changed_at: Nullable(Timestamp),
    ...ReopeningProperties,
  },
  {
    description:
      'The live wait. With data_status unavailable, or while the operator reports nothing for the ride, status is unavailable and the numbers are null. While the ride is down (DOWN, BRIEF_DELAY or WEATHER_DELAY), expected_reopen_at and the 80% range say when it is expected back, as on its open outage in /v1/rides/{ride}/outages; null otherwise.',
    additionalProperties: false,
  },
);

const ReliabilitySummarySchema = Nullable(
  Type.Object(
    { window_days: Type.Literal(RELIABILITY_WINDOW_DAYS), window_start: Timestamp, ...reliabilityValues },
    {
      description: '30-day summary; null for attractions that are not queued rides.',
      additionalProperties: false,
    },
  ),
);

/** `/v1/parks/{park}/rides/{ride}` and `/v1/rides/{ride}` answer the same body: facts, the live wait and the 30-day reliability summary. */
export const RideDetailBody = Envelope(
  {
    ...RideSchema.properties,
    live: Type.Optional(LiveSchema),
    reliability: Type.Optional(ReliabilitySummarySchema),
  },
  'One ride: facts, live wait and 30-day reliability. Facts that are not public are omitted.',
  'RideDetail',
);
export type RideDetailResponse = Static<typeof RideDetailBody>;

/**
 * Its park's live state, its outages (a down ride's reopening estimate moves each minute) and
 * reliability: the inputs of `live` and `reliability` in the body.
 */
export function rideDetailVersion(context: ApiContext, park: Park): string {
  const { live, outages, reliability } = context.services;
  return `${live.version(park.key)}|${outages.version(park)}|${reliability.version(park)}`;
}

async function reliabilitySummary(context: ApiContext, ride: Attraction, park: Park) {
  if (ride.type !== 'ride') return null;
  const { park: computed, ride: row } = await context.services.reliability.forRide(park, ride.id);
  if (!row) return null;
  const { ride_id: _r, name: _n, ...values } = row;
  return {
    window_days: RELIABILITY_WINDOW_DAYS as typeof RELIABILITY_WINDOW_DAYS,
    window_start: isoTimestamp(computed.window_start),
    ...values,
  };
}

async function liveSummary(context: ApiContext, ride: Attraction, park: Park) {
  const view = context.services.live.view(park.key);
  const refreshed_at = view.refreshed_at === undefined ? null : isoTimestamp(view.refreshed_at);
  const entry = view.snapshot?.entries.find((e) => e.ride_id === ride.id);
  if (!entry) {
    return {
      data_status: view.data_status,
      refreshed_at,
      status: 'unavailable' as const,
      standby_wait_minutes: null,
      estimated_actual_wait_minutes: null,
      estimated_actual_low_minutes: null,
      estimated_actual_high_minutes: null,
      single_rider_wait_minutes: null,
      priority_lane: null,
      changed_at: null,
      ...NO_REOPENING,
    };
  }
  const { ride_id: _r, name: _n, type: _t, ...values } = presentLiveEntry(entry);
  const down = isOutageStatus(entry.status)
    ? await context.services.outages.openFor(park, ride.id)
    : undefined;
  return {
    data_status: view.data_status,
    refreshed_at,
    ...values,
    ...presentReopening(down?.reopening ?? null),
  };
}

/** Facts always; `live` and `reliability` only while provider-derived data is enabled. */
export async function rideDetail(context: ApiContext, ride: Attraction, park: Park) {
  const facts = presentRide(ride, park, context.links);
  const body = context.access.providerDataEnabled
    ? {
        ...facts,
        live: await liveSummary(context, ride, park),
        reliability: await reliabilitySummary(context, ride, park),
      }
    : facts;
  return context.envelopes.wrap(body, context.links.ridePage(ride));
}
