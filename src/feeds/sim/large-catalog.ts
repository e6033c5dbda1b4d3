/**
 * SIM_PARKS=N: the simulator lists N parks, the spec's ten and N - 10 generated from the seed
 * (resorts of one to three parks, 20-60 attractions each, in many time zones east and west of UTC),
 * in the discovered-catalog shape a real feed lists, so the same discovery path serves tests and
 * the bench at scale. Everything is a pure function of the seed and N: names, lands, locations and
 * IDs never change between runs, and the first parks stay the same when N grows.
 */
import type { Catalog } from '../../catalog/catalog.js';
import type {
  CatalogDiscovery,
  DiscoveredAttraction,
  DiscoveredCatalog,
  DiscoveredPark,
  DiscoveredResort,
  ParkListing,
} from '../../catalog/discovered.js';
import type { AttractionType } from '../../catalog/types.js';
import { hashString, Rng } from '../../lib/random.js';
import { UpstreamError } from '../types.js';
import { DEFAULT_SEED } from './simulator.js';

export const SIM_SOURCE = 'sim';

/** Cities a generated resort sits beside: their zone, a point near them and their country. */
const CITIES: readonly {
  name: string;
  zone: string;
  latitude: number;
  longitude: number;
  country: string;
}[] = [
  { name: 'Lisbon', zone: 'Europe/Lisbon', latitude: 38.72, longitude: -9.14, country: 'Portugal' },
  { name: 'Seville', zone: 'Europe/Madrid', latitude: 37.39, longitude: -5.98, country: 'Spain' },
  { name: 'Lyon', zone: 'Europe/Paris', latitude: 45.76, longitude: 4.84, country: 'France' },
  { name: 'Hamburg', zone: 'Europe/Berlin', latitude: 53.55, longitude: 9.99, country: 'Germany' },
  { name: 'Utrecht', zone: 'Europe/Amsterdam', latitude: 52.09, longitude: 5.12, country: 'Netherlands' },
  { name: 'Leeds', zone: 'Europe/London', latitude: 53.8, longitude: -1.55, country: 'United Kingdom' },
  { name: 'Gothenburg', zone: 'Europe/Stockholm', latitude: 57.71, longitude: 11.97, country: 'Sweden' },
  { name: 'Krakow', zone: 'Europe/Warsaw', latitude: 50.06, longitude: 19.94, country: 'Poland' },
  { name: 'Athens', zone: 'Europe/Athens', latitude: 37.98, longitude: 23.73, country: 'Greece' },
  { name: 'Istanbul', zone: 'Europe/Istanbul', latitude: 41.01, longitude: 28.98, country: 'Türkiye' },
  { name: 'Dubai', zone: 'Asia/Dubai', latitude: 25.2, longitude: 55.27, country: 'United Arab Emirates' },
  { name: 'Mumbai', zone: 'Asia/Kolkata', latitude: 19.08, longitude: 72.88, country: 'India' },
  { name: 'Bangkok', zone: 'Asia/Bangkok', latitude: 13.76, longitude: 100.5, country: 'Thailand' },
  { name: 'Singapore', zone: 'Asia/Singapore', latitude: 1.35, longitude: 103.82, country: 'Singapore' },
  { name: 'Shanghai', zone: 'Asia/Shanghai', latitude: 31.23, longitude: 121.47, country: 'China' },
  { name: 'Osaka', zone: 'Asia/Tokyo', latitude: 34.69, longitude: 135.5, country: 'Japan' },
  { name: 'Seoul', zone: 'Asia/Seoul', latitude: 37.57, longitude: 126.98, country: 'South Korea' },
  {
    name: 'Gold Coast',
    zone: 'Australia/Brisbane',
    latitude: -28.02,
    longitude: 153.4,
    country: 'Australia',
  },
  { name: 'Auckland', zone: 'Pacific/Auckland', latitude: -36.85, longitude: 174.76, country: 'New Zealand' },
  {
    name: 'Honolulu',
    zone: 'Pacific/Honolulu',
    latitude: 21.31,
    longitude: -157.86,
    country: 'United States',
  },
  {
    name: 'Anchorage',
    zone: 'America/Anchorage',
    latitude: 61.22,
    longitude: -149.9,
    country: 'United States',
  },
  {
    name: 'Valencia',
    zone: 'America/Los_Angeles',
    latitude: 34.42,
    longitude: -118.6,
    country: 'United States',
  },
  { name: 'Denver', zone: 'America/Denver', latitude: 39.74, longitude: -104.99, country: 'United States' },
  { name: 'Phoenix', zone: 'America/Phoenix', latitude: 33.45, longitude: -112.07, country: 'United States' },
  {
    name: 'Arlington',
    zone: 'America/Chicago',
    latitude: 32.74,
    longitude: -97.11,
    country: 'United States',
  },
  {
    name: 'Sandusky',
    zone: 'America/New_York',
    latitude: 41.45,
    longitude: -82.71,
    country: 'United States',
  },
  { name: 'Toronto', zone: 'America/Toronto', latitude: 43.65, longitude: -79.38, country: 'Canada' },
  { name: 'Mexico City', zone: 'America/Mexico_City', latitude: 19.43, longitude: -99.13, country: 'Mexico' },
  { name: 'Bogotá', zone: 'America/Bogota', latitude: 4.71, longitude: -74.07, country: 'Colombia' },
  { name: 'São Paulo', zone: 'America/Sao_Paulo', latitude: -23.55, longitude: -46.63, country: 'Brazil' },
  {
    name: 'Buenos Aires',
    zone: 'America/Argentina/Buenos_Aires',
    latitude: -34.6,
    longitude: -58.38,
    country: 'Argentina',
  },
  { name: 'Santiago', zone: 'America/Santiago', latitude: -33.45, longitude: -70.67, country: 'Chile' },
  {
    name: 'Johannesburg',
    zone: 'Africa/Johannesburg',
    latitude: -26.2,
    longitude: 28.05,
    country: 'South Africa',
  },
  { name: 'Cairo', zone: 'Africa/Cairo', latitude: 30.04, longitude: 31.24, country: 'Egypt' },
];

