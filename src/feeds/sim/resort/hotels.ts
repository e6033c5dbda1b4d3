/**
 * Simulated hotel inventory: the resorts' real hotels by name and tier, with the lowest nightly rate
 * for two adults (standard view, before tax) in each hotel's real 2026 range. Rates rise with the
 * night's demand (holidays, school breaks, weekends) and as the night nears; rooms at the lowest rate
 * go first, and on peak nights the most wanted hotels (the cheapest and the iconic) sell out first.
 */
import type { Resort } from '../../../catalog/types.js';
import type { Hotel, HotelNight, HotelTier } from '../../resort-data.js';
import { clamp } from '../calendar.js';
import { dayNumberOf } from '../local-time.js';
import { hashString, mix, unit } from '../../../lib/random.js';
import { dateDemand, demandShare, regionOf, usd } from './demand.js';

interface HotelProfile extends Hotel {
  /** Lowest rate on the quietest and on the busiest nights. */
  readonly rates: readonly [number, number];
  /** 0-1: how quickly it fills compared with the resort's other hotels. */
  readonly popularity: number;
  readonly rooms: number;
}

const hotel = (
  hotel_id: string,
  name: string,
  tier: HotelTier,
  rates: readonly [number, number],
  popularity: number,
  rooms: number,
): HotelProfile => ({ hotel_id, name, tier, rates, popularity, rooms });

const HOTELS: Readonly<Record<string, readonly HotelProfile[]>> = {
  'walt-disney-world': [
    hotel('all-star-movies', "Disney's All-Star Movies Resort", 'value', [139, 259], 0.55, 1920),
    hotel('all-star-music', "Disney's All-Star Music Resort", 'value', [139, 259], 0.5, 1604),
    hotel('all-star-sports', "Disney's All-Star Sports Resort", 'value', [134, 254], 0.5, 1920),
    hotel('pop-century', "Disney's Pop Century Resort", 'value', [179, 319], 0.85, 2880),
    hotel('art-of-animation', "Disney's Art of Animation Resort", 'value', [199, 359], 0.8, 1984),
    hotel('caribbean-beach', "Disney's Caribbean Beach Resort", 'moderate', [259, 429], 0.7, 1536),
    hotel('coronado-springs', "Disney's Coronado Springs Resort", 'moderate', [259, 419], 0.55, 2048),
    hotel(
      'port-orleans-french-quarter',
      "Disney's Port Orleans Resort - French Quarter",
      'moderate',
      [269, 439],
      0.9,
      1008,
    ),
    hotel(
      'port-orleans-riverside',
      "Disney's Port Orleans Resort - Riverside",
      'moderate',
      [264, 429],
      0.75,
      2048,
    ),
    hotel('animal-kingdom-lodge', "Disney's Animal Kingdom Lodge", 'deluxe', [449, 769], 0.6, 972),
    hotel('wilderness-lodge', "Disney's Wilderness Lodge", 'deluxe', [489, 819], 0.7, 729),
    hotel('beach-club', "Disney's Beach Club Resort", 'deluxe', [599, 939], 0.75, 576),
    hotel('yacht-club', "Disney's Yacht Club Resort", 'deluxe', [589, 929], 0.7, 621),
    hotel('boardwalk-inn', "Disney's BoardWalk Inn", 'deluxe', [589, 929], 0.7, 378),
    hotel('contemporary', "Disney's Contemporary Resort", 'deluxe', [629, 999], 0.85, 655),
    hotel('polynesian-village', "Disney's Polynesian Village Resort", 'deluxe', [749, 1149], 0.95, 492),
    hotel('grand-floridian', "Disney's Grand Floridian Resort & Spa", 'deluxe', [799, 1259], 0.9, 867),
    hotel('riviera', "Disney's Riviera Resort", 'villa', [649, 999], 0.65, 300),
    hotel('saratoga-springs', "Disney's Saratoga Springs Resort & Spa", 'villa', [499, 799], 0.45, 1260),
    hotel('old-key-west', "Disney's Old Key West Resort", 'villa', [509, 819], 0.45, 761),
    hotel(
      'bay-lake-tower',
      'Bay Lake Tower at Disney’s Contemporary Resort',
      'villa',
      [699, 1129],
      0.85,
      295,
    ),
    hotel(
      'boulder-ridge-villas',
      'Boulder Ridge Villas at Disney’s Wilderness Lodge',
      'villa',
      [579, 919],
      0.6,
      136,
    ),
    hotel(
      'kidani-village',
      'Disney’s Animal Kingdom Villas - Kidani Village',
      'villa',
      [539, 879],
      0.55,
      324,
    ),
  ],
  'disneyland-resort': [
    hotel('pixar-place-hotel', 'Pixar Place Hotel', 'deluxe', [429, 759], 0.6, 481),
    hotel('disneyland-hotel', 'Disneyland Hotel', 'deluxe', [599, 1029], 0.85, 973),
    hotel('grand-californian', "Disney's Grand Californian Hotel & Spa", 'deluxe', [719, 1249], 0.95, 948),
    hotel(
      'villas-at-grand-californian',
      "The Villas at Disney's Grand Californian Hotel & Spa",
      'villa',
      [869, 1399],
      0.9,
      50,
    ),
  ],
  'universal-orlando': [
    hotel(
      'endless-summer-surfside',
      "Universal's Endless Summer Resort - Surfside Inn and Suites",
      'value',
      [114, 229],
      0.8,
      750,
    ),
    hotel(
      'endless-summer-dockside',
      "Universal's Endless Summer Resort - Dockside Inn and Suites",
      'value',
      [119, 239],
      0.75,
      2050,
    ),
    hotel('cabana-bay', "Universal's Cabana Bay Beach Resort", 'prime_value', [179, 359], 0.9, 2200),
    hotel('aventura', "Universal's Aventura Hotel", 'prime_value', [184, 339], 0.7, 600),
    hotel('stella-nova', 'Universal Stella Nova Resort', 'prime_value', [209, 389], 0.85, 750),
    hotel('terra-luna', 'Universal Terra Luna Resort', 'prime_value', [209, 389], 0.8, 750),
    hotel('sapphire-falls', "Universal's Loews Sapphire Falls Resort", 'preferred', [269, 469], 0.6, 1000),
    hotel('royal-pacific', "Universal's Loews Royal Pacific Resort", 'premier', [359, 639], 0.7, 1000),
    hotel('hard-rock-hotel', 'Hard Rock Hotel at Universal Orlando', 'premier', [409, 729], 0.85, 650),
    hotel('portofino-bay', "Universal's Loews Portofino Bay Hotel", 'premier', [429, 769], 0.75, 750),
    hotel('helios-grand', 'Universal Helios Grand Hotel, a Loews Hotel', 'premier', [489, 869], 0.95, 500),
  ],
  'universal-hollywood': [
    hotel('sheraton-universal', 'Sheraton Universal Hotel', 'partner', [249, 429], 0.6, 462),
    hotel('hilton-universal-city', 'Hilton Los Angeles/Universal City', 'partner', [239, 419], 0.55, 495),
  ],
};

