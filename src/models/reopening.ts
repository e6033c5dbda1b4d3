/**
 * When a down ride reopens: how long an outage lasts, learned from the recorded outages as an
 * empirical survival curve per minute, and read conditionally on the minutes it has already lasted.
 *
 * - Each outage counts in the minute it ended (minute m holds lengths in (m-1, m]). One that did
 *   not end in a reopening (the ride closed for the day, or observation stopped) is censored: it
 *   counts as still down through its last whole minute and never as an end, so closings do not pass
 *   for short outages.
 * - Outages are told apart by how they opened: the status (Brief Delay, Down, Weather Delay), and
 *   whether the ride had not run yet that day (an outage at opening: a late opening, or a ride that
 *   never opens) or stopped during the day. The two are different events with different lengths.
 * - The hazard of minute m (the share of outages still down after m-1 minutes that end in minute
 *   m) is pooled down a chain: every outage → every outage of the status → of the status and way of
 *   opening → the park's → its rides of the same kind → the ride's own, each level's ends and
 *   outages at risk shrunk toward the level above with the weight of `shrinkage` outages. A ride
 *   with many outages of a length follows its own; one with none follows its kind. The top level
 *   shrinks toward one constant hazard (ends over minutes at risk), which carries the tail past the
 *   longest outage seen.
 * - The time of day scales that hazard: per park, status and way of opening, and part of the day
 *   (park-local, split at 11:00, 15:00 and 19:00), the ends seen over the ends the pooled curves
 *   expected of those same outages, shrunk toward 1 with the weight of `timeOfDayShrinkage` expected ends.
 *   A factor, not a level of the chain: a level split by the hour would leave each ride too few
 *   outages of its own, and the ride's level would wash the hour out again.
 * - Given t minutes down, the remaining length's quantiles come from S(t + x) / S(t).
 *
 * Pure: no clock, no I/O; the caller chooses which outages it learns from and caps the answer at
 * the park's closing.
 */
import type { RideKind } from '../catalog/ride-kind.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export const OUTAGE_GROUPS = ['BRIEF_DELAY', 'DOWN', 'WEATHER_DELAY'] as const;
export type OutageGroup = (typeof OUTAGE_GROUPS)[number];

/** What the estimate depends on, for an outage open now or one recorded. */
export interface OutageQuery {
  readonly ride_id: string;
  readonly park_key: string;
  /** Undefined for a ride the catalog does not know: it pools from its park. */
  readonly kind: RideKind | undefined;
  /** The status that opened it. */
  readonly group: OutageGroup;
  /** Opened at the ride's opening (it had not run yet that day) rather than as a stop. */
  readonly at_opening: boolean;
  /** The park-local hour it opened in, 0-23. */
  readonly local_hour: number;
}

/** Park-local hours where a part of the day starts after the first (the morning). */
const DAY_PART_STARTS = [11, 15, 19] as const;

/** 0 (morning) to 3 (evening). */
export function dayPart(localHour: number): number {
  return DAY_PART_STARTS.filter((start) => localHour >= start).length;
}

/**
 * How a recorded outage ended: the ride reopened; it closed instead (for the day, or at the park's
 * closing); or observation stopped (the service was down), so nobody knows.
 */
export type OutageEnd = 'reopened' | 'closed' | 'unobserved';

/** An outage as recorded, open or ended. */
export interface RecordedOutage extends OutageQuery {
  readonly started_at: number;
  /** Null while open. */
  readonly ended_at: number | null;
  /** Null while open. */
  readonly end: OutageEnd | null;
}

/**
 * What the model learns from at `before`: the outages that ended before it, within the options'
 * history window.
 */
export function observationsBefore(
  outages: readonly RecordedOutage[],
  before: number,
  options: ReopeningOptions = DEFAULT_REOPENING_OPTIONS,
): OutageObservation[] {
  const from = before - options.historyDays * DAY_MS;
  const observations: OutageObservation[] = [];
  for (const outage of outages) {
    if (outage.ended_at === null || outage.ended_at >= before || outage.started_at < from) continue;
    observations.push({
      ride_id: outage.ride_id,
      park_key: outage.park_key,
      kind: outage.kind,
      group: outage.group,
      at_opening: outage.at_opening,
      local_hour: outage.local_hour,
      minutes: (outage.ended_at - outage.started_at) / MINUTE_MS,
      reopened: outage.end === 'reopened',
    });
  }
  return observations;
}

