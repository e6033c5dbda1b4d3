import { Type, type Static } from 'typebox';
import { isoTimestamp } from '../../lib/time.js';
import type { LiveEntry, PriorityLaneWindow } from '../../live/types.js';
import { Nullable, Timestamp } from '../schemas/common.js';

export const LiveStatusSchema = Type.Union(
  [
    Type.Literal('OPERATING'),
    Type.Literal('DOWN'),
    Type.Literal('BRIEF_DELAY'),
    Type.Literal('WEATHER_DELAY'),
    Type.Literal('CLOSED'),
    Type.Literal('REFURBISHMENT'),
    Type.Literal('unavailable'),
  ],
  {
    description:
      'Operator status. DOWN, BRIEF_DELAY and WEATHER_DELAY open an outage; `unavailable`: a queued ride without a live value (waits null).',
  },
);

export const PriorityLaneSchema = Type.Object(
  {
    type: Type.Union([Type.Literal('multi_pass'), Type.Literal('single_pass')], {
      description: 'The multi-pass window is preferred when a ride has both.',
    }),
    state: Nullable(
      Type.Union([Type.Literal('AVAILABLE'), Type.Literal('FINISHED')], {
        description: 'FINISHED: sold out for the day.',
      }),
    ),
    return_start: Nullable(
      Type.String({ format: 'date-time', description: 'Start of the next return window.' }),
    ),
    return_end: Nullable(Type.String({ format: 'date-time', description: 'End of the return window.' })),
    price: Nullable(
      Type.Number({ description: 'Single-ride price in USD; null for the multi-pass window.' }),
    ),
  },
  { description: "The ride's current priority return window.", additionalProperties: false },
);

export const LiveEntrySchema = Type.Object(
  {
    ride_id: Type.String(),
    name: Type.String(),
    type: Type.Union([
      Type.Literal('ride'),
      Type.Literal('experience'),
      Type.Literal('show'),
      Type.Literal('meet'),
    ]),
    status: LiveStatusSchema,
    standby_wait_minutes: Nullable(Type.Integer({ description: 'Posted standby wait.' })),
    estimated_actual_wait_minutes: Nullable(
      Type.Integer({
        minimum: 0,
        description:
          'Estimate of how long the posted standby wait really takes, learned from waits timed by guests in line; null without a posted wait. Set when the posted wait changes.',
      }),
    ),
    estimated_actual_low_minutes: Nullable(
      Type.Integer({ minimum: 0, description: 'Low end of the 80% range of the estimated actual wait.' }),
    ),
    estimated_actual_high_minutes: Nullable(
      Type.Integer({ minimum: 0, description: 'High end of the 80% range of the estimated actual wait.' }),
    ),
    single_rider_wait_minutes: Nullable(Type.Integer({ description: 'Posted single-rider wait.' })),
    priority_lane: Nullable(PriorityLaneSchema),
    changed_at: { ...Timestamp, description: 'When status, a wait or the priority lane last changed.' },
  },
  { additionalProperties: false },
);
export type LiveEntryView = Static<typeof LiveEntrySchema>;
export type PriorityLaneView = Static<typeof PriorityLaneSchema>;

const isoOrNull = (at: number | null) => (at === null ? null : isoTimestamp(at));

export function presentPriorityLane(window: PriorityLaneWindow): PriorityLaneView;
export function presentPriorityLane(window: PriorityLaneWindow | null): PriorityLaneView | null;
export function presentPriorityLane(window: PriorityLaneWindow | null): PriorityLaneView | null {
  if (!window) return null;
  return {
    type: window.type,
    state: window.state,
    return_start: isoOrNull(window.return_start),
    return_end: isoOrNull(window.return_end),
    price: window.price,
  };
}

export function presentLiveEntry(entry: LiveEntry): LiveEntryView {
  return {
    ride_id: entry.ride_id,
    name: entry.name,
    type: entry.type,
    status: entry.status,
    standby_wait_minutes: entry.standby_wait_minutes,
    estimated_actual_wait_minutes: entry.estimated_actual?.minutes ?? null,
    estimated_actual_low_minutes: entry.estimated_actual?.low ?? null,
    estimated_actual_high_minutes: entry.estimated_actual?.high ?? null,
    single_rider_wait_minutes: entry.single_rider_wait_minutes,
    priority_lane: presentPriorityLane(entry.priority_lane),
    changed_at: isoTimestamp(entry.changed_at),
  };
}
