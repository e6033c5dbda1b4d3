/**
 * The rules of the resort-wide endpoints (`/v1/resorts/{resort}/tickets`, `/park-availability`,
 * `/hotel-availability`, `/events`, `/buses/stops` and `/buses`): what the last checks say for a date
 * or a range, whether they are current enough to serve, and how a bus stop is found by ID or name.
 * Reads ResortState (written by ResortIngest) and the store; never an upstream. A resort the feed
 * discovered has no source for these families (catalog/families.ts): every one answers not current,
 * with no hotels, segments or stops of another resort's.
 */
import { hasFamily, unsourcedReason, type DataFamily } from '../catalog/families.js';
import type { Resort } from '../catalog/types.js';
import type {
  AccessSegment,
  BusDeparture,
  BusStop,
  Hotel,
  HotelNight,
  ParkAccess,
  ResortFeeds,
  TicketPriceList,
} from '../feeds/resort-data.js';
import type { Clock } from '../lib/clock.js';
import { addDays } from '../lib/time.js';
import { median } from '../models/stats.js';
import type { DatedCheck, ResortFamily, ResortState } from '../live/resort-state.js';
import type { EventNightRecord, ResortDataStore } from '../store/ports.js';

/** A daily check older than this (a missed day and a half) is not served. */
export const DAILY_CHECK_STALE_MS = 36 * 3_600_000;
/** Bus predictions older than this are not served. */
export const BUS_PREDICTIONS_STALE_MS = 3 * 60_000;

export type Checked<T> =
  | { readonly current: true; readonly checkedAt: number; readonly value: T }
  | { readonly current: false; readonly checkedAt: number | null };

export interface HotelNightSummary {
  readonly date: string;
  readonly hotels: readonly HotelNight[];
  readonly soldOut: number;
  /** Median of the available hotels' lowest rates; null when every hotel is sold out. */
  readonly medianRate: number | null;
}

export interface StopDepartures {
  readonly stop: BusStop;
  readonly departures: readonly BusDeparture[];
}

/** A name as guests write it, reduced to what identifies the place ("Disney's Pop Century Resort" → "pop-century"). */
export function stopNameKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(disneys|the|universals)-/, '')
    .replace(/-(resort-and-spa|resort-and-campground|resort|hotel|theme-park|park|bus-stop|stop)$/, '');
}

/** The catalog's name for each resort-wide family. */
const DATA_FAMILY: Record<ResortFamily, DataFamily> = {
  tickets: 'tickets',
  parkAvailability: 'park_availability',
  hotels: 'hotels',
  events: 'event_nights',
  buses: 'buses',
};

const NO_SOURCE = { current: false, checkedAt: null } as const;

export class ResortDataService {
  private readonly stopIndex = new Map<string, Map<string, BusStop>>();

  constructor(
    private readonly state: ResortState,
    private readonly store: ResortDataStore,
    private readonly feeds: ResortFeeds,
    private readonly clock: Clock,
  ) {}

  /** Changes when the family's data for the resort changes or stops being current. */
  version(resort: Resort, family: ResortFamily): number {
    const checkedAt =
      family === 'buses'
        ? this.state.buses.get(resort.key)?.refreshedAt
        : family === 'events'
          ? this.state.events.get(resort.key)?.checkedAt
          : this.state[family].get(resort.key)?.checkedAt;
    const stale = checkedAt === undefined || !this.fresh(family, checkedAt) ? 1 : 0;
    return this.state.generation(resort.key, family) * 2 + stale;
  }

  /** Why the family answers unavailable for the resort whatever the checks say, if it does. */
  unsourced(resort: Resort, family: ResortFamily): string | undefined {
    return unsourcedReason(resort, DATA_FAMILY[family]);
  }

  tickets(resort: Resort, date: string): Checked<TicketPriceList> {
    if (!this.has(resort, 'tickets')) return NO_SOURCE;
    return this.dated('tickets', this.state.tickets.get(resort.key), (check) => check.byDate.get(date));
  }

  segments(resort: Resort): readonly AccessSegment[] {
    if (!this.has(resort, 'parkAvailability')) return [];
    return this.feeds.parkAvailability.segmentsOf(resort);
  }

  parkAvailability(
    resort: Resort,
    first: string,
    days: number,
  ): Checked<{ date: string; access: readonly ParkAccess[] }[]> {
    if (!this.has(resort, 'parkAvailability')) return NO_SOURCE;
    return this.dated('parkAvailability', this.state.parkAvailability.get(resort.key), (check) =>
      everyDate(first, days, (date) => {
        const access = check.byDate.get(date);
        return access && { date, access };
      }),
    );
  }

  hotels(resort: Resort): readonly Hotel[] {
    if (!this.has(resort, 'hotels')) return [];
    return this.feeds.hotels.hotelsOf(resort);
  }

  hotelNights(resort: Resort, first: string, nights: number): Checked<HotelNightSummary[]> {
    if (!this.has(resort, 'hotels')) return NO_SOURCE;
    return this.dated('hotels', this.state.hotels.get(resort.key), (check) =>
      everyDate(first, nights, (date) => {
        const hotels = check.byDate.get(date);
        return hotels && summarise(date, hotels);
      }),
    );
  }