/** One recorded outage as the model learns from it. */
export interface OutageObservation extends OutageQuery {
  /** Its length in minutes: to its end, or to where it was cut. */
  readonly minutes: number;
  /** True when the ride reopened; false when it was cut (closed for the day, or unobserved). */
  readonly reopened: boolean;
}

export interface ReopeningOptions {
  /** Days of outages before the fit it learns from. */
  readonly historyDays: number;
  /** Minutes the survival tables cover; a longer outage is censored there. */
  readonly horizonMinutes: number;
  /** Weight in outages of the level above, at each minute (and of the constant hazard at the top). */
  readonly shrinkage: number;
  /** Split every level by whether the outage opened at the ride's opening. */
  readonly splitOpening: boolean;
  /** Scale the hazard by the part of the day the outage opened in. */
  readonly timeOfDay: boolean;
  /** Weight in expected ends of a factor of 1, against each part of the day's own. */
  readonly timeOfDayShrinkage: number;
}

/** Chosen with `models backtest-outages` (docs/models.md). */
export const DEFAULT_REOPENING_OPTIONS: ReopeningOptions = {
  historyDays: 365,
  horizonMinutes: 18 * 60,
  shrinkage: 30,
  splitOpening: true,
  timeOfDay: true,
  timeOfDayShrinkage: 100,
};

/** Lengths in minutes from the outage's start; undefined where the curve does not fall that far. */
export interface LengthQuantiles {
  /** Half the outages that lasted this long end by then. */
  readonly median: number | undefined;
  /** 10% of them end by then. */
  readonly low: number | undefined;
  /** 90% of them end by then. */
  readonly high: number | undefined;
}

/**
 * A cell's outages still down at the start of each minute, and its ends per minute. Single
 * precision: counts stay exact below 2^24 outages, and a fit keeps thousands of these tables for
 * a day (half the memory of doubles).
 */
interface RiskTable {
  readonly atRisk: Float32Array;
  readonly ends: Float32Array;
}

/** Observations or cells per step of `ReopeningModel.fitInSteps`: a few milliseconds of work. */
const FIT_STEP = 2_000;

export class ReopeningModel {
  private readonly horizon: number;
  private readonly risks = new Map<string, RiskTable>();
  /** Survival per ride, segment and part of the day, built on first use (single precision). */
  private readonly curves = new Map<string, Float32Array>();
  /** The time of day's factor on the hazard, per park, segment and part of the day. */
  private readonly factors = new Map<string, number>();
  /** The constant hazard of each top level (`constantHazard`). */
  private readonly constants = new Map<string, number>();
  private learned = 0;

  constructor(
    observations: readonly OutageObservation[],
    private readonly options: ReopeningOptions = DEFAULT_REOPENING_OPTIONS,
  ) {
    this.horizon = options.horizonMinutes;
    const steps = this.fitSteps(observations);
    while (steps.next().done !== true);
  }

  /**
   * The same fit in steps of about `FIT_STEP` observations or cells: a caller that runs one step per
   * event-loop turn keeps a fit over many parks (tens of thousands of outages) from holding off
   * requests. The model is complete once the generator returns it.
   */
  static *fitInSteps(
    observations: readonly OutageObservation[],
    options: ReopeningOptions = DEFAULT_REOPENING_OPTIONS,
  ): Generator<void, ReopeningModel> {
    const model = new ReopeningModel([], options);
    yield* model.fitSteps(observations);
    return model;
  }

  /** Outages the model learned from. */
  get outages(): number {
    return this.learned;
  }

  private *fitSteps(observations: readonly OutageObservation[]): Generator<void> {
    yield* this.countRisks(observations);
    this.learned = observations.length;
    if (this.options.timeOfDay) yield* this.fitTimeOfDay(observations);
  }

  /**
   * The length quantiles of an outage like `query` that has lasted `minutesDown` minutes so far
   * (whole minutes: a fraction is dropped), as minutes from its start, each beyond `minutesDown`.
   */
  lengthGiven(query: OutageQuery, minutesDown: number): LengthQuantiles {
    const t = Math.max(0, Math.floor(minutesDown));
    if (t >= this.horizon) return { median: undefined, low: undefined, high: undefined };
    const survival = this.survival(query);
    const base = survival[t] ?? 0;
    const at = (share: number) => {
      const target = share * base;
      for (let m = t + 1; m <= this.horizon; m++) if ((survival[m] ?? 0) <= target) return m;
      return undefined;
    };
    return { median: at(0.5), low: at(0.9), high: at(0.1) };
  }

