/**
 * Lightning Lane return windows (Disney only: Universal Express is a separate line with no return
 * time, so Universal attractions get no windows; Express is sold through the price feed).
 *
 * The next available return R(t) starts the day at open + a (the share already booked in advance)
 * and moves later at v minutes of return time per minute of clock time, never sooner than
 * t + lead. Both grow with demand d = (peak wait / 60) × crowd, so:
 * - a headliner on a typical day (d≈1.2-1.4) starts ~2 h out and sells out around midday or early
 *   afternoon, and on a peak day (d≈2) by mid-morning, as Peter Pan's Flight Multi Pass does;
 * - a popular ride (d≈0.75) keeps windows until the evening;
 * - a minor ride (d<0.5) offers a return ~10 minutes out all day.
 * A window lasts 60 minutes (cut at close); starts are on 5-minute marks. When demand pushes R(t)
 * past close - 30 minutes the ride is sold out for the day (FINISHED, no start or end); a ride whose
 * demand never gets there keeps offering windows up to close (the last ones start 30 minutes
 * before close), as lane rides do on quiet days. Single Pass demand is damped by its
 * price (d × 0.55): it lasts into the evening on typical days and sells out by mid-afternoon on
 * peak days.
 */
import type { Money, ReturnWindow } from '../types.js';
import type { PriorityLaneType } from '../../catalog/types.js';
import { clamp } from './calendar.js';

const MINUTE_MS = 60_000;
const FIVE_MINUTES_MS = 5 * MINUTE_MS;
const WINDOW_MS = 60 * MINUTE_MS;

export interface ReturnModel {
  readonly type: PriorityLaneType;
  readonly price: Money | null;
  /** OPERATING window bounds, epoch ms. */
  readonly open: number;
  readonly close: number;
  /** Minutes of advance bookings at open, return minutes per clock minute, minimum lead. */
  readonly advance: number;
  readonly velocity: number;
  readonly lead: number;
  /** First instant at which the lane is sold out (Infinity or after close: never that day). */
  readonly soldOutAt: number;
}

/** `jitter` is a per ride-day number in [0, 1). */
export function returnModel(
  type: PriorityLaneType,
  price: Money | null,
  open: number,
  close: number,
  demand: number,
  jitter: number,
): ReturnModel {
  const d = (type === 'single_pass' ? demand * 0.55 : demand) * (0.88 + 0.24 * jitter);
  const advance = clamp(150 * (d - 0.45), 0, 420);
  const velocity = clamp(0.3 + 1.4 * d * d, 0.3, 6);
  const lead = 5 + 10 * Math.min(d, 1);
  const lastStart = close - 30 * MINUTE_MS;
  // R(t) = max(t + lead, open + advance + v (t - open)) > lastStart, solved for t.
  const byVelocity = open + (((lastStart - open) / MINUTE_MS - advance) / velocity) * MINUTE_MS;
  const byLead = lastStart - lead * MINUTE_MS;
  // Sold out only when demand outruns the day; otherwise the lane offers the last windows to close.
  const soldOutAt =
    byVelocity < byLead ? Math.max(open, Math.ceil(byVelocity / MINUTE_MS) * MINUTE_MS) : Infinity;
  return { type, price, open, close, advance, velocity, lead, soldOutAt };
}

export function returnWindowAt(model: ReturnModel, t: number): ReturnWindow {
  if (t >= model.soldOutAt) {
    return { type: model.type, state: 'FINISHED', start: null, end: null, price: model.price };
  }
  const byDemand = model.open + (model.advance + model.velocity * ((t - model.open) / MINUTE_MS)) * MINUTE_MS;
  const next = Math.max(t + model.lead * MINUTE_MS, byDemand);
  // Late in the day the window starts no later than 30 minutes before close and ends at close.
  const lastStart = Math.floor((model.close - 30 * MINUTE_MS) / FIVE_MINUTES_MS) * FIVE_MINUTES_MS;
  const start = Math.min(lastStart, Math.ceil(next / FIVE_MINUTES_MS) * FIVE_MINUTES_MS);
  const end = Math.min(start + WINDOW_MS, model.close);
  return { type: model.type, state: 'AVAILABLE', start, end, price: model.price };
}
