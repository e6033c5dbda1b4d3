/**
 * The ThemeParks.wiki catalog (PARKS other than `spec`): `/v1/destinations` lists destinations and
 * their parks in one read; each chosen park's `/v1/entity/{id}` gives its time zone and location,
 * and `/v1/entity/{id}/children` its attractions and shows (restaurants and the like are left out).
 */
import type {
  CatalogDiscovery,
  DiscoveredAttraction,
  DiscoveredPark,
  ParkListing,
} from '../../catalog/discovered.js';
import type { AttractionType, GeoLocation } from '../../catalog/types.js';
import type { UpstreamClient } from '../http/upstream-client.js';
import { UpstreamError } from '../types.js';
import { FEED } from './parse.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Entity types served as attractions: what has a queue, a showtime or a character meeting. */
const KINDS: Readonly<Record<string, AttractionType>> = { ATTRACTION: 'ride', SHOW: 'show' };

function malformed(what: string): UpstreamError {
  return new UpstreamError(FEED, `ThemeParks.wiki sent a malformed catalog document: ${what}`);
}

function cleanName(name: string): string {
  return name.replace(/[™®©℠]/g, '').trim();
}

function location(value: unknown): GeoLocation | undefined {
  if (!isObject(value)) return undefined;
  const { latitude, longitude } = value;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180 || (latitude === 0 && longitude === 0))
    return undefined;
  return { latitude, longitude };
}

/** `GET /v1/destinations`: destinations (resorts) and the parks each lists. */
export function parseDestinations(payload: unknown): ParkListing {
  if (!isObject(payload) || !Array.isArray(payload.destinations)) throw malformed('no `destinations` list');
  return {
    resorts: payload.destinations.flatMap((destination) => {
      if (
        !isObject(destination) ||
        typeof destination.id !== 'string' ||
        typeof destination.name !== 'string'
      ) {
        return [];
      }
      const parks = (Array.isArray(destination.parks) ? destination.parks : []).flatMap((park) =>
        isObject(park) && typeof park.id === 'string' && typeof park.name === 'string'
          ? [
              {
                feed_id: park.id,
                name: cleanName(park.name),
                ...(typeof park.slug === 'string' ? { slug: park.slug } : {}),
              },
            ]
          : [],
      );
      return [
        {
          feed_id: destination.id,
          name: cleanName(destination.name),
          ...(typeof destination.slug === 'string' ? { slug: destination.slug } : {}),
          parks,
        },
      ];
    }),
  };
}

/** `GET /v1/entity/{id}/children`: the park's attractions and shows. */
export function parseChildren(payload: unknown): DiscoveredAttraction[] {
  if (!isObject(payload) || !Array.isArray(payload.children)) throw malformed('no `children` list');
  return payload.children.flatMap((child) => {
    if (!isObject(child) || typeof child.id !== 'string' || typeof child.name !== 'string') return [];
    const type = typeof child.entityType === 'string' ? KINDS[child.entityType] : undefined;
    if (!type) return [];
    const point = location(child.location);
    return [{ feed_id: child.id, name: cleanName(child.name), type, ...(point ? { location: point } : {}) }];
  });
}

/** `GET /v1/entity/{id}` and its children: one park as the catalog needs it. */
export function parsePark(entity: unknown, children: unknown, resortFeedId: string): DiscoveredPark {
  if (!isObject(entity) || typeof entity.id !== 'string' || typeof entity.name !== 'string') {
    throw malformed('an entity has no string `id` or `name`');
  }
  if (typeof entity.timezone !== 'string' || entity.timezone === '') {
    throw malformed(`park ${entity.name} has no \`timezone\``);
  }
  const point = location(entity.location);
  return {
    feed_id: entity.id,
    name: cleanName(entity.name),
    ...(typeof entity.slug === 'string' ? { slug: entity.slug } : {}),
    resort_feed_id: resortFeedId,
    time_zone: entity.timezone,
    ...(point ? { location: point } : {}),
    attractions: parseChildren(children),
  };
}

export class ThemeParksWikiDiscovery implements CatalogDiscovery {
  readonly source = FEED;

  constructor(private readonly client: UpstreamClient) {}

  async listParks(): Promise<ParkListing> {
    return parseDestinations((await this.client.getJson('/v1/destinations')).body);
  }

  async describePark(park: { readonly feed_id: string }, resortFeedId: string): Promise<DiscoveredPark> {
    const id = encodeURIComponent(park.feed_id);
    const [entity, children] = await Promise.all([
      this.client.getJson(`/v1/entity/${id}`),
      this.client.getJson(`/v1/entity/${id}/children`),
    ]);
    return parsePark(entity.body, children.body, resortFeedId);
  }
}
