/**
 * When each down ride is expected to reopen, with an 80% range, for the open outages of
 * `/v1/parks/{park}/outages/today` and `/v1/rides/{ride}/outages`, a ride's `live` and the pages.
 *
 * The survival tables (`models/reopening.ts`) are refitted from the store's recorded outages once
 * per park-local day in the background, never for a request: a day's outages move them little. An
 * estimate depends on the minutes the outage has lasted, so it is read from the tables when a body
 * is built, for the current minute: `version` changes every minute, and the instants it gives are
 * those of that minute whenever in it the body is built.
 *
 * Every instant is capped at the park's closing (a ride does not reopen after the park closes):
 * one at the closing means the estimate runs past it. Nothing is estimated before the first fit,
 * while the park is closed, or when its hours cannot be read.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { Catalog } from '../../catalog/catalog.js';
import type { Park } from '../../catalog/types.js';
import { UpstreamError, type ScheduleFeed, type ScheduleWindow } from '../../feeds/types.js';
import type { Clock } from '../../lib/clock.js';
import { addDays, localDate } from '../../lib/time.js';
import type { Interval } from '../../models/intervals.js';
import {
  DEFAULT_REOPENING_OPTIONS,
  ReopeningModel,
  observationsBefore,
  type ReopeningOptions,
} from '../../models/reopening.js';
import type { HistoryStore, OutageRecord } from '../../store/ports.js';
import { closingIn, readRecordedOutages, toRecordedOutage } from './history.js';

/** How often the service checks whether a park-local day has turned (and refits if so). */
export const REOPENING_CHECK_MS = 15 * 60_000;
/** How long a park's hours read from the schedule are trusted before they are read again. */
const HOURS_REREAD_MS = 10 * 60_000;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Instants (epoch ms), each at or before the park's closing. */
export interface ReopeningEstimate {
  readonly expected_at: number;
  /** 10% of outages like it are over by then, 90% by `latest_at`. */
  readonly earliest_at: number;
  readonly latest_at: number;
  /** The park's closing, where the others stop: one equal to it means the estimate runs past it. */
  readonly closing_at: number;
}

interface Fit {
  /** The park-local dates it was fitted on. */
  readonly days: string;
  readonly at: number;
  readonly model: ReopeningModel;
}

interface ParkHoursRead {
  readonly date: string;
  readonly read_at: number;
  /** When the park is open today (yesterday's windows past midnight included), merged. */
  readonly open: readonly Interval[];
}

/** Windows merged where they touch or overlap: the park stays open from one into the next. */
function mergedOpen(windows: readonly ScheduleWindow[]): Interval[] {
  const sorted = [...windows].sort((a, b) => a.opens_at - b.opens_at);
  const merged: [number, number][] = [];
  for (const window of sorted) {
    const last = merged.at(-1);
    if (last && window.opens_at <= last[1]) last[1] = Math.max(last[1], window.closes_at);
    else merged.push([window.opens_at, window.closes_at]);
  }
  return merged;
}

