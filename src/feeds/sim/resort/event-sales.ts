/**
 * Simulated ticket sales of the event nights in the shared calendar (event-nights.ts): a night goes
 * on sale at 10:00 local on its series' sales day and, when it is wanted enough, sells out
 * `sellOutDaysBefore` days ahead at an hour of the day drawn from the night.
 */
import type { Resort } from '../../../catalog/types.js';
import type { EventNightOffer } from '../../resort-data.js';
import { eventNightsBetween, type EventNight } from '../event-nights.js';
import { BoundedCache } from '../../../lib/bounded-cache.js';
import { dateStringOf, dayNumberOf, localInstant as zoneInstant } from '../local-time.js';
import { mix, unit } from '../../../lib/random.js';
import { usd } from './demand.js';

/**
 * Event times repeat in every daily check (the same nights, a year of them), and a zone conversion
 * costs ~0.1 ms: remember them.
 */
const instants = new BoundedCache<string, number>(8_192);
function localInstant(zone: string, dayNumber: number, minute: number): number {
  return instants.get(`${zone}|${dayNumber}|${minute}`, () => zoneInstant(zone, dayNumber, minute));
}

/** When the night sells out (null: it does not), never before it went on sale. */
export function sellOutInstant(zone: string, dayNumber: number, night: EventNight): number | null {
  if (night.sellOutDaysBefore === null) return null;
  const salesOpen = localInstant(zone, night.salesOpenDay, 10 * 60);
  const minute = 8 * 60 + Math.floor(unit(mix(dayNumber, night.series.id.length, 0x5e11)) * 14 * 60);
  const at = localInstant(zone, dayNumber - night.sellOutDaysBefore, minute);
  return Math.max(at, salesOpen + 3 * 3_600_000);
}

export function simulateEventNights(resort: Resort, from: string, to: string, at: number): EventNightOffer[] {
  const zone = resort.time_zone;
  const parkKeys = resort.parks.map((park) => park.key);
  return eventNightsBetween(parkKeys, dayNumberOf(from), dayNumberOf(to)).map(
    ({ parkKey, dayNumber, night }) => {
      const salesOpen = localInstant(zone, night.salesOpenDay, 10 * 60);
      const soldOut = sellOutInstant(zone, dayNumber, night);
      const status =
        at < salesOpen ? 'not_on_sale' : soldOut !== null && at >= soldOut ? 'sold_out' : 'on_sale';
      return {
        series_id: night.series.id,
        series_name: night.series.name,
        park_key: parkKey,
        date: dateStringOf(dayNumber),
        opens_at: localInstant(zone, dayNumber, night.opens),
        closes_at: localInstant(zone, dayNumber, night.closes),
        status,
        lowest_adult_price: usd(night.lowestAdultPrice),
      };
    },
  );
}