const PARK_WORDS = ['Adventure', 'Wonder', 'Dream', 'Legend', 'Harbor', 'Star', 'Frontier', 'Sky'];
const PARK_KINDS = ['Kingdom', 'World', 'Land', 'Park', 'Island', 'Gardens', 'Studios', 'Bay'];
const RESORT_KINDS = ['Resort', 'Parks', 'Destination'];
const LAND_WORDS = [
  'Pirate Cove',
  'Dragon Valley',
  'Future City',
  'Jungle Trail',
  'Main Street',
  'Frozen Peaks',
  'Desert Oasis',
  'Fairy Forest',
  'Space Port',
  'Old Town',
  'Dino Canyon',
  'Ocean Reef',
];
const RIDE_FIRST = [
  'Thunder',
  'Crystal',
  'Runaway',
  'Galactic',
  'Wild',
  'Silver',
  'Twisting',
  'Hidden',
  'Flying',
  'Raging',
  'Midnight',
  'Golden',
  'Phantom',
  'Jungle',
  'Rocket',
  'Tidal',
];
const RIDE_SECOND = [
  'Coaster',
  'Falls',
  'Express',
  'Voyage',
  'Carousel',
  'Rapids',
  'Mine Train',
  'Drop',
  'Spinner',
  'Flight',
  'Quest',
  'Wheel',
  'Racers',
  'Odyssey',
  'Tower',
  'Cruise',
];
const TYPES: readonly { type: AttractionType; weight: number; noun: string }[] = [
  { type: 'ride', weight: 0.75, noun: '' },
  { type: 'show', weight: 0.1, noun: 'Spectacular' },
  { type: 'experience', weight: 0.1, noun: 'Walkthrough' },
  { type: 'meet', weight: 0.05, noun: 'Meet and Greet' },
];

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng.next() * items.length)] as T;

