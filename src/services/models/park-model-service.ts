/**
 * The service's own models for every park, fitted on the store's recorded history and cached:
 * hourly posted waits per ride (`history.ts`), each ride's wait model with calibrated bounds and
 * typical waits, the park's observed crowd index and measured accuracy (`day-fit.ts`), and its
 * crowd forecast for 30 days with drivers (`crowd-forecast.ts`). Recomputed every 15 minutes in
 * the background; requests read the cache and never wait for a fit (only the very first request
 * for a park before start-up finished computing would).
 *
 * What is learned from finished days only is fitted once per park-local day; the refits in between
 * sample today and forecast.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { runStepsInTurns, StepsStopped } from '../../lib/steps.js';
import type { Logger } from 'pino';
import type { Catalog } from '../../catalog/catalog.js';
import type { Park } from '../../catalog/types.js';
import { UpstreamError, type ScheduleFeed } from '../../feeds/types.js';
import type { Clock } from '../../lib/clock.js';
import { localDate, localHour } from '../../lib/time.js';
import type { ParkCalendar } from '../../models/calendar-features.js';
import type { RideNowcast } from '../../models/nowcast.js';
import type { CrowdScale } from '../../models/crowd.js';
import { dayNumber, isoDateOf } from '../../models/hourly-history.js';
import type { HistoryStore } from '../../store/ports.js';
import type { CrowdAccuracy } from './accuracy.js';
import { FORECAST_DAYS } from '../../models/horizon-bands.js';
import { crowdForecastSteps, type CrowdForecastDay } from './crowd-forecast.js';
import { finishedDaysSteps, type DayFit, type RideModel } from './day-fit.js';
import { HistorySampler, operatingHours, type ParkHistory } from './history.js';
import { parkCalendar, scheduleFacts, type ScheduleFacts } from './park-calendar.js';
import { expectedIndex, todayIndex } from './today.js';

export const MODELS_REFRESH_MS = 15 * 60_000;

export interface ParkModels {
  readonly park: Park;
  readonly computed_at: number;
  readonly today: string;
  readonly rides: ReadonlyMap<string, RideModel>;
  /** Observed crowd index per park-local day (today's once it has an hour of waits). */
  readonly observed: ReadonlyMap<number, number>;
  readonly today_observed: boolean;
  readonly scale: CrowdScale;
  /** Days with an observed index in the year the scale comes from. */
  readonly scale_days: number;
  readonly forecast: readonly CrowdForecastDay[];
  readonly accuracy: CrowdAccuracy;
  /**
   * Each ride's predictions for today given the waits recorded so far (hours from now on move toward
   * them; without readings, the forecast).
   */
  readonly today_forecast: ReadonlyMap<string, RideNowcast>;
  /** Days of recorded history the models learned from. */
  readonly history_days: number;
}

