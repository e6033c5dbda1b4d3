/**
 * Simulated Walt Disney World buses: the real network's stops (resort hotels, the four parks, Disney
 * Springs, the Transportation and Ticket Center) and routes (Skyliner, monorail and EPCOT-area
 * resorts have no bus to the parks their Skyliner, monorail or walkway serves; there is no bus
 * between a park and Disney Springs). Park routes follow the day's published park hours from the
 * schedule feed: buses to a park start an hour before its first window opens (early entry included)
 * and stop at its last close; buses back run until an hour after it. Disney Springs routes run
 * 09:00-23:00 out and 10:00-02:00 back. Each route has its own headway (12-22 minutes) and each
 * departure a small delay, drawn from (seed, route, departure).
 */
import type { Park, Resort } from '../../../catalog/types.js';
import type { BusDeparture, BusStop, BusStopKind } from '../../resort-data.js';
import type { ScheduleFeed } from '../../types.js';
import { dateStringOf, localInstant, parkDayNumberAt } from '../local-time.js';
import { hashString, mix, unit } from '../../../lib/random.js';

const MINUTE = 60_000;
/** Departures further ahead than this are not predicted yet. */
const PREDICTION_HORIZON = 60 * MINUTE;

const stop = (
  stop_id: string,
  name: string,
  kind: BusStopKind,
  aliases: readonly string[] = [],
): BusStop => ({
  stop_id,
  name,
  kind,
  aliases,
});

const PARKS = ['magic-kingdom', 'epcot', 'hollywood-studios', 'animal-kingdom'] as const;
type ParkStop = (typeof PARKS)[number];

interface ResortStop extends BusStop {
  /** The parks this hotel has a bus to. */
  readonly parks: readonly ParkStop[];
  readonly transportationCenter?: boolean;
}

const hotelStop = (
  stop_id: string,
  name: string,
  parks: readonly ParkStop[],
  aliases: readonly string[],
  transportationCenter = false,
): ResortStop => ({ ...stop(stop_id, name, 'resort_hotel', aliases), parks, transportationCenter });

const ALL_PARKS = PARKS;
const SKYLINER_PARKS: readonly ParkStop[] = ['magic-kingdom', 'animal-kingdom'];
const MONORAIL_PARKS: readonly ParkStop[] = ['hollywood-studios', 'animal-kingdom'];
const LAKE_PARKS: readonly ParkStop[] = ['epcot', 'hollywood-studios', 'animal-kingdom'];

