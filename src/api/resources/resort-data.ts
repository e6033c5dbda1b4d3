/**
 * Shapes and helpers the resort-data endpoints (`/v1/resorts/{resort}/tickets`, `/park-availability`,
 * `/hotel-availability`, `/events`, `/buses/stops` and `/buses`) share: the resort header every body
 * starts with, the closed `data_status` set, and the lookup that answers 404 for a resort without a
 * bus network.
 */
import { Type } from 'typebox';
import type { Resort } from '../../catalog/types.js';
import { isoTimestamp } from '../../lib/time.js';
import type { ApiContext } from '../../http/context.js';
import { ApiError } from '../../http/errors.js';
import { requireResort } from '../../http/lookup.js';
import { Nullable, Timestamp } from '../../http/schemas/common.js';

export const ResortHeader = {
  resort_id: Type.String({ description: 'Canonical resort (destination) ID.' }),
  resort_key: Type.String({ description: 'Resort key, as in /v1/resorts.' }),
  resort_name: Type.String(),
  time_zone: Type.String({ description: 'IANA time zone of the resort; every `date` here is local to it.' }),
};

export function resortHeader(resort: Resort) {
  return {
    resort_id: resort.id,
    resort_key: resort.key,
    resort_name: resort.name,
    time_zone: resort.time_zone,
  };
}

/** The closed `data_status` set of the daily-checked families. */
export const DailyDataStatus = Type.Union([Type.Literal('available'), Type.Literal('unavailable')], {
  description:
    '`available`: from the last daily check (at most 36 hours old). `unavailable`: no current check covers the request (the upstream failed or the service just started), or no source provides the family for the resort (a resort the live feed discovered, PARKS other than `spec`: `note` says so); the lists are empty and no numbers are given.',
});

/** The closed `data_status` set of the bus endpoints. */
export const BusDataStatus = Type.Union([Type.Literal('available'), Type.Literal('unavailable')], {
  description:
    '`available`: predictions refreshed within the last 3 minutes (they refresh about every minute). `unavailable`: no current predictions; the lists are empty.',
});

export const CheckedAt = Nullable({
  ...Timestamp,
  description: 'When the service last checked the operator for this data (UTC); null before the first check.',
});

export const Currency = Type.String({
  description: 'ISO 4217 currency of every price in this body (USD at the four resorts).',
  pattern: '^[A-Z]{3}$',
});

export const Price = Type.Number({
  minimum: 0,
  description: 'Adult price before tax, in major units of `currency` (dollars).',
});

export function checkedAtOf(checkedAt: number | null): string | null {
  return checkedAt === null ? null : isoTimestamp(checkedAt);
}

/** The resort, or 404 when it is unknown or has no bus network (naming the one that has). */
export function requireBusResort(context: ApiContext, identifier: string): Resort {
  const resort = requireResort(context, identifier);
  if (resort.bus_network) return resort;
  const withBuses = context.catalog.resorts.filter((r) => r.bus_network);
  const names = withBuses.map(
    (r) => `${r.name} (${context.links.baseUrlPath(`/v1/resorts/${r.key}/buses/stops`)})`,
  );
  throw new ApiError(
    'not_found',
    `${resort.name} has no bus network in this API. Buses are served only for ${names.join(', ')}.`,
  );
}