export class ParkModelService {
  private readonly cache = new Map<string, ParkModels>();
  /** Each park's `version`, written once per recomputation: pages ask it of every park per request. */
  private readonly versions = new Map<string, string>();
  private readonly histories: HistorySampler;
  private readonly dayFits = new Map<string, DayFit>();
  private readonly inFlight = new Map<string, Promise<ParkModels>>();
  /** Per park, the one computation asked for while another ran: it starts when that one ends. */
  private readonly queued = new Map<string, Promise<ParkModels>>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly catalog: Catalog,
    store: HistoryStore,
    private readonly schedule: ScheduleFeed,
    private readonly clock: Clock,
    coverageStart: string,
    private readonly logger: Logger,
  ) {
    this.histories = new HistorySampler(store, schedule, coverageStart);
  }

  /** The park's models, computing them now only if they have never been computed. */
  async forPark(park: Park): Promise<ParkModels> {
    return this.cache.get(park.key) ?? (await (this.inFlight.get(park.key) ?? this.recompute(park)));
  }

  /** Changes with each recomputation of the park: bodies built from one can be reused until then. */
  version(park: Park): string {
    return this.versions.get(park.key) ?? 'never';
  }

  async recomputeAll(): Promise<void> {
    for (const park of this.catalog.parks) {
      if (this.stopped) return;
      await this.recompute(park);
      // One park at a time, with a turn of the event loop between them (requests, collection).
      await nextTurn();
    }
  }

  /**
   * Computes every park in the background (start-up does not wait for it; a request for a park
   * not computed yet waits for that park only).
   */
  warm(): void {
    this.recomputeAll().catch((error: unknown) => {
      if (!(error instanceof StepsStopped)) this.logger.error({ err: error }, 'model computation failed');
    });
  }

  start(): void {
    this.timer = setInterval(() => {
      // A failed round keeps the last models; the next round tries again.
      this.recomputeAll().catch((error: unknown) => {
        if (!(error instanceof StepsStopped)) this.logger.error({ err: error }, 'model recomputation failed');
      });
    }, MODELS_REFRESH_MS);
    this.timer.unref();
  }

  /** Stops the schedule, abandons a fit at its next turn and waits for computations in progress (they read the store). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.allSettled([...this.queued.values(), ...this.inFlight.values()]);
  }

  /**
   * Models computed from a read of the store made after this call. A computation already running
   * read it earlier (it may miss what was recorded since), so the new one waits for it and then
   * starts; calls meanwhile share that one.
   */
  recompute(park: Park): Promise<ParkModels> {
    const queued = this.queued.get(park.key);
    if (queued) return queued;
    const running = this.inFlight.get(park.key);
    if (!running) return this.startComputing(park);
    const next = running
      .catch(() => undefined)
      .then(() => {
        this.queued.delete(park.key);
        if (this.stopped) throw new StepsStopped();
        return this.startComputing(park);
      });
    this.queued.set(park.key, next);
    return next;
  }

  private startComputing(park: Park): Promise<ParkModels> {
    const job = this.compute(park).finally(() => this.inFlight.delete(park.key));
    this.inFlight.set(park.key, job);
    return job;
  }

  private async compute(park: Park): Promise<ParkModels> {
    const now = this.clock.now();
    const today = localDate(now, park.time_zone);
    const todayDay = dayNumber(today);
    const { history, today: todaySampled } = await this.histories.sample(park, now);
    // The store and the simulated feed answer without a turn of the event loop: without turns of
    // its own, today's sample, the schedule's days, the fit's last slice and today's forecast would
    // run as one stretch that holds off requests.
    await nextTurn();
    const scheduled = await this.scheduledDays(park, todayDay);
    await nextTurn();
    const waitCalendar = parkCalendar(park, new Map([...history.schedules, ...scheduled.facts]));
    const fit = await this.dayFit(park, history, todayDay, waitCalendar);
    await nextTurn();
    const { rides, observed, scale, scaleDays, accuracy, range } = fit;
    const rideList = [...rides.values()];
    // The rest of today follows this morning's waits: readings of the hours before this one.
    const cutHour = localHour(now, park.time_zone);
    const nowcasts = fit.park.nowcast(todayDay, {
      readings: fit.recorded.map((id) => todaySampled.get(id)),
      cutHour,
    });
    const todayForecast = new Map<string, RideNowcast>();
    fit.recorded.forEach((id, index) => {
      const nowcast = nowcasts[index];
      if (nowcast) todayForecast.set(id, nowcast);
    });
    const todayObserved = todayIndex(rideList, todaySampled, todayDay);
    const fullObserved = new Map(observed);
    if (!Number.isNaN(todayObserved)) fullObserved.set(todayDay, todayObserved);
    const todayExpected = Number.isNaN(todayObserved)
      ? undefined
      : expectedIndex(rideList, todaySampled, todayForecast, todayDay);
    await nextTurn();
    const forecast = await runStepsInTurns(
      crowdForecastSteps({
        park,
        rides: rideList,
        observed,
        finishedHours: history.hours,
        scheduledHours: scheduled.hours,
        scale,
        todayDay,
        today: todayExpected,
        range,
      }),
      { stopped: () => this.stopped },
    );
    const models: ParkModels = {
      park,
      computed_at: now,
      today,
      rides,
      observed: fullObserved,
      today_observed: !Number.isNaN(todayObserved),
      scale,
      scale_days: scaleDays,
      forecast,
      accuracy,
      today_forecast: todayForecast,
      history_days: observed.size,
    };
    this.cache.set(park.key, models);
    this.versions.set(park.key, String(models.computed_at));
    return models;
  }

  /**
   * The park's fit on its finished days, made once a park-local day: a refit every 15 minutes then
   * samples today and forecasts, without fitting and calibrating every ride again.
   */
  private async dayFit(
    park: Park,
    history: ParkHistory,
    todayDay: number,
    calendar: ParkCalendar,
  ): Promise<DayFit> {
    const cached = this.dayFits.get(park.key);
    if (cached?.day === todayDay) return cached;
    // Seconds for a park with years of history: in turns, so requests never wait for a fit, and
    // abandoned at shutdown.
    const fit = await runStepsInTurns(finishedDaysSteps(park, history.finished, todayDay, calendar), {
      stopped: () => this.stopped,
    });
    this.dayFits.set(park.key, fit);
    return fit;
  }

  /** Operating hours and schedule facts of the forecast days whose schedule the feed publishes. */
  private async scheduledDays(
    park: Park,
    todayDay: number,
  ): Promise<{ hours: Map<number, number>; facts: Map<number, ScheduleFacts> }> {
    const hours = new Map<number, number>();
    const facts = new Map<number, ScheduleFacts>();
    for (let offset = 0; offset < FORECAST_DAYS; offset++) {
      const day = todayDay + offset;
      // A real upstream publishes a few days of schedule only: a later day's hours are unknown
      // (no long-hours driver, missing calendar facts), not a reason to fail the park's models.
      const schedule = await this.schedule.readSchedule(park, isoDateOf(day)).catch((error: unknown) => {
        if (error instanceof UpstreamError) return undefined;
        throw error;
      });
      // An unpublished schedule is unknown hours, not a closed day.
      if (!schedule || schedule.published === false) continue;
      hours.set(day, operatingHours(schedule));
      const dayFacts = scheduleFacts(schedule, park);
      if (dayFacts) facts.set(day, dayFacts);
    }
    return { hours, facts };
  }
}
