/**
 * The upstream interfaces of the resort-wide data families: ticket prices, park reservations,
 * hotels, separately ticketed event nights and buses. Like `types.ts`, every implementation (the
 * simulator now, real adapters later) normalises its source into these domain types. Times are epoch
 * milliseconds (UTC); dates are `YYYY-MM-DD` in the resort's time zone.
 */
import type { Resort } from '../catalog/types.js';
import type { Money } from './types.js';

// ---- Tickets -------------------------------------------------------------------------------

export type TicketCategory = 'base' | 'park_hopper' | 'multi_day' | 'special_event';

/** One ticket as the operator prices it for a start date. */
export interface TicketOffer {
  /** Stable product identifier (`wdw-4-day-park-hopper`). */
  readonly ticket_id: string;
  readonly name: string;
  readonly category: TicketCategory;
  /** Days of admission; 1 for one-day tickets and event nights. */
  readonly days: number;
  /** Park keys the ticket admits to; several for park-to-park tickets. */
  readonly park_keys: readonly string[];
  /** Adult price (ages 10+ at Disney, 10+ at Universal), taxes excluded. */
  readonly price: Money;
  /** The operator's date-based price tier, 1 (lowest) upward; null for fixed-price products. */
  readonly price_tier: number | null;
}

export type ParkProductKind = 'one_day' | 'express' | 'express_unlimited';

/** A product sold for one park on one date: its one-day ticket, or its express pass. */
export interface ParkProduct {
  readonly park_key: string;
  readonly product: ParkProductKind;
  readonly name: string;
  readonly price: Money;
  /** False when sold out for the date. */
  readonly available: boolean;
}

export interface TicketPriceList {
  readonly resort_key: string;
  /** Start date the prices are for. */
  readonly date: string;
  readonly currency: string;
  readonly tickets: readonly TicketOffer[];
  readonly park_products: readonly ParkProduct[];
}

export interface TicketFeed {
  /** Every ticket priced for a start date, as the operator's price list shows it at `at`. */
  readTickets(resort: Resort, date: string, at: number): Promise<TicketPriceList>;
}

// ---- Park reservations and blockouts -------------------------------------------------------

/** A ticket or pass type whose park access is managed: `broad` tickets or one annual-pass tier. */
export interface AccessSegment {
  readonly segment: string;
  readonly name: string;
  readonly kind: 'ticket' | 'annual_pass';
}

/**
 * `available`: reservations open (or none needed); `limited`: few left; `unavailable`: reservations
 * full; `blocked_out`: the pass does not admit on that date at all.
 */
export type ParkAccessStatus = 'available' | 'limited' | 'unavailable' | 'blocked_out';

export interface ParkAccess {
  readonly park_key: string;
  readonly date: string;
  readonly segment: string;
  readonly status: ParkAccessStatus;
  /** Whether this segment needs a park reservation on that date. */
  readonly reservation_required: boolean;
}

export interface ParkAvailabilityFeed {
  /** The resort's segments, in the operator's order (broad tickets first). */
  segmentsOf(resort: Resort): readonly AccessSegment[];
  /** Every park and segment of the resort on one date, as seen at `at`. */
  readParkAvailability(resort: Resort, date: string, at: number): Promise<readonly ParkAccess[]>;
}

// ---- Hotels ---------------------------------------------------------------------------------

/**
 * Disney's tiers (value, moderate, deluxe, villa), Universal Orlando's (value, prime_value,
 * preferred, premier), and `partner` for the operator's official partner hotels.
 */
export type HotelTier =
  'value' | 'moderate' | 'deluxe' | 'villa' | 'prime_value' | 'preferred' | 'premier' | 'partner';

export interface Hotel {
  readonly hotel_id: string;
  readonly name: string;
  readonly tier: HotelTier;
}

export interface HotelNight {
  readonly hotel_id: string;
  readonly date: string;
  readonly available: boolean;
  /** Lowest nightly rate for two adults, taxes excluded; null when sold out. */
  readonly lowest_rate: Money | null;
  /** Rooms left at that rate; null when sold out. */
  readonly rooms_left_at_rate: number | null;
}

export interface HotelFeed {
  /** The resort's hotels (empty when the resort sells none through this feed). */
  hotelsOf(resort: Resort): readonly Hotel[];
  /** Every hotel of the resort for one night, as seen at `at`. */
  readHotelNights(resort: Resort, date: string, at: number): Promise<readonly HotelNight[]>;
}

// ---- Event nights ---------------------------------------------------------------------------

export type EventNightStatus = 'on_sale' | 'sold_out' | 'not_on_sale';

export interface EventNightOffer {
  readonly series_id: string;
  readonly series_name: string;
  readonly park_key: string;
  /** Park-local date the night starts on. */
  readonly date: string;
  readonly opens_at: number;
  readonly closes_at: number;
  readonly status: EventNightStatus;
  /** Lowest adult price the operator lists for the night now. */
  readonly lowest_adult_price: Money;
}

export interface EventNightFeed {
  /** Every separately ticketed night of the resort from `from` to `to` (dates inclusive) at `at`. */
  readEventNights(resort: Resort, from: string, to: string, at: number): Promise<readonly EventNightOffer[]>;
}

// ---- Buses ----------------------------------------------------------------------------------

export type BusStopKind = 'resort_hotel' | 'park' | 'disney_springs' | 'transportation_center';

export interface BusStop {
  readonly stop_id: string;
  readonly name: string;
  readonly kind: BusStopKind;
  /** Other names a guest uses for the place (the hotel's short name, say). */
  readonly aliases: readonly string[];
}

export interface BusDeparture {
  readonly stop_id: string;
  /** The stop the bus goes to. */
  readonly destination_id: string;
  readonly departs_at: number;
}

export interface BusFeed {
  /** Every stop of the resort's network (empty for a resort without buses). */
  stopsOf(resort: Resort): readonly BusStop[];
  /** The next predicted departure per stop and destination at `at` (routes not running are absent). */
  readBusPredictions(resort: Resort, at: number): Promise<readonly BusDeparture[]>;
}

/** The resort-wide families, one upstream each. */
export interface ResortFeeds {
  readonly tickets: TicketFeed;
  readonly parkAvailability: ParkAvailabilityFeed;
  readonly hotels: HotelFeed;
  readonly eventNights: EventNightFeed;
  readonly buses: BusFeed;
}