  /** The recorded event nights from `from` to `to`, when the last check covered them and is current. */
  async eventNights(resort: Resort, from: string, to: string): Promise<Checked<EventNightRecord[]>> {
    if (!this.has(resort, 'events')) return NO_SOURCE;
    const check = this.state.events.get(resort.key);
    if (!check || !this.fresh('events', check.checkedAt) || from < check.firstDate || to > check.lastDate) {
      return { current: false, checkedAt: check?.checkedAt ?? null };
    }
    const nights = await this.store.eventNights(resort.key, from, to);
    return { current: true, checkedAt: check.checkedAt, value: nights };
  }

  /** Every stop of the resort's network. */
  stops(resort: Resort): readonly BusStop[] {
    if (!this.has(resort, 'buses')) return [];
    return this.feeds.buses.stopsOf(resort);
  }

  /**
   * A stop by ID, name or alias (case, apostrophes, "Disney's" and "Resort" aside), or by a name
   * that contains or is contained in exactly one stop's names; undefined if none or ambiguous.
   */
  findStop(resort: Resort, query: string): BusStop | undefined {
    let index = this.stopIndex.get(resort.key);
    if (!index) {
      index = new Map();
      for (const stop of this.stops(resort)) {
        for (const name of [stop.stop_id, stop.name, ...stop.aliases]) {
          const key = stopNameKey(name);
          if (!index.has(key)) index.set(key, stop);
        }
      }
      this.stopIndex.set(resort.key, index);
    }
    const key = stopNameKey(query);
    const exact = index.get(key);
    if (exact || key.length < 4) return exact;
    // A longer or shorter form of a known name ("Copper Creek Villas & Cabins at Disney's Wilderness
    // Lodge", "Port Orleans"): accepted when every name it overlaps, word for word, is one stop's.
    const overlapping = new Set<BusStop>();
    for (const [name, stop] of index) {
      if (`-${key}-`.includes(`-${name}-`) || `-${name}-`.includes(`-${key}-`)) overlapping.add(stop);
    }
    return overlapping.size === 1 ? [...overlapping][0] : undefined;
  }

  /** Stops with at least one departure predicted now, in network order, each with its departures. */
  predictedStops(resort: Resort): Checked<StopDepartures[]> {
    if (!this.has(resort, 'buses')) return NO_SOURCE;
    const check = this.state.buses.get(resort.key);
    if (!check || !this.fresh('buses', check.refreshedAt))
      return { current: false, checkedAt: check?.refreshedAt ?? null };
    const byStop = new Map<string, BusDeparture[]>();
    for (const departure of check.departures) {
      const list = byStop.get(departure.stop_id) ?? [];
      list.push(departure);
      byStop.set(departure.stop_id, list);
    }
    const value = this.stops(resort)
      .filter((stop) => byStop.has(stop.stop_id))
      .map((stop) => ({ stop, departures: sortDepartures(byStop.get(stop.stop_id) ?? []) }));
    return { current: true, checkedAt: check.refreshedAt, value };
  }

  /** The next departure to each destination from one stop, soonest first. */
  departuresFrom(resort: Resort, stop: BusStop): Checked<readonly BusDeparture[]> {
    if (!this.has(resort, 'buses')) return NO_SOURCE;
    const check = this.state.buses.get(resort.key);
    if (!check || !this.fresh('buses', check.refreshedAt))
      return { current: false, checkedAt: check?.refreshedAt ?? null };
    const departures = sortDepartures(check.departures.filter((d) => d.stop_id === stop.stop_id));
    return { current: true, checkedAt: check.refreshedAt, value: departures };
  }

  private has(resort: Resort, family: ResortFamily): boolean {
    return hasFamily(resort, DATA_FAMILY[family]);
  }

  private fresh(family: ResortFamily, checkedAt: number): boolean {
    const limit = family === 'buses' ? BUS_PREDICTIONS_STALE_MS : DAILY_CHECK_STALE_MS;
    return this.clock.now() - checkedAt <= limit;
  }

  /** What `pick` finds in a current check; not current when the check is stale or misses a date. */
  private dated<C, T>(
    family: ResortFamily,
    check: DatedCheck<C> | undefined,
    pick: (check: DatedCheck<C>) => T | undefined,
  ): Checked<T> {
    const value = check && this.fresh(family, check.checkedAt) ? pick(check) : undefined;
    if (!check || value === undefined) return { current: false, checkedAt: check?.checkedAt ?? null };
    return { current: true, checkedAt: check.checkedAt, value };
  }
}

/** `find` for each of `days` dates from `first`, or undefined when any date has nothing. */
function everyDate<T>(first: string, days: number, find: (date: string) => T | undefined): T[] | undefined {
  const found: T[] = [];
  for (let i = 0; i < days; i++) {
    const value = find(addDays(first, i));
    if (value === undefined) return undefined;
    found.push(value);
  }
  return found;
}

function sortDepartures(departures: readonly BusDeparture[]): BusDeparture[] {
  return [...departures].sort(
    (a, b) => a.departs_at - b.departs_at || a.destination_id.localeCompare(b.destination_id),
  );
}

function summarise(date: string, hotels: readonly HotelNight[]): HotelNightSummary {
  const rates = hotels
    .map((night) => night.lowest_rate?.amount)
    .filter((amount): amount is number => amount !== undefined);
  const middle = median(rates);
  const medianRate = Number.isNaN(middle) ? null : Math.round(middle * 100) / 100;
  return { date, hotels, soldOut: hotels.filter((night) => !night.available).length, medianRate };
}
