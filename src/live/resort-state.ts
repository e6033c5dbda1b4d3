/**
 * The latest checks of the resort-wide families, as ingest left them: daily checks of ticket prices,
 * park availability and hotels (one entry per date of the checked window), and the bus predictions
 * of the last minute. Requests read this and the store; they never wait on an upstream.
 */
import type { BusDeparture, HotelNight, ParkAccess, TicketPriceList } from '../feeds/resort-data.js';

export type ResortFamily = 'tickets' | 'parkAvailability' | 'hotels' | 'events' | 'buses';

/** One check of one family for one resort: what it saw per date, and when. */
export interface DatedCheck<T> {
  readonly checkedAt: number;
  /** First and last date of the checked window. */
  readonly firstDate: string;
  readonly lastDate: string;
  readonly byDate: ReadonlyMap<string, T>;
}

export interface EventCheck {
  readonly checkedAt: number;
  readonly firstDate: string;
  readonly lastDate: string;
}

export interface BusCheck {
  readonly refreshedAt: number;
  readonly departures: readonly BusDeparture[];
}

export class ResortState {
  readonly tickets = new Map<string, DatedCheck<TicketPriceList>>();
  readonly parkAvailability = new Map<string, DatedCheck<readonly ParkAccess[]>>();
  readonly hotels = new Map<string, DatedCheck<readonly HotelNight[]>>();
  readonly events = new Map<string, EventCheck>();
  readonly buses = new Map<string, BusCheck>();
  private readonly generations = new Map<string, number>();

  /** Counts the updates of one family of one resort (the prepared bodies' version). */
  generation(resortKey: string, family: ResortFamily): number {
    return this.generations.get(`${resortKey}/${family}`) ?? 0;
  }

  touched(resortKey: string, family: ResortFamily): void {
    const key = `${resortKey}/${family}`;
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
  }
}