/** A UUID-shaped ID from a name: stable, and distinct from every real feed's. */
function seededId(seed: number, name: string): string {
  const rng = new Rng(seed, hashString(name));
  const hex = Array.from({ length: 32 }, () => Math.floor(rng.next() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

function typeOf(rng: Rng): (typeof TYPES)[number] {
  let draw = rng.next();
  for (const entry of TYPES) {
    draw -= entry.weight;
    if (draw < 0) return entry;
  }
  return TYPES[0] as (typeof TYPES)[number];
}

function generatedPark(seed: number, index: number, resort: DiscoveredResort, city: (typeof CITIES)[number]) {
  const rng = new Rng(seed, hashString('sim-park'), index);
  const name = `${city.name} ${pick(rng, PARK_WORDS)} ${pick(rng, PARK_KINDS)} ${index + 1}`;
  const latitude = city.latitude + rng.range(-0.2, 0.2);
  const longitude = city.longitude + rng.range(-0.2, 0.2);
  const lands = Array.from(
    { length: rng.int(4, 8) },
    (_, i) => LAND_WORDS[(index + i * 5) % LAND_WORDS.length] as string,
  );
  const names = new Set<string>();
  const attractions: DiscoveredAttraction[] = [];
  const count = rng.int(20, 60);
  while (attractions.length < count) {
    const kind = typeOf(rng);
    const base = `${pick(rng, RIDE_FIRST)} ${kind.noun || pick(rng, RIDE_SECOND)}`;
    const attractionName = names.has(base) ? `${base} ${attractions.length + 1}` : base;
    names.add(attractionName);
    attractions.push({
      feed_id: seededId(seed, `${name}|${attractionName}`),
      name: attractionName,
      type: kind.type,
      land: pick(rng, lands),
      location: {
        latitude: Math.round((latitude + rng.range(-0.004, 0.004)) * 1e5) / 1e5,
        longitude: Math.round((longitude + rng.range(-0.004, 0.004)) * 1e5) / 1e5,
      },
    });
  }
  const park: DiscoveredPark = {
    feed_id: seededId(seed, name),
    name,
    resort_feed_id: resort.feed_id,
    time_zone: city.zone,
    location: { latitude: Math.round(latitude * 1e4) / 1e4, longitude: Math.round(longitude * 1e4) / 1e4 },
    country: city.country,
    attractions,
  };
  return park;
}

/** The spec's ten as the simulator lists them: their catalog IDs, so they keep their records. */
function specParks(catalog: Catalog): { resorts: DiscoveredResort[]; parks: DiscoveredPark[] } {
  const resorts = new Map<string, DiscoveredResort>();
  const parks = catalog.parks
    .filter((park) => park.discovered === undefined)
    .map((park): DiscoveredPark => {
      resorts.set(park.resort.id, { feed_id: park.resort.id, name: park.resort.name });
      return {
        feed_id: park.id,
        name: park.name,
        resort_feed_id: park.resort.id,
        time_zone: park.time_zone,
        location: { latitude: park.latitude, longitude: park.longitude },
        country: 'United States',
        attractions: park.attractions.map((attraction) => ({
          feed_id: attraction.id,
          name: attraction.name,
          type: attraction.type,
          land: attraction.land,
          ...(attraction.location ? { location: attraction.location } : {}),
        })),
      };
    });
  return { resorts: [...resorts.values()], parks };
}

/** The simulator's catalog of `parkCount` parks (at least the spec's ten). */
export function simulatedCatalog(
  catalog: Catalog,
  parkCount: number,
  seed = DEFAULT_SEED,
): DiscoveredCatalog {
  const spec = specParks(catalog);
  const resorts = [...spec.resorts];
  const parks = [...spec.parks];
  let resortIndex = 0;
  while (parks.length < parkCount) {
    const rng = new Rng(seed, hashString('sim-resort'), resortIndex);
    const city = CITIES[resortIndex % CITIES.length] as (typeof CITIES)[number];
    const round = Math.floor(resortIndex / CITIES.length);
    const resortName = `${city.name} ${pick(rng, PARK_WORDS)} ${pick(rng, RESORT_KINDS)}${round > 0 ? ` ${round + 1}` : ''}`;
    const resort: DiscoveredResort = { feed_id: seededId(seed, resortName), name: resortName };
    resorts.push(resort);
    const size = Math.min(rng.int(1, 3), parkCount - parks.length);
    for (let i = 0; i < size; i++)
      parks.push(generatedPark(seed, parks.length - spec.parks.length, resort, city));
    resortIndex++;
  }
  return { source: SIM_SOURCE, resorts, parks };
}

/** The simulated catalog behind the discovery interface real feeds implement. */
export function simulatedDiscovery(
  catalog: Catalog,
  parkCount: number,
  seed = DEFAULT_SEED,
): CatalogDiscovery {
  let listed: DiscoveredCatalog | undefined;
  const all = () => (listed ??= simulatedCatalog(catalog, parkCount, seed));
  return {
    source: SIM_SOURCE,
    listParks: async (): Promise<ParkListing> => ({
      resorts: all().resorts.map((resort) => ({
        ...resort,
        parks: all()
          .parks.filter((park) => park.resort_feed_id === resort.feed_id)
          .map(({ feed_id, name }) => ({ feed_id, name })),
      })),
    }),
    describePark: async (park) => {
      const found = all().parks.find((candidate) => candidate.feed_id === park.feed_id);
      if (!found)
        throw new UpstreamError(SIM_SOURCE, `the simulator lists no park ${park.name} (${park.feed_id})`);
      return found;
    },
  };
}
