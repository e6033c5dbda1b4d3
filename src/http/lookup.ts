/**
 * Resolves the `{park}`, `{resort}` and `{ride}` path parameters, or answers 404 with a message that
 * says where the valid identifiers are (the prepared lane, which leaves every error to the router,
 * calls them too and hands a thrown error on).
 */
import type { Attraction, Park, Resort } from '../catalog/types.js';
import type { ApiContext } from './context.js';
import { ApiError } from './errors.js';

export function requirePark(context: ApiContext, identifier: string): Park {
  const park = context.catalog.park(identifier);
  if (park) return park;
  const keys = context.catalog.parks.map((p) => p.key).join(', ');
  throw new ApiError(
    'not_found',
    `Unknown park "${identifier}". Valid park keys: ${keys}. Canonical IDs, names and aliases (such as mk or dca) work too; see ${context.links.baseUrlPath('/v1/parks')}.`,
  );
}

export function requireResort(context: ApiContext, identifier: string): Resort {
  const resort = context.catalog.resort(identifier);
  if (resort) return resort;
  const keys = context.catalog.resorts.map((r) => r.key).join(', ');
  throw new ApiError(
    'not_found',
    `Unknown resort "${identifier}". Valid resort keys: ${keys}. Canonical IDs, names and aliases work too; see ${context.links.baseUrlPath('/v1/resorts')}.`,
  );
}

/** A ride by ID anywhere, or by name or slug when unique (within `park` when given). */
export function requireRide(
  context: ApiContext,
  identifier: string,
  park?: Park,
): { ride: Attraction; park: Park } {
  const found = context.catalog.ride(identifier, park);
  if (found.kind === 'found') return found;
  const listing = context.links.baseUrlPath(`/v1/parks/${park?.key ?? '{park}'}/rides`);
  if (found.kind === 'ambiguous') {
    const ids = found.candidates.map((ride) => ride.id).join(', ');
    throw new ApiError(
      'not_found',
      `"${identifier}" names ${found.candidates.length} rides: ${ids}. Use one of these ride IDs, or look the name up under its park at /v1/parks/{park}/rides/{ride}.`,
    );
  }
  throw new ApiError(
    'not_found',
    `Unknown ride "${identifier}"${park ? ` at ${park.name}` : ''}. Ride IDs look like magic-kingdom_space-mountain; find them in ${listing}.`,
  );
}
