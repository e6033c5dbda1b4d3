/**
 * The reopening estimate's backtest on recorded outages (`models backtest-outages`): origins every
 * 7 days back from the end of the history, the model fitted on the outages that ended before each
 * origin, and every outage that started in the 7 days after it scored when it starts and at 10, 30
 * and 60 minutes into it while still open, against the remaining time it actually lasted.
 *
 * - Every figure is capped at the park's closing, as the service publishes it: an outage the
 *   ride's closing cut is scored against the time to that cut (it did not reopen before it).
 * - Outages whose end nobody saw (observation stopped) or that are still open are not scored.
 * - Naive: the ride's median outage length among the outages fitted (every outage's median for a
 *   ride with none), minus the minutes already down, at least zero; not capped at the closing, as
 *   the issue defines it: the reference a reader would reach for.
 *
 * Pure: the caller reads the store and says when each park closes.
 */
import {
  DEFAULT_REOPENING_OPTIONS,
  ReopeningModel,
  observationsBefore,
  type OutageGroup,
  type OutageObservation,
  type RecordedOutage,
  type ReopeningOptions,
} from '../models/reopening.js';
import { median } from '../models/stats.js';
import { round } from './scoring.js';

export const CHECKPOINT_MINUTES = [0, 10, 30, 60] as const;
export const ORIGIN_STEP_DAYS = 7;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export interface OutageBacktestInput {
  /** Every recorded outage, of every park. */
  readonly outages: readonly RecordedOutage[];
  /** When the park closes, for an instant it is open at; undefined while it is closed. */
  closingAt(parkKey: string, at: number): number | undefined;
  /** When recording began, and ended. */
  readonly since: number;
  readonly until: number;
  readonly options?: ReopeningOptions;
  /** Adds the bound (`BoundScore`). */
  readonly bound?: boolean;
}

export interface CheckpointScore {
  readonly minutes_down: number;
  readonly outages_scored: number;
  /** Mean absolute error of the expected remaining time, minutes; null when none was scored. */
  readonly mae_minutes: number | null;
  readonly naive_mae_minutes: number | null;
  /** Share of scored outages whose remaining time fell inside the 80% range. */
  readonly coverage_80: number | null;
}

/** The same scores for the outages of one status and way of opening. */
export interface GroupScore {
  readonly status: OutageGroup;
  readonly at_opening: boolean;
  readonly checkpoints: readonly CheckpointScore[];
}

/**
 * Not a forecast: the error left if the median remaining time of the scored outages themselves,
 * per status and way of opening, had been known in advance. What any estimate that tells outages
 * apart by those alone could reach at best.
 */
export interface BoundScore {
  readonly minutes_down: number;
  readonly mae_minutes: number | null;
}

export interface OutageBacktestResult {
  readonly origins: number;
  /** The first origin and the end of the history (UTC ISO). */
  readonly from: string | null;
  readonly until: string;
  readonly outages_recorded: number;
  readonly checkpoints: readonly CheckpointScore[];
  readonly by_status: readonly GroupScore[];
  /** Only when asked for (`bound`). */
  readonly bound?: readonly BoundScore[];
}

/** One outage scored at one checkpoint. */
interface Scored {
  readonly checkpoint: number;
  readonly group: string;
  readonly truth: number;
  readonly expected: number;
  readonly naive: number;
  readonly covered: boolean;
}

/** The naive answer's median length per ride, and over every outage, from the fitted outages. */
function naiveMedians(fitted: readonly OutageObservation[]): (rideId: string) => number | undefined {
  const byRide = new Map<string, number[]>();
  for (const outage of fitted) {
    const list = byRide.get(outage.ride_id);
    if (list) list.push(outage.minutes);
    else byRide.set(outage.ride_id, [outage.minutes]);
  }
  const overall = fitted.length > 0 ? median(fitted.map((outage) => outage.minutes)) : undefined;
  const rides = new Map([...byRide].map(([ride, list]) => [ride, median(list)]));
  return (rideId) => rides.get(rideId) ?? overall;
}

const groupKey = (outage: { group: OutageGroup; at_opening: boolean }) =>
  `${outage.group}${outage.at_opening ? '/opening' : ''}`;