export function hotelsOf(resort: Resort): readonly Hotel[] {
  return (HOTELS[resort.key] ?? []).map(({ hotel_id, name, tier }) => ({ hotel_id, name, tier }));
}

const HOTEL_HASHES = new Map<string, number>();
const hashOf = (id: string): number => {
  let h = HOTEL_HASHES.get(id);
  if (h === undefined) {
    h = hashString(id);
    HOTEL_HASHES.set(id, h);
  }
  return h;
};

/**
 * Every hotel of the resort for the night of `date`, as a check on the local date `today` sees it.
 * Occupancy builds over the last eight months; a hotel whose occupancy reaches 1 is sold out.
 */
export function simulateHotelNights(resort: Resort, date: string, today: string, seed: number): HotelNight[] {
  const dayNumber = dayNumberOf(date);
  const ahead = Math.max(0, dayNumber - dayNumberOf(today));
  const share = demandShare(dateDemand(regionOf(resort), dayNumber));
  const booked = 0.7 + 0.3 * Math.max(0, 1 - ahead / 240);
  return (HOTELS[resort.key] ?? []).map((profile) => {
    const noise = unit(mix(seed, hashOf(profile.hotel_id), dayNumber));
    const occupancy = booked * (0.62 + 0.33 * share + 0.12 * profile.popularity + 0.06 * (noise - 0.5));
    if (occupancy >= 1) {
      return {
        hotel_id: profile.hotel_id,
        date,
        available: false,
        lowest_rate: null,
        rooms_left_at_rate: null,
      };
    }
    const [low, high] = profile.rates;
    // The cheapest room types go first, so the lowest rate on offer climbs as the hotel fills.
    const fill = clamp((occupancy - 0.6) / 0.4, 0, 1);
    const rate = low + (high - low) * clamp(0.75 * share + 0.25 * fill, 0, 1);
    const roomsLeft = Math.max(1, Math.round(profile.rooms * (1 - occupancy) * (0.05 + 0.1 * noise)));
    return {
      hotel_id: profile.hotel_id,
      date,
      available: true,
      lowest_rate: usd(Math.round(rate)),
      rooms_left_at_rate: roomsLeft,
    };
  });
}
