/**
 * Simulated park reservations and blockouts. Segments are `broad` (date-based theme park tickets)
 * and each annual-pass tier the resort really sells. Blockouts follow each tier's published rule
 * (the cheaper the pass, the more holidays, school breaks and weekends it is blocked out);
 * reservation availability fills with the date's demand, the park's draw and how close the date is.
 * - Walt Disney World: Incredi-Pass (no blockouts), Sorcerer Pass, Pirate Pass and Pixie Dust Pass
 *   (Florida residents); passholders need a park reservation, date-based tickets do not (2024 on).
 * - Disneyland Resort: Inspire Key (no blockouts), Believe Key, Enchant Key and Imagine Key (Southern
 *   California residents); Magic Key holders need a reservation, tickets do not.
 * - Universal Orlando: Premier, Preferred, Power and Seasonal passes; no reservations, blockouts only.
 * - Universal Studios Hollywood: Platinum, Gold and Silver passes; blockouts only.
 */
import type { Resort } from '../../../catalog/types.js';
import type { AccessSegment, ParkAccess, ParkAccessStatus } from '../../resort-data.js';
import { seasonalFactor } from '../calendar.js';
import { dayNumberOf, weekdayOf } from '../local-time.js';
import { mix, unit } from '../../../lib/random.js';
import { dateDemand, regionOf } from './demand.js';

interface PassRule extends AccessSegment {
  /** Blocked out on this date (a pure calendar rule over its seasonal factor and weekday). */
  blocked(seasonal: number, dayNumber: number): boolean;
  readonly reservations: boolean;
  /** How hard the tier's reservation allotment is to get (share of the park's pass capacity). */
  readonly pull: number;
}

const weekend = (dayNumber: number): boolean => {
  const weekday = weekdayOf(dayNumber);
  return weekday === 6 || weekday === 7;
};

const BROAD: PassRule = {
  segment: 'broad',
  name: 'Theme park tickets',
  kind: 'ticket',
  blocked: () => false,
  reservations: false,
  pull: 0.9,
};

const pass = (
  segment: string,
  name: string,
  reservations: boolean,
  pull: number,
  blocked: PassRule['blocked'],
): PassRule => ({ segment, name, kind: 'annual_pass', reservations, pull, blocked });

const SEGMENTS: Readonly<Record<string, readonly PassRule[]>> = {
  'walt-disney-world': [
    BROAD,
    pass('incredi-pass', 'Disney Incredi-Pass', true, 1.0, () => false),
    pass('sorcerer-pass', 'Disney Sorcerer Pass', true, 1.04, (seasonal) => seasonal >= 1.45),
    pass('pirate-pass', 'Disney Pirate Pass', true, 1.08, (seasonal) => seasonal >= 1.3),
    pass(
      'pixie-dust-pass',
      'Disney Pixie Dust Pass',
      true,
      1.12,
      (seasonal, d) => seasonal >= 1.15 || weekend(d),
    ),
  ],
  'disneyland-resort': [
    BROAD,
    pass('inspire-key', 'Inspire Key', true, 1.0, () => false),
    pass('believe-key', 'Believe Key', true, 1.05, (seasonal) => seasonal >= 1.45),
    pass('enchant-key', 'Enchant Key', true, 1.1, (seasonal, d) => seasonal >= 1.2 || weekdayOf(d) === 6),
    pass('imagine-key', 'Imagine Key', true, 1.15, (seasonal, d) => seasonal >= 1.1 || weekend(d)),
  ],
  'universal-orlando': [
    BROAD,
    pass('premier-pass', 'Premier Pass', false, 1, () => false),
    pass('preferred-pass', 'Preferred Pass', false, 1, (seasonal) => seasonal >= 1.55),
    pass('power-pass', 'Power Pass', false, 1, (seasonal) => seasonal >= 1.3),
    pass('seasonal-pass', 'Seasonal Pass', false, 1, (seasonal) => seasonal >= 1.15),
  ],
  'universal-hollywood': [
    BROAD,
    pass('platinum-pass', 'Platinum Pass', false, 1, () => false),
    pass('gold-pass', 'Gold Pass', false, 1, (seasonal) => seasonal >= 1.4),
    pass('silver-pass', 'Silver Pass', false, 1, (seasonal, d) => seasonal >= 1.15 || weekdayOf(d) === 6),
  ],
};

/** How much more the park draws than the resort's average (Magic Kingdom, Disneyland most). */
const PARK_DRAW: Readonly<Record<string, number>> = {
  'magic-kingdom': 1.1,
  'hollywood-studios': 1.05,
  epcot: 0.97,
  'animal-kingdom': 0.92,
  disneyland: 1.08,
  'california-adventure': 0.95,
};

export function segmentsOf(resort: Resort): readonly AccessSegment[] {
  return (SEGMENTS[resort.key] ?? [BROAD]).map(({ segment, name, kind }) => ({ segment, name, kind }));
}

/**
 * Each park and segment on `date`, as seen on `today` (the check's local date): reservations are
 * taken as the date nears, so the same date is easier to get months ahead.
 */
export function simulateParkAvailability(
  resort: Resort,
  date: string,
  today: string,
  seed: number,
): ParkAccess[] {
  const region = regionOf(resort);
  const dayNumber = dayNumberOf(date);
  const ahead = Math.max(0, dayNumber - dayNumberOf(today));
  // Bookings build over the last four months before the date.
  const booked = 0.72 + 0.28 * Math.max(0, 1 - ahead / 120);
  const demand = dateDemand(region, dayNumber);
  const seasonal = seasonalFactor(region, dayNumber);
  const access: ParkAccess[] = [];
  for (const park of resort.parks) {
    const draw = PARK_DRAW[park.key] ?? 1;
    const noise = 0.95 + 0.1 * unit(mix(seed, dayNumber, park.id.charCodeAt(0), park.id.charCodeAt(1)));
    for (const rule of SEGMENTS[resort.key] ?? [BROAD]) {
      let status: ParkAccessStatus;
      if (rule.blocked(seasonal, dayNumber)) status = 'blocked_out';
      else if (rule.kind === 'annual_pass' && !rule.reservations) status = 'available';
      else {
        const pressure = demand * draw * rule.pull * booked * noise;
        // Broad tickets are date-based and sold to the park's capacity, which only the year's peak fills.
        const full = rule.kind === 'ticket' ? 1.72 : 1.32;
        const tight = rule.kind === 'ticket' ? 1.6 : 1.15;
        status = pressure >= full ? 'unavailable' : pressure >= tight ? 'limited' : 'available';
      }
      access.push({
        park_key: park.key,
        date,
        segment: rule.segment,
        status,
        reservation_required: rule.reservations,
      });
    }
  }
  return access;
}