const HOTEL_STOPS: readonly ResortStop[] = [
  hotelStop('all-star-movies', "Disney's All-Star Movies Resort", ALL_PARKS, ['All-Star Movies']),
  hotelStop('all-star-music', "Disney's All-Star Music Resort", ALL_PARKS, ['All-Star Music']),
  hotelStop('all-star-sports', "Disney's All-Star Sports Resort", ALL_PARKS, ['All-Star Sports']),
  hotelStop('pop-century', "Disney's Pop Century Resort", SKYLINER_PARKS, ['Pop Century']),
  hotelStop('art-of-animation', "Disney's Art of Animation Resort", SKYLINER_PARKS, ['Art of Animation']),
  hotelStop('caribbean-beach', "Disney's Caribbean Beach Resort", SKYLINER_PARKS, ['Caribbean Beach']),
  hotelStop('riviera', "Disney's Riviera Resort", SKYLINER_PARKS, ['Riviera']),
  hotelStop('coronado-springs', "Disney's Coronado Springs Resort", ALL_PARKS, [
    'Coronado Springs',
    'Gran Destino Tower',
  ]),
  hotelStop('port-orleans-french-quarter', "Disney's Port Orleans Resort - French Quarter", ALL_PARKS, [
    'Port Orleans French Quarter',
    'French Quarter',
  ]),
  hotelStop('port-orleans-riverside', "Disney's Port Orleans Resort - Riverside", ALL_PARKS, [
    'Port Orleans Riverside',
    'Riverside',
  ]),
  hotelStop('animal-kingdom-lodge', "Disney's Animal Kingdom Lodge", ALL_PARKS, [
    'Jambo House',
    'Animal Kingdom Lodge',
  ]),
  hotelStop('kidani-village', "Disney's Animal Kingdom Villas - Kidani Village", ALL_PARKS, [
    'Kidani Village',
    'Kidani',
  ]),
  hotelStop('saratoga-springs', "Disney's Saratoga Springs Resort & Spa", ALL_PARKS, ['Saratoga Springs']),
  hotelStop('old-key-west', "Disney's Old Key West Resort", ALL_PARKS, ['Old Key West']),
  hotelStop('wilderness-lodge', "Disney's Wilderness Lodge", LAKE_PARKS, [
    'Wilderness Lodge',
    'Boulder Ridge Villas',
    'Copper Creek Villas',
  ]),
  hotelStop(
    'fort-wilderness',
    "Disney's Fort Wilderness Resort & Campground",
    LAKE_PARKS,
    ['Fort Wilderness', 'Outpost'],
    true,
  ),
  hotelStop('contemporary', "Disney's Contemporary Resort", MONORAIL_PARKS, [
    'Contemporary',
    'Bay Lake Tower',
  ]),
  hotelStop('polynesian-village', "Disney's Polynesian Village Resort", MONORAIL_PARKS, [
    'Polynesian',
    'Polynesian Villas',
  ]),
  hotelStop('grand-floridian', "Disney's Grand Floridian Resort & Spa", MONORAIL_PARKS, ['Grand Floridian']),
  hotelStop('beach-club', "Disney's Beach Club Resort", SKYLINER_PARKS, ['Beach Club', 'Beach Club Villas']),
  hotelStop('yacht-club', "Disney's Yacht Club Resort", SKYLINER_PARKS, ['Yacht Club']),
  hotelStop('boardwalk', "Disney's BoardWalk Inn and Villas", SKYLINER_PARKS, [
    'BoardWalk',
    'BoardWalk Inn',
    'BoardWalk Villas',
  ]),
];

const PARK_STOPS: Readonly<Record<ParkStop, BusStop>> = {
  'magic-kingdom': stop('magic-kingdom', 'Magic Kingdom Park', 'park', ['Magic Kingdom', 'MK']),
  epcot: stop('epcot', 'EPCOT', 'park', ['Epcot']),
  'hollywood-studios': stop('hollywood-studios', "Disney's Hollywood Studios", 'park', [
    'Hollywood Studios',
    'DHS',
  ]),
  'animal-kingdom': stop('animal-kingdom', "Disney's Animal Kingdom Theme Park", 'park', [
    'Animal Kingdom',
    'AK',
  ]),
};
const DISNEY_SPRINGS = stop('disney-springs', 'Disney Springs', 'disney_springs', ['Downtown Disney']);
const TTC = stop(
  'transportation-and-ticket-center',
  'Transportation and Ticket Center',
  'transportation_center',
  ['TTC'],
);

/** Park-to-park buses for park hoppers (Magic Kingdom's run from the TTC). */
const PARK_TO_PARK: readonly (readonly [ParkStop, ParkStop])[] = [
  ['epcot', 'animal-kingdom'],
  ['hollywood-studios', 'animal-kingdom'],
  ['epcot', 'hollywood-studios'],
];

export const WDW_STOPS: readonly BusStop[] = [
  ...HOTEL_STOPS.map(({ stop_id, name, kind, aliases }) => ({ stop_id, name, kind, aliases })),
  ...PARKS.map((key) => PARK_STOPS[key]),
  DISNEY_SPRINGS,
  TTC,
];

export function busStopsOf(resort: Resort): readonly BusStop[] {
  return resort.bus_network ? WDW_STOPS : [];
}

/** One directed route and when it runs today (instants). */
interface Route {
  readonly from: string;
  readonly to: string;
  readonly first: number;
  readonly last: number;
}

/** A park's service span for the day: first window open to last window close. */
interface ParkSpan {
  readonly opens: number;
  readonly closes: number;
}

