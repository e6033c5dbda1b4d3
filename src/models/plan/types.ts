/**
 * The touring-plan problem as the optimiser sees it: minutes since the plan's day origin (park-local
 * midnight), waits as functions of the minute a party joins a line, and walks between stops. Pure
 * data: the service builds it from forecasts or live state, the backtest from recorded waits.
 */

/** A window of minutes since the day's origin, `start` inclusive, `end` exclusive. */
export interface MinuteWindow {
  readonly start: number;
  readonly end: number;
}

export interface PlanRide {
  /** The caller's identifier, echoed in the result. */
  readonly id: string;
  /** Minutes the ride itself takes, from boarding to exit. */
  readonly rideMinutes: number;
  /**
   * Expected standby wait in minutes for a party joining the line at `minute`, or `null` when the
   * ride does not operate then (closed, down, outside its hours).
   */
  waitAt(minute: number): number | null;
  /**
   * A priority return window the party holds: the ride is ridden inside it through the priority
   * lane (a wait of `priorityWaitMinutes`, default 0), never through standby.
   */
  readonly returnWindow?: MinuteWindow;
  readonly priorityWaitMinutes?: number;
}

export interface PlanProblem {
  readonly rides: readonly PlanRide[];
  /** When the party starts, where it stands: `from` is an index into `rides` or `'entrance'`. */
  readonly start: number;
  readonly end: number;
  /** Walking minutes between two stops; `'entrance'` is the park's entrance (or the starting point). */
  walkMinutes(from: number | 'entrance', to: number): number;
  /** Meals and other fixed breaks: the party is busy inside each and starts no ride that overlaps it. */
  readonly breaks: readonly MinuteWindow[];
}

export interface PlannedStep {
  /** Index into the problem's `rides`. */
  readonly ride: number;
  readonly walkMinutes: number;
  /** When the party reaches the ride's entrance. */
  readonly arriveAt: number;
  /** When it joins the line (later than arrival only when it must wait for a window or opening). */
  readonly joinAt: number;
  readonly waitMinutes: number;
  readonly via: 'standby' | 'return_window';
  readonly departAt: number;
}

export type NotPlannedReason = 'closed' | 'out_of_time';

export interface PlanResult {
  readonly steps: readonly PlannedStep[];
  readonly notPlanned: readonly { ride: number; reason: NotPlannedReason }[];
  readonly totalWaitMinutes: number;
  readonly totalWalkMinutes: number;
  /**
   * Minutes the party stands about between rides, neither walking, in line, riding nor on a break:
   * waiting for a line to shorten, a ride to open or a return window to start.
   */
  readonly totalIdleMinutes?: number;
  readonly finishAt: number;
  /** A total wait that no order of the planned rides can beat on these waits. */
  readonly lowerBoundWaitMinutes: number;
  /** `exact` when the order is proven best, `search` when found by a bounded search. */
  readonly method: 'exact' | 'search';
}
