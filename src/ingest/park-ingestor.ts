/**
 * One park's ingest state and step: read the live queues, build the snapshot, diff it, decide the
 * history rows (only where a wait or status changed), advance each ride's outage, and notice the
 * park opening or closing. It does no I/O beyond the feeds; the caller stores and publishes.
 */
import type { Park } from '../catalog/types.js';
import type { LiveQueueFeed, LiveQueueReading, ScheduleFeed } from '../feeds/types.js';
import type { LiveEntry, LiveStatus, ParkSnapshot } from '../live/types.js';
import { unavailableEntry } from '../live/unavailable.js';
import type { EndedOutage, NewOutage, Outage, ParkTransition, WaitChange } from '../store/ports.js';
import { diffEntries, type SnapshotDiff } from './diff.js';
import { stepOutage, type OpenOutageState } from './outage-machine.js';
import { ParkHours } from './park-hours.js';
import { actualWaitEstimator, type ActualWaitEstimator } from './actual-wait-estimator.js';
import { buildSnapshot } from './snapshot.js';

export interface ParkStep {
  readonly snapshot: ParkSnapshot;
  readonly diff: SnapshotDiff;
  readonly changes: readonly WaitChange[];
  readonly openedOutages: readonly NewOutage[];
  readonly endedOutages: readonly EndedOutage[];
  /** Set when the park opened or closed at this step. */
  readonly transition: ParkTransition | undefined;
}

/** What a park's ingest resumes from after a restart or a takeover. */
export interface ParkResumeState {
  readonly latestChanges: readonly WaitChange[];
  readonly openOutages: readonly Outage[];
  readonly open: boolean | undefined;
  /**
   * The snapshot this instance serves already (a follower's copy of the last leader's), which
   * carries what history does not: single-rider waits, priority lanes, estimates, `changed_at`.
   */
  readonly served?: ParkSnapshot | undefined;
}

interface Recorded {
  readonly status: string;
  readonly wait: number | null;
}

export class ParkIngestor {
  private entries = new Map<string, LiveEntry>();
  private readonly recorded = new Map<string, Recorded>();
  private readonly outages = new Map<string, OpenOutageState>();
  private open: boolean | undefined;
  private readonly hours: ParkHours;
  private readonly estimate: ActualWaitEstimator;

  constructor(
    readonly park: Park,
    private readonly liveQueues: LiveQueueFeed,
    schedule: ScheduleFeed,
    resume?: ParkResumeState,
  ) {
    this.hours = new ParkHours(park, schedule);
    this.estimate = actualWaitEstimator(park);
    for (const change of resume?.latestChanges ?? []) {
      this.recorded.set(change.ride_id, { status: change.status, wait: change.standby_wait_minutes });
    }
    if (resume) this.entries = this.resumedEntries(resume);
    for (const outage of resume?.openOutages ?? []) {
      this.outages.set(outage.ride_id, { status: outage.status, started_at: outage.started_at });
    }
    this.open = resume?.open;
  }

  /**
   * The entries the first step diffs against: each attraction as history last recorded it, so one
   * the feed stopped listing while no instance polled is recorded as removed. A served entry that
   * agrees with that record stands for it, so a takeover sees no change where none happened.
   */
  private resumedEntries(resume: ParkResumeState): Map<string, LiveEntry> {
    const served = new Map((resume.served?.entries ?? []).map((entry) => [entry.ride_id, entry]));
    const recorded = new Map(resume.latestChanges.map((change) => [change.ride_id, change]));
    const entries = new Map<string, LiveEntry>();
    for (const attraction of this.park.attractions) {
      const last = recorded.get(attraction.id);
      if (!last) continue;
      const unlisted = last.status === 'unavailable' && last.standby_wait_minutes === null;
      // Shows, experiences and meets are listed only while reported; queued rides always are.
      if (unlisted && attraction.type !== 'ride') continue;
      const kept = served.get(attraction.id);
      if (kept && kept.status === last.status && kept.standby_wait_minutes === last.standby_wait_minutes) {
        entries.set(attraction.id, kept);
        continue;
      }
      entries.set(attraction.id, {
        ...unavailableEntry(attraction, last.at),
        // History records statuses as served.
        status: last.status as LiveStatus,
        standby_wait_minutes: last.standby_wait_minutes,
      });
    }
    return entries;
  }

  /** The last snapshot's entries, by ride ID. */
  get currentEntries(): ReadonlyMap<string, LiveEntry> {
    return this.entries;
  }

  /** The outages open now. */
  openOutages(): { ride_id: string; started_at: number }[] {
    return [...this.outages].map(([ride_id, outage]) => ({ ride_id, started_at: outage.started_at }));
  }