  /** S(m): the share of outages like `query` still down after m minutes, m = 0 … horizon. */
  survival(query: OutageQuery): Float32Array {
    const segment = this.segmentOf(query);
    const key = `${query.ride_id}|${segment}|${dayPart(query.local_hour)}`;
    let curve = this.curves.get(key);
    if (!curve) {
      curve = new Float32Array(this.horizon + 1);
      const hazard = this.baseHazard(query);
      const factor = this.factors.get(this.partOf(query)) ?? 1;
      let surviving = 1;
      curve[0] = surviving;
      for (let m = 1; m <= this.horizon; m++) {
        surviving *= 1 - Math.min(1, (hazard[m] ?? 0) * factor);
        curve[m] = surviving;
      }
      this.curves.set(key, curve);
    }
    return curve;
  }

  /** The pooled hazard of the ride's segment, before the time of day's factor. */
  private baseHazard(query: OutageQuery): Float64Array {
    return this.hazard(this.levelsOf(query, this.segmentOf(query)));
  }

  private partOf(query: OutageQuery): string {
    return `${query.park_key}|${this.segmentOf(query)}|${dayPart(query.local_hour)}`;
  }

  /** Observed over expected ends per park, segment and part of the day, shrunk toward 1. */
  private *fitTimeOfDay(observations: readonly OutageObservation[]): Generator<void> {
    const observed = new Map<string, number>();
    const expected = new Map<string, number>();
    // Each ride and segment's hazard once for all its outages, up to the longest of them only (most
    // are minutes long, the horizon is hours); not kept past the fit.
    const hazardKeyOf = (observation: OutageObservation) =>
      `${observation.ride_id}|${this.segmentOf(observation)}`;
    const longest = new Map<string, number>();
    for (const observation of observations) {
      const key = hazardKeyOf(observation);
      longest.set(key, Math.max(longest.get(key) ?? 0, this.lastMinute(observation).last));
    }
    const hazards = new Map<string, Float64Array>();
    let step = 0;
    for (const observation of observations) {
      if (++step % FIT_STEP === 0) yield;
      const key = this.partOf(observation);
      const { last, ended } = this.lastMinute(observation);
      const hazardKey = hazardKeyOf(observation);
      let hazard = hazards.get(hazardKey);
      if (!hazard) {
        hazard = this.hazard(
          this.levelsOf(observation, this.segmentOf(observation)),
          longest.get(hazardKey) ?? this.horizon,
        );
        hazards.set(hazardKey, hazard);
      }
      let ends = 0;
      for (let m = 1; m <= last; m++) ends += hazard[m] ?? 0;
      expected.set(key, (expected.get(key) ?? 0) + ends);
      observed.set(key, (observed.get(key) ?? 0) + (ended ? 1 : 0));
    }
    const k = this.options.timeOfDayShrinkage;
    for (const [key, ends] of expected) {
      const seen = observed.get(key) ?? 0;
      if (ends + k > 0) this.factors.set(key, (seen + k) / (ends + k));
    }
  }

  /** The last minute an outage was seen down, and whether it ended in it (rather than being cut). */
  private lastMinute(observation: OutageObservation): { last: number; ended: boolean } {
    const minutes = Math.max(0, observation.minutes);
    // Minute m holds lengths in (m-1, m]; a cut outage was observed down through its last whole minute.
    const ended = observation.reopened && minutes <= this.horizon;
    const last = ended ? Math.max(1, Math.ceil(minutes)) : Math.min(this.horizon, Math.floor(minutes));
    return { last, ended };
  }

  private segmentOf(query: OutageQuery): string {
    return this.options.splitOpening && query.at_opening ? `${query.group}/opening` : query.group;
  }

  /** Cell keys from the broadest level to the ride's own. */
  private levelsOf(query: OutageQuery, segment: string): string[] {
    // Every outage tops the chain, then its status alone, so a status or segment never seen
    // still has a curve.
    const levels = ['any', `status|${query.group}`];
    if (segment !== query.group) levels.push(`all|${segment}`);
    levels.push(`park|${query.park_key}|${segment}`);
    if (query.kind !== undefined) levels.push(`kind|${query.park_key}|${query.kind}|${segment}`);
    levels.push(`ride|${query.ride_id}|${segment}`);
    return levels;
  }

