import { Type, type Static } from 'typebox';
import { isoTimestamp } from '../../lib/time.js';
import type { ReportedOutage } from '../../services/outages.js';
import type { ReopeningEstimate } from '../../services/reopening/index.js';
import { Nullable, Timestamp } from '../../http/schemas/common.js';

const WHEN_NULL =
  'Null when nothing can be estimated: before the service has fitted its model on the recorded outages, while the park is closed, or when its hours cannot be read.';

/**
 * When a down ride is expected back, from the recorded outages: an estimate, recomputed every
 * minute. Shared by the outage lists and a ride's `live`.
 */
export const ReopeningProperties = {
  expected_reopen_at: Nullable({
    ...Timestamp,
    description: `Estimate of when the ride reopens: the median length of recorded outages like this one (same status, at the ride's opening or during the day; the ride's own history pooled with rides of its kind at the park, the park and every park) that lasted as long as this one has so far. Never after the park's closing: an estimate that runs past it is given as the closing time (the ride may not reopen today). ${WHEN_NULL}`,
  }),
  reopen_earliest: Nullable({
    ...Timestamp,
    description: `Start of the 80% range of the reopening: 10% of such outages are over by then. Capped at the park's closing like expected_reopen_at. ${WHEN_NULL}`,
  }),
  reopen_latest: Nullable({
    ...Timestamp,
    description: `End of the 80% range of the reopening: 90% of such outages are over by then. The park's closing when the range runs past it (the ride may not reopen today). ${WHEN_NULL}`,
  }),
};

export type ReopeningView = {
  readonly [K in keyof typeof ReopeningProperties]: string | null;
};

export const NO_REOPENING: ReopeningView = {
  expected_reopen_at: null,
  reopen_earliest: null,
  reopen_latest: null,
};

export function presentReopening(estimate: ReopeningEstimate | null): ReopeningView {
  if (!estimate) return NO_REOPENING;
  return {
    expected_reopen_at: isoTimestamp(estimate.expected_at),
    reopen_earliest: isoTimestamp(estimate.earliest_at),
    reopen_latest: isoTimestamp(estimate.latest_at),
  };
}

export const OutageSchema = Type.Object(
  {
    status: Type.Union([Type.Literal('DOWN'), Type.Literal('BRIEF_DELAY'), Type.Literal('WEATHER_DELAY')], {
      description: 'The status that opened the outage.',
    }),
    started_at: Timestamp,
    ended_at: Nullable({ ...Timestamp, description: 'Null while ongoing.' }),
    ongoing: Type.Boolean({ description: 'True while the ride is still down.' }),
    duration_minutes: Type.Number({ description: 'Down time so far for an ongoing outage.' }),
    ...ReopeningProperties,
  },
  { additionalProperties: false },
);
export type OutageView = Static<typeof OutageSchema>;

export function presentOutage(outage: ReportedOutage, now: number): OutageView {
  const end = outage.ended_at ?? now;
  return {
    status: outage.status as OutageView['status'],
    started_at: isoTimestamp(outage.started_at),
    ended_at: outage.ended_at === null ? null : isoTimestamp(outage.ended_at),
    ongoing: outage.ended_at === null,
    duration_minutes: Math.round((end - outage.started_at) / 6_000) / 10,
    // An ended outage has no estimate: the service gives one to open outages only.
    ...presentReopening(outage.ended_at === null ? outage.reopening : null),
  };
}