  /**
   * Ends observation at `at` (the last recorded moment before the service stopped) for a feed that
   * cannot replay the time it missed: every ride has no wait from then on, its open outages end
   * there and the park counts as closed, so the gap is recorded as unobserved rather than as more
   * of the last state. The next step starts afresh from what the feed reports.
   */
  interrupt(at: number): {
    changes: WaitChange[];
    endedOutages: EndedOutage[];
    transition: ParkTransition | undefined;
  } {
    const changes: WaitChange[] = [];
    for (const [rideId, last] of this.recorded) {
      if (last.status === 'unavailable' && last.wait === null) continue;
      this.recorded.set(rideId, { status: 'unavailable', wait: null });
      changes.push({
        ride_id: rideId,
        park_key: this.park.key,
        at,
        status: 'unavailable',
        standby_wait_minutes: null,
      });
    }
    const endedOutages = [...this.outages].map(([ride_id, outage]) => ({
      ride_id,
      started_at: outage.started_at,
      ended_at: at,
    }));
    this.outages.clear();
    const transition =
      this.open === true ? { park_key: this.park.key, at, state: 'closed' as const } : undefined;
    this.open = false;
    this.entries = new Map();
    return { changes, endedOutages, transition };
  }

  /** Reads the feed at `at` and works out everything that changed. Rejects when the upstream fails. */
  async step(at: number): Promise<ParkStep> {
    return this.advance(at, await this.liveQueues.readLiveQueues(this.park, at));
  }

  /**
   * The step at `at` of a backfill, and the first instant after it at which a step may record
   * anything: until then the feed reports the same entries and the park stays open or closed, so
   * every step in between would change nothing. A feed that cannot say so is stepped every minute
   * (`nextChangeAt` is then the next instant).
   */
  async replayStep(at: number): Promise<{ step: ParkStep; nextChangeAt: number }> {
    if (!this.liveQueues.replayLiveQueues) return { step: await this.step(at), nextChangeAt: at + 1 };
    const { reading, nextChangeAt } = await this.liveQueues.replayLiveQueues(this.park, at);
    const step = await this.advance(at, reading);
    return { step, nextChangeAt: Math.min(nextChangeAt, await this.hours.nextChangeAfter(at)) };
  }

  private async advance(at: number, reading: LiveQueueReading): Promise<ParkStep> {
    const open = await this.hours.isOpen(at, reading);
    const snapshot = buildSnapshot(this.park, reading, open, at, this.entries, this.estimate);
    const diff = diffEntries(this.entries, snapshot.entries);

    const changes: WaitChange[] = [];
    const openedOutages: NewOutage[] = [];
    const endedOutages: EndedOutage[] = [];
    const record = (rideId: string, status: string, wait: number | null) => {
      const last = this.recorded.get(rideId);
      if (last?.status === status && last.wait === wait) return;
      this.recorded.set(rideId, { status, wait });
      changes.push({ ride_id: rideId, park_key: this.park.key, at, status, standby_wait_minutes: wait });
    };

    for (const entry of diff.changed) {
      record(entry.ride_id, entry.status, entry.standby_wait_minutes);
      const open = this.outages.get(entry.ride_id);
      const step = stepOutage(open, entry.status, at);
      if (step.kind === 'opened') {
        this.outages.set(entry.ride_id, { status: step.status, started_at: at });
        openedOutages.push({
          ride_id: entry.ride_id,
          park_key: this.park.key,
          status: step.status,
          started_at: at,
        });
      } else if (step.kind === 'ended' && open) {
        this.outages.delete(entry.ride_id);
        endedOutages.push({ ride_id: entry.ride_id, started_at: open.started_at, ended_at: at });
      }
    }
    // An attraction the feed stopped reporting has no wait from now on: history says so.
    for (const rideId of diff.removed) record(rideId, 'unavailable', null);

    const transition =
      this.open === open
        ? undefined
        : { park_key: this.park.key, at, state: open ? ('open' as const) : ('closed' as const) };
    this.open = open;
    this.hold(snapshot.entries, diff);
    return { snapshot, diff, changes, openedOutages, endedOutages, transition };
  }

  /**
   * Holds the snapshot's entries by ride ID. While the same attractions are listed (nothing new,
   * nothing removed: the common step) the map is updated in place, which keeps its order, the
   * snapshot's catalog order; otherwise it is made afresh in that order.
   */
  private hold(entries: readonly LiveEntry[], diff: SnapshotDiff): void {
    const held = this.entries;
    const sameRides = diff.removed.length === 0 && diff.changed.every((entry) => held.has(entry.ride_id));
    if (sameRides) {
      for (const entry of entries) if (held.get(entry.ride_id) !== entry) held.set(entry.ride_id, entry);
      return;
    }
    const fresh = new Map<string, LiveEntry>();
    for (const entry of entries) fresh.set(entry.ride_id, entry);
    this.entries = fresh;
  }
}