  /**
   * Each cell's ends and outages at risk per minute, from every observation's last minute down.
   * Each cell's last minutes are gathered first, so its tables are made once at their final length:
   * a fit over many parks has tens of thousands of cells, most of a few short outages, and a table
   * over the whole horizon for each while counting would weigh hundreds of megabytes.
   */
  private *countRisks(observations: readonly OutageObservation[]): Generator<void> {
    // Per cell, each observation's last minute down, doubled, plus one where it ended in it.
    const cells = new Map<string, number[]>();
    let step = 0;
    for (const observation of observations) {
      if (++step % FIT_STEP === 0) yield;
      const segment = this.segmentOf(observation);
      const { last, ended } = this.lastMinute(observation);
      const code = last * 2 + (ended ? 1 : 0);
      for (const key of this.levelsOf(observation, segment)) {
        const codes = cells.get(key);
        if (codes) codes.push(code);
        else cells.set(key, [code]);
      }
    }
    for (const [key, codes] of cells) {
      if (++step % FIT_STEP === 0) yield;
      // Past the cell's longest outage nothing is at risk and nothing ends: the table stops there,
      // so a ride's own cells stay short (readers take every minute past it as zero).
      let longest = 0;
      for (const code of codes) longest = Math.max(longest, code >> 1);
      const atRisk = new Float32Array(longest + 1);
      const ends = new Float32Array(longest + 1);
      // Counted as exits first (outages whose last minute down is m), exact in single precision.
      for (const code of codes) {
        const last = code >> 1;
        atRisk[last] = (atRisk[last] ?? 0) + 1;
        if (code & 1) ends[last] = (ends[last] ?? 0) + 1;
      }
      // At risk in minute m: every outage whose last observed minute is m or later.
      let running = 0;
      for (let m = longest; m >= 1; m--) {
        running += atRisk[m] ?? 0;
        atRisk[m] = running;
      }
      atRisk[0] = 0;
      this.risks.set(key, { atRisk, ends });
    }
  }

  /**
   * The hazard per minute up to `upTo` (the horizon unless less is read), from the broadest level
   * down to the ride's, each shrunk toward the one above.
   */
  private hazard(levels: readonly string[], upTo = this.horizon): Float64Array {
    const k = this.options.shrinkage;
    const hazard = new Float64Array(upTo + 1);
    const [top, ...below] = levels;
    const topTable = top === undefined ? undefined : this.risks.get(top);
    // A table runs to its longest outage; every minute past it is at risk of nothing.
    const topMinutes = Math.min(this.horizon, (topTable?.atRisk.length ?? 1) - 1);
    const constant = this.constantHazard(top, topTable, topMinutes);
    for (let m = 1; m <= upTo; m++) {
      const atRisk = m <= topMinutes ? (topTable?.atRisk[m] ?? 0) : 0;
      const endsThen = m <= topMinutes ? (topTable?.ends[m] ?? 0) : 0;
      hazard[m] = atRisk + k > 0 ? (endsThen + k * constant) / (atRisk + k) : constant;
    }
    for (const key of below) {
      const table = this.risks.get(key);
      if (!table) continue;
      const minutes = Math.min(upTo, table.atRisk.length - 1);
      for (let m = 1; m <= minutes; m++) {
        const atRisk = table.atRisk[m] ?? 0;
        if (atRisk === 0) continue;
        hazard[m] = ((table.ends[m] ?? 0) + k * (hazard[m] ?? 0)) / (atRisk + k);
      }
    }
    return hazard;
  }

  /** The top level's ends over its minutes at risk (worked out once: every hazard starts from it). */
  private constantHazard(top: string | undefined, table: RiskTable | undefined, minutes: number): number {
    const known = top === undefined ? undefined : this.constants.get(top);
    if (known !== undefined) return known;
    let ends = 0;
    let exposure = 0;
    for (let m = 1; m <= minutes; m++) {
      ends += table?.ends[m] ?? 0;
      exposure += table?.atRisk[m] ?? 0;
    }
    // With nothing recorded at all, no end is ever expected: the caller gets no estimate.
    const constant = exposure > 0 ? ends / exposure : 0;
    if (top !== undefined) this.constants.set(top, constant);
    return constant;
  }
}