function routesOf(spans: ReadonlyMap<string, ParkSpan>, zone: string, dayNumber: number): Route[] {
  const routes: Route[] = [];
  /** Out to `stopId` from an hour before `park` opens to its close, back until an hour after. */
  const toPark = (from: string, park: string, stopId = park): void => {
    const span = spans.get(park);
    if (!span) return;
    routes.push({ from, to: stopId, first: span.opens - 60 * MINUTE, last: span.closes });
    routes.push({ from: stopId, to: from, first: span.opens - 30 * MINUTE, last: span.closes + 60 * MINUTE });
  };
  const springsOut = localInstant(zone, dayNumber, 9 * 60);
  const springsOutEnd = localInstant(zone, dayNumber, 23 * 60);
  const springsBack = localInstant(zone, dayNumber, 10 * 60);
  const springsBackEnd = localInstant(zone, dayNumber, 26 * 60);
  for (const hotelStop of HOTEL_STOPS) {
    for (const park of hotelStop.parks) toPark(hotelStop.stop_id, park);
    if (hotelStop.transportationCenter) toPark(hotelStop.stop_id, 'magic-kingdom', TTC.stop_id);
    routes.push({
      from: hotelStop.stop_id,
      to: DISNEY_SPRINGS.stop_id,
      first: springsOut,
      last: springsOutEnd,
    });
    routes.push({
      from: DISNEY_SPRINGS.stop_id,
      to: hotelStop.stop_id,
      first: springsBack,
      last: springsBackEnd,
    });
  }
  const magicKingdom = spans.get('magic-kingdom');
  const hopperPairs: (readonly [string, string])[] = [...PARK_TO_PARK];
  if (magicKingdom) hopperPairs.push([TTC.stop_id, 'hollywood-studios'], [TTC.stop_id, 'animal-kingdom']);
  for (const [a, b] of hopperPairs) {
    const spanA = a === TTC.stop_id ? magicKingdom : spans.get(a);
    const spanB = spans.get(b);
    if (!spanA || !spanB) continue;
    const first = Math.max(spanA.opens, spanB.opens);
    const last = Math.min(spanA.closes, spanB.closes);
    if (last <= first) continue;
    routes.push({ from: a, to: b, first, last }, { from: b, to: a, first, last });
  }
  return routes;
}

const ROUTE_HASHES = new Map<string, number>();
function routeHash(from: string, to: string): number {
  const name = `${from}>${to}`;
  let hash = ROUTE_HASHES.get(name);
  if (hash === undefined) {
    hash = hashString(name);
    ROUTE_HASHES.set(name, hash);
  }
  return hash;
}

/** The first departure of `route` at or after `at` (within its span), or null. */
function nextDeparture(route: Route, at: number, seed: number, dayNumber: number): number | null {
  const hash = routeHash(route.from, route.to);
  const headway = (12 + Math.floor(unit(mix(seed, hash, 1)) * 11)) * MINUTE;
  const offset = Math.floor(unit(mix(seed, hash, dayNumber)) * (headway / MINUTE)) * MINUTE;
  const start = route.first + offset;
  if (at > route.last) return null;
  let index = Math.max(0, Math.ceil((at - start - 4 * MINUTE) / headway));
  for (; ; index++) {
    const scheduled = start + index * headway;
    if (scheduled > route.last) return null;
    const delay = Math.floor(unit(mix(seed, hash, dayNumber, index)) * 5) * MINUTE;
    const departs = scheduled + delay;
    if (departs >= at) return departs;
  }
}

export async function simulateBusPredictions(
  resort: Resort,
  at: number,
  seed: number,
  schedule: ScheduleFeed,
): Promise<BusDeparture[]> {
  if (!resort.bus_network) return [];
  const zone = resort.time_zone;
  const dayNumber = parkDayNumberAt(zone, at);
  const date = dateStringOf(dayNumber);
  const spans = new Map<string, ParkSpan>();
  await Promise.all(
    resort.parks.map(async (park: Park) => {
      const day = await schedule.readSchedule(park, date);
      if (day.windows.length === 0) return;
      spans.set(park.key, {
        opens: Math.min(...day.windows.map((w) => w.opens_at)),
        closes: Math.max(...day.windows.map((w) => w.closes_at)),
      });
    }),
  );
  const departures: BusDeparture[] = [];
  for (const route of routesOf(spans, zone, dayNumber)) {
    const departs = nextDeparture(route, at, seed, dayNumber);
    if (departs === null || departs - at > PREDICTION_HORIZON) continue;
    departures.push({ stop_id: route.from, destination_id: route.to, departs_at: departs });
  }
  return departures;
}