export class ReopeningService {
  private fit: Fit | undefined;
  private lastVersion: { minute: number; fitted: number | undefined; text: string } | undefined;
  private fitting: Promise<void> | undefined;
  private readonly hours = new Map<string, ParkHoursRead>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly catalog: Catalog,
    private readonly store: HistoryStore,
    private readonly schedule: ScheduleFeed,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly options: ReopeningOptions = DEFAULT_REOPENING_OPTIONS,
  ) {}

  /** Changes with each fit and each minute: an estimate holds for the minute it was made in. */
  version(): string {
    const minute = Math.floor(this.clock.now() / MINUTE_MS);
    const fitted = this.fit?.at;
    // Formatted once per minute and fit: every outage body and ride page asks it per request.
    if (this.lastVersion?.minute !== minute || this.lastVersion.fitted !== fitted) {
      this.lastVersion = { minute, fitted, text: `${fitted ?? 'unfitted'}~${minute}` };
    }
    return this.lastVersion.text;
  }

  /** The park's open outages, newest first, each with its estimate (null where there is none). */
  async openOutages(
    park: Park,
  ): Promise<{ readonly outage: OutageRecord; readonly estimate: ReopeningEstimate | null }[]> {
    const open = await this.store.openOutages(park.key);
    if (open.length === 0) return [];
    const closing = await this.closingAt(park);
    return open.map((outage) => ({ outage, estimate: this.estimate(park, outage, closing) }));
  }

  /** The estimate for one open outage now, given when the park closes (undefined while closed). */
  private estimate(park: Park, outage: OutageRecord, closing: number | undefined): ReopeningEstimate | null {
    const model = this.fit?.model;
    if (!model || closing === undefined) return null;
    const ride = park.attractions.find((attraction) => attraction.id === outage.ride_id);
    const recorded = toRecordedOutage(outage, ride, park.time_zone);
    if (!recorded) return null;
    // The minute, not the instant: every body built in it carries the same estimate.
    const minute = Math.floor(this.clock.now() / MINUTE_MS) * MINUTE_MS;
    const length = model.lengthGiven(recorded, (minute - outage.started_at) / MINUTE_MS);
    const at = (minutes: number | undefined) =>
      minutes === undefined ? closing : Math.min(closing, outage.started_at + minutes * MINUTE_MS);
    return {
      expected_at: at(length.median),
      earliest_at: at(length.low),
      latest_at: at(length.high),
      closing_at: closing,
    };
  }

  /** When the park closes if it is open now; undefined while it is closed or its hours are unknown. */
  private async closingAt(park: Park): Promise<number | undefined> {
    const now = this.clock.now();
    const date = localDate(now, park.time_zone);
    let known = this.hours.get(park.key);
    if (!known || known.date !== date || now - known.read_at >= HOURS_REREAD_MS || now < known.read_at) {
      try {
        // A day's windows may run past midnight: yesterday's count too.
        const days = await Promise.all(
          [addDays(date, -1), date].map((day) => this.schedule.readSchedule(park, day)),
        );
        known = { date, read_at: now, open: mergedOpen(days.flatMap((day) => day.windows)) };
        this.hours.set(park.key, known);
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        return undefined;
      }
    }
    return closingIn(known.open, now);
  }

  /** Each park zone's local date: the fit is made again when any of them turns. */
  private fitDays(now: number): string {
    return [...new Set(this.catalog.parks.map((park) => localDate(now, park.time_zone)))].join(',');
  }

  /** Refits when a park-local day has turned since the last fit (or there is none). */
  refitIfStale(): Promise<void> {
    if (this.fit?.days === this.fitDays(this.clock.now())) return Promise.resolve();
    this.fitting ??= this.refit().finally(() => {
      this.fitting = undefined;
    });
    return this.fitting;
  }

  private async refit(): Promise<void> {
    if (this.stopped) return;
    const now = this.clock.now();
    const outages = await readRecordedOutages(
      this.store,
      this.catalog,
      now - this.options.historyDays * DAY_MS,
      now + 1,
    );
    await nextTurn();
    const steps = ReopeningModel.fitInSteps(observationsBefore(outages, now, this.options), this.options);
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) {
        this.fit = { days: this.fitDays(now), at: now, model: step.value };
        return;
      }
      // One step per turn: a fit over many parks would otherwise hold off requests for a second.
      await nextTurn();
    }
  }

  /** Fits in the background (start-up does not wait: until then nothing is estimated). */
  warm(): void {
    this.refitIfStale().catch((error: unknown) => {
      this.logger.error({ err: error }, 'reopening model fit failed');
    });
  }

  start(): void {
    this.timer = setInterval(() => {
      // A failed fit keeps the last tables; the next check tries again.
      this.warm();
    }, REOPENING_CHECK_MS);
    this.timer.unref();
  }

  /** Stops the schedule and waits for a fit in progress (it reads the store). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.fitting?.catch(() => undefined);
  }
}
