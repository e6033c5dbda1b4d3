/**
 * The live shapes as served: a `/waits` entry, which stream `snapshot` and `changes` messages carry
 * too, and a park's snapshot. Times are epoch milliseconds here; presenters format them.
 */
import type { AttractionType, PriorityLaneType } from '../catalog/types.js';
import type { OperatorStatus, ReturnWindowState } from '../feeds/types.js';
import type { ActualWaitEstimate } from '../models/actual-wait.js';

/** Operator statuses, plus `unavailable` for a queued ride with no live value. */
export type LiveStatus = OperatorStatus | 'unavailable';

export interface PriorityLaneWindow {
  readonly type: PriorityLaneType;
  readonly state: ReturnWindowState | null;
  readonly return_start: number | null;
  readonly return_end: number | null;
  /** Single-ride price in dollars; null for the multi-pass window. */
  readonly price: number | null;
}

export interface LiveEntry {
  readonly ride_id: string;
  readonly name: string;
  readonly type: AttractionType;
  readonly status: LiveStatus;
  readonly standby_wait_minutes: number | null;
  /**
   * How long the posted standby wait will really take, with its 80% range; null without a posted
   * wait. Worked out when the posted wait changes, so it never changes on its own.
   */
  readonly estimated_actual: ActualWaitEstimate | null;
  readonly single_rider_wait_minutes: number | null;
  readonly priority_lane: PriorityLaneWindow | null;
  /** When status, a wait or the priority lane last changed. */
  readonly changed_at: number;
}

export interface ParkSnapshot {
  readonly park_key: string;
  /** When the upstream reading behind this snapshot was taken. */
  readonly refreshed_at: number;
  readonly open: boolean;
  readonly entries: readonly LiveEntry[];
}
