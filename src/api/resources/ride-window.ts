/**
 * The opening of the bodies about one ride over the last N park-local days (history, outages): the
 * ride and park, and the window, resolved the same way for both.
 */
import { Type } from 'typebox';
import type { Attraction, Park } from '../../catalog/types.js';
import { startOfLocalDay } from '../../lib/time.js';
import type { ApiContext } from '../context.js';
import { requireRide } from '../lookup.js';
import { localDaysBack } from '../params.js';
import { LocalDate } from '../schemas/common.js';

export const RideWindowProperties = {
  ride_id: Type.String(),
  ride_name: Type.String(),
  park_id: Type.String(),
  park_key: Type.String(),
  time_zone: Type.String(),
  days: Type.Integer(),
  from_date: { ...LocalDate, description: 'First park-local day of the window.' },
  to_date: { ...LocalDate, description: 'Last park-local day of the window: today.' },
};

export interface RideWindow {
  readonly ride: Attraction;
  readonly park: Park;
  readonly now: number;
  /** Start of `from_date` in the park's zone. */
  readonly from: number;
  /** The header fields, in RideWindowProperties' shape. */
  readonly header: {
    ride_id: string;
    ride_name: string;
    park_id: string;
    park_key: string;
    time_zone: string;
    days: number;
    from_date: string;
    to_date: string;
  };
}

/** Resolves `{ride}` and the last `days` park-local days including today. */
export function rideWindow(context: ApiContext, identifier: string, days: number): RideWindow {
  const { ride, park } = requireRide(context, identifier);
  const now = context.clock.now();
  const dates = localDaysBack(days, park.time_zone, now);
  const fromDate = dates[0] ?? '';
  return {
    ride,
    park,
    now,
    from: startOfLocalDay(fromDate, park.time_zone),
    header: {
      ride_id: ride.id,
      ride_name: ride.name,
      park_id: park.id,
      park_key: park.key,
      time_zone: park.time_zone,
      days,
      from_date: fromDate,
      to_date: dates.at(-1) ?? fromDate,
    },
  };
}
