/**
 * The Queue-Times catalog (PARKS other than `spec`): `/parks.json` lists park groups (resorts) and
 * their parks with time zone, country and location in one read; each chosen park's
 * `/parks/{id}/queue_times.json` gives its rides and the lands they stand in. A "<ride> Single
 * Rider" row is that ride's single-rider line, not a ride of its own.
 */
import type {
  CatalogDiscovery,
  DiscoveredAttraction,
  DiscoveredPark,
  DiscoveredResort,
  ParkListing,
} from '../../catalog/discovered.js';
import type { UpstreamClient } from '../http/upstream-client.js';
import { UpstreamError } from '../types.js';
import { QUEUE_TIMES } from './index.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const SINGLE_RIDER = /\s*[-–(]?\s*single\s+rider\)?\s*$/i;

function malformed(what: string): UpstreamError {
  return new UpstreamError(QUEUE_TIMES, `Queue-Times sent a malformed catalog document: ${what}`);
}

function cleanName(name: string): string {
  return name.replace(/[™®©℠]/g, '').trim();
}

function coordinate(value: unknown, limit: number): number | undefined {
  const parsed = typeof value === 'string' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) && Math.abs(parsed) <= limit
    ? parsed
    : undefined;
}

/** A park of `/parks.json`, without its rides (they come from its own document). */
export type QueueTimesPark = Omit<DiscoveredPark, 'attractions'>;

export interface QueueTimesListing extends ParkListing {
  readonly parks: ReadonlyMap<string, QueueTimesPark>;
  readonly groups: readonly DiscoveredResort[];
}

/** `GET /parks.json`: groups (resorts) and their parks. A park without a time zone is left out. */
export function parseParkGroups(payload: unknown): QueueTimesListing {
  if (!Array.isArray(payload)) throw malformed('`/parks.json` is not a list of groups');
  const parks = new Map<string, QueueTimesPark>();
  const resorts: ParkListing['resorts'][number][] = [];
  for (const group of payload) {
    if (!isObject(group) || (typeof group.id !== 'number' && typeof group.id !== 'string')) continue;
    if (typeof group.name !== 'string' || !Array.isArray(group.parks)) continue;
    const groupId = String(group.id);
    const listed: { feed_id: string; name: string }[] = [];
    for (const park of group.parks) {
      if (!isObject(park) || (typeof park.id !== 'number' && typeof park.id !== 'string')) continue;
      if (typeof park.name !== 'string' || typeof park.timezone !== 'string' || park.timezone === '')
        continue;
      const latitude = coordinate(park.latitude, 90);
      const longitude = coordinate(park.longitude, 180);
      const record: QueueTimesPark = {
        feed_id: String(park.id),
        name: cleanName(park.name),
        resort_feed_id: groupId,
        time_zone: park.timezone,
        ...(latitude !== undefined && longitude !== undefined ? { location: { latitude, longitude } } : {}),
        ...(typeof park.country === 'string' && park.country !== '' ? { country: park.country } : {}),
      };
      parks.set(record.feed_id, record);
      listed.push({ feed_id: record.feed_id, name: record.name });
    }
    resorts.push({ feed_id: groupId, name: cleanName(group.name), parks: listed });
  }
  return { resorts, parks, groups: resorts.map(({ feed_id, name }) => ({ feed_id, name })) };
}

/** `GET /parks/{id}/queue_times.json`: the rides, each in its land (rides outside lands have none). */
export function parseLands(payload: unknown): DiscoveredAttraction[] {
  if (!isObject(payload)) throw malformed('a `queue_times.json` body is not an object');
  const rides: DiscoveredAttraction[] = [];
  const add = (row: unknown, land: string | undefined) => {
    if (!isObject(row) || typeof row.name !== 'string') return;
    if (typeof row.id !== 'number' && typeof row.id !== 'string') return;
    if (SINGLE_RIDER.test(row.name)) return;
    rides.push({
      feed_id: String(row.id),
      name: cleanName(row.name),
      type: 'ride',
      ...(land ? { land } : {}),
    });
  };
  for (const land of Array.isArray(payload.lands) ? payload.lands : []) {
    if (!isObject(land) || !Array.isArray(land.rides)) continue;
    const name = typeof land.name === 'string' ? cleanName(land.name) : undefined;
    for (const row of land.rides) add(row, name);
  }
  for (const row of Array.isArray(payload.rides) ? payload.rides : []) add(row, undefined);
  return rides;
}

export class QueueTimesDiscovery implements CatalogDiscovery {
  readonly source = QUEUE_TIMES;
  private listing: QueueTimesListing | undefined;

  constructor(private readonly client: UpstreamClient) {}

  async listParks(): Promise<ParkListing> {
    this.listing = parseParkGroups((await this.client.getJson('/parks.json')).body);
    return this.listing;
  }

  async describePark(park: { readonly feed_id: string; readonly name: string }): Promise<DiscoveredPark> {
    if (!this.listing) await this.listParks();
    const listed = this.listing?.parks.get(park.feed_id);
    if (!listed) throw malformed(`park ${park.name} (${park.feed_id}) is not in \`/parks.json\``);
    const { body } = await this.client.getJson(`/parks/${encodeURIComponent(park.feed_id)}/queue_times.json`);
    return { ...listed, attractions: parseLands(body) };
  }
}