function scores(scored: readonly Scored[]): CheckpointScore[] {
  return CHECKPOINT_MINUTES.map((t, checkpoint) => {
    const list = scored.filter((point) => point.checkpoint === checkpoint);
    const mean = (of: (point: Scored) => number) =>
      list.length > 0 ? list.reduce((sum, point) => sum + of(point), 0) / list.length : null;
    const nullable = (value: number | null, digits?: number) =>
      value === null ? null : round(value, digits);
    return {
      minutes_down: t,
      outages_scored: list.length,
      mae_minutes: nullable(mean((point) => Math.abs(point.expected - point.truth))),
      naive_mae_minutes: nullable(mean((point) => Math.abs(point.naive - point.truth))),
      coverage_80: nullable(
        mean((point) => (point.covered ? 1 : 0)),
        3,
      ),
    };
  });
}

/** Each checkpoint's error had every group's median remaining time been known in advance. */
function bound(scored: readonly Scored[]): BoundScore[] {
  return CHECKPOINT_MINUTES.map((t, checkpoint) => {
    const groups = new Map<string, number[]>();
    for (const point of scored) {
      if (point.checkpoint !== checkpoint) continue;
      const list = groups.get(point.group);
      if (list) list.push(point.truth);
      else groups.set(point.group, [point.truth]);
    }
    let error = 0;
    let count = 0;
    for (const truths of groups.values()) {
      const middle = median(truths);
      for (const truth of truths) error += Math.abs(truth - middle);
      count += truths.length;
    }
    return { minutes_down: t, mae_minutes: count > 0 ? round(error / count) : null };
  });
}

export function backtestOutages(input: OutageBacktestInput): OutageBacktestResult {
  const options = input.options ?? DEFAULT_REOPENING_OPTIONS;
  const outages = [...input.outages].sort((a, b) => a.started_at - b.started_at);
  const origins: number[] = [];
  // An origin needs a week of history before it to fit on.
  const step = ORIGIN_STEP_DAYS * DAY_MS;
  for (let origin = input.until - step; origin >= input.since + step; origin -= step) origins.unshift(origin);
  const scored: Scored[] = [];
  for (const origin of origins) {
    const fitted = observationsBefore(outages, origin, options);
    const model = new ReopeningModel(fitted, options);
    const naiveLength = naiveMedians(fitted);
    for (const outage of outages) {
      if (outage.started_at < origin || outage.started_at >= origin + step) continue;
      const endedAt = outage.ended_at;
      if (endedAt === null || outage.end === null || outage.end === 'unobserved') continue;
      CHECKPOINT_MINUTES.forEach((t, checkpoint) => {
        const at = outage.started_at + t * MINUTE_MS;
        const closing = endedAt > at ? input.closingAt(outage.park_key, at) : undefined;
        if (closing === undefined) return;
        const cap = (closing - at) / MINUTE_MS;
        const length = model.lengthGiven(outage, t);
        const remaining = (minutes: number | undefined) =>
          minutes === undefined ? cap : Math.min(cap, minutes - t);
        const truth = Math.min(cap, (endedAt - at) / MINUTE_MS);
        scored.push({
          checkpoint,
          group: groupKey(outage),
          truth,
          expected: remaining(length.median),
          naive: Math.max(0, (naiveLength(outage.ride_id) ?? 0) - t),
          covered: remaining(length.low) <= truth && truth <= remaining(length.high),
        });
      });
    }
  }
  const groups = [...new Set(outages.map(groupKey))].sort();
  return {
    origins: origins.length,
    from: origins[0] === undefined ? null : new Date(origins[0]).toISOString(),
    until: new Date(input.until).toISOString(),
    outages_recorded: outages.length,
    checkpoints: scores(scored),
    by_status: groups.map((group) => {
      const [status, opening] = group.split('/');
      return {
        status: status as OutageGroup,
        at_opening: opening !== undefined,
        checkpoints: scores(scored.filter((point) => point.group === group)),
      };
    }),
    ...(input.bound === true ? { bound: bound(scored) } : {}),
  };
}
