import { Type, type Static } from 'typebox';
import { isoTimestamp } from '../../lib/time.js';
import type { Outage } from '../../store/ports.js';
import { Nullable, Timestamp } from '../schemas/common.js';

export const OutageSchema = Type.Object(
  {
    status: Type.Union([Type.Literal('DOWN'), Type.Literal('BRIEF_DELAY'), Type.Literal('WEATHER_DELAY')], {
      description: 'The status that opened the outage.',
    }),
    started_at: Timestamp,
    ended_at: Nullable({ ...Timestamp, description: 'Null while ongoing.' }),
    ongoing: Type.Boolean({ description: 'True while the ride is still down.' }),
    duration_minutes: Type.Number({ description: 'Down time so far for an ongoing outage.' }),
  },
  { additionalProperties: false },
);
export type OutageView = Static<typeof OutageSchema>;

export function presentOutage(outage: Outage, now: number): OutageView {
  const end = outage.ended_at ?? now;
  return {
    status: outage.status as OutageView['status'],
    started_at: isoTimestamp(outage.started_at),
    ended_at: outage.ended_at === null ? null : isoTimestamp(outage.ended_at),
    ongoing: outage.ended_at === null,
    duration_minutes: Math.round((end - outage.started_at) / 6_000) / 10,
  };
}
