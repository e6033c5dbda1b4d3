/**
 * Ingest of the resort-wide families on the cadence their data moves at: one daily check of ticket
 * prices, park availability, hotels and event nights per resort (when the resort's local date turns,
 * and at start), and bus predictions about every minute. Results go to ResortState; event-night
 * checks also go to the store, which keeps each night's first sell-out time.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { Catalog } from '../catalog/catalog.js';
import { hasFamily, type DataFamily } from '../catalog/families.js';
import type { Resort } from '../catalog/types.js';
import type { ResortFeeds } from '../feeds/resort-data.js';
import type { Clock } from '../lib/clock.js';
import { localDate } from '../lib/time.js';
import type { DatedCheck, ResortState } from '../live/resort-state.js';
import type { ResortDataStore } from '../store/ports.js';

/**
 * Days after today each daily check covers: the furthest date a request may ask for (SPEC rows
 * 22-25, window and span), plus one so a request just after local midnight, before that day's
 * check, still finds its last date.
 */
export const CHECKED_DAYS = {
  tickets: 365 + 1,
  parkAvailability: 399 + 30 + 1,
  hotels: 119 + 13 + 1,
  events: 365 + 59 + 1,
} as const;

/** The families of the daily check. */
const DAILY_FAMILIES: readonly DataFamily[] = ['tickets', 'park_availability', 'hotels', 'event_nights'];

/** How often the timer looks at the buses and whether a resort's day has turned. */
export const RESORT_TICK_MS = 60_000;

export interface ResortIngestDependencies {
  readonly catalog: Catalog;
  readonly feeds: ResortFeeds;
  readonly store: ResortDataStore;
  readonly state: ResortState;
  readonly clock: Clock;
  readonly logger: Logger;
}

export class ResortIngest {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  /** Per resort, the local date of its last successful daily check. */
  private readonly checkedDates = new Map<string, string>();

  constructor(private readonly deps: ResortIngestDependencies) {}

  /** Runs the daily check of every resort whose local date has turned since its last check. */
  async checkDue(): Promise<void> {
    const now = this.deps.clock.now();
    for (const resort of this.deps.catalog.resorts) {
      if (this.checkedDates.get(resort.key) === localDate(now, resort.time_zone)) continue;
      await this.checkResort(resort, now);
    }
  }

  /** Runs every resort's daily check now, whatever the date (tests, and the start). */
  async checkAll(): Promise<void> {
    const now = this.deps.clock.now();
    for (const resort of this.deps.catalog.resorts) await this.checkResort(resort, now);
  }

  /** Reads the bus predictions of every resort with a bus network. */
  async refreshBuses(): Promise<void> {
    const now = this.deps.clock.now();
    const { feeds, state, logger } = this.deps;
    for (const resort of this.deps.catalog.resorts) {
      if (!resort.bus_network) continue;
      try {
        const departures = await feeds.buses.readBusPredictions(resort, now);
        state.buses.set(resort.key, { refreshedAt: now, departures });
        state.touched(resort.key, 'buses');
      } catch (error) {
        logger.warn({ err: error, resort: resort.key }, 'bus predictions could not be read');
      }
    }
  }

  /** Everything once: the daily checks and the buses (at start, before serving). */
  async refreshAll(): Promise<void> {
    await this.checkDue();
    await this.refreshBuses();
  }

  start(): void {
    const tick = () => {
      this.running = this.refreshAll()
        .catch((error: unknown) => {
          this.deps.logger.error({ err: error }, 'resort data round failed');
        })
        .finally(() => {
          if (this.timer !== undefined) this.timer = setTimeout(tick, RESORT_TICK_MS);
        });
    };
    this.timer = setTimeout(tick, RESORT_TICK_MS);
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private async checkResort(resort: Resort, now: number): Promise<void> {
    const today = localDate(now, resort.time_zone);
    // A resort the feed discovered has no source for these families (catalog/families.ts).
    if (!DAILY_FAMILIES.some((name) => hasFamily(resort, name))) {
      this.checkedDates.set(resort.key, today);
      return;
    }
    const { feeds, state, store, logger } = this.deps;
    /** Runs one family's check; false (logged) when its upstream failed, leaving its last check. */
    const family = async (name: string, run: () => Promise<void>): Promise<boolean> => {
      try {
        await run();
        return true;
      } catch (error) {
        logger.warn({ err: error, resort: resort.key, family: name }, 'resort daily check failed');
        return false;
      }
    };
    /** Checks one family read per date, and keeps the check in its map of the resort state. */
    const datedFamily = <T>(
      name: string,
      key: 'tickets' | 'parkAvailability' | 'hotels',
      target: Map<string, DatedCheck<T>>,
      read: (date: string) => Promise<T>,
    ) =>
      family(name, async () => {
        target.set(resort.key, await readDates(today, CHECKED_DAYS[key], now, read));
        state.touched(resort.key, key);
      });
    const done: boolean[] = [];
    done.push(
      await datedFamily('tickets', 'tickets', state.tickets, (date) =>
        feeds.tickets.readTickets(resort, date, now),
      ),
    );
    done.push(
      await datedFamily('park availability', 'parkAvailability', state.parkAvailability, (date) =>
        feeds.parkAvailability.readParkAvailability(resort, date, now),
      ),
    );
    done.push(
      await datedFamily('hotels', 'hotels', state.hotels, (date) =>
        feeds.hotels.readHotelNights(resort, date, now),
      ),
    );
    done.push(
      await family('event nights', async () => {
        const lastDate = datePlus(today, CHECKED_DAYS.events);
        const offers = await feeds.eventNights.readEventNights(resort, today, lastDate, now);
        await store.recordEventNightChecks(
          offers.map((offer) => ({
            resort_key: resort.key,
            park_key: offer.park_key,
            date: offer.date,
            series_id: offer.series_id,
            series_name: offer.series_name,
            opens_at: offer.opens_at,
            closes_at: offer.closes_at,
            status: offer.status,
            currency: offer.lowest_adult_price.currency,
            lowest_adult_price_cents: Math.round(offer.lowest_adult_price.amount * 100),
            checked_at: now,
          })),
        );
        state.events.set(resort.key, { checkedAt: now, firstDate: today, lastDate });
        state.touched(resort.key, 'events');
      }),
    );
    // A failed family is retried on the next tick, the others are not re-read until tomorrow.
    if (done.every(Boolean)) this.checkedDates.set(resort.key, today);
  }
}

const DAY_MS = 86_400_000;
/** Dates read between two turns of the event loop during a daily check. */
const DATES_PER_TURN = 20;

/**
 * `date` plus `days`, by plain UTC arithmetic on the calendar date: the daily check steps through
 * ~1,400 dates per resort, where a luxon round trip per step would cost about a second.
 */
function datePlus(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

async function readDates<T>(
  today: string,
  days: number,
  checkedAt: number,
  read: (date: string) => Promise<T>,
): Promise<DatedCheck<T>> {
  const byDate = new Map<string, T>();
  for (let offset = 0; offset <= days; offset++) {
    const date = datePlus(today, offset);
    byDate.set(date, await read(date));
    // A simulated upstream answers at once; let requests and the live poll in between.
    if (offset % DATES_PER_TURN === DATES_PER_TURN - 1) await nextTurn();
  }
  return { checkedAt, firstDate: today, lastDate: datePlus(today, days), byDate };
}
