import { Type } from 'typebox';

export const RideReliabilitySchema = Type.Object(
  {
    ride_id: Type.String(),
    name: Type.String(),
    uptime_pct: Type.Number({ description: 'Share of open-park minutes the ride was not down, in percent.' }),
    outages: Type.Integer(),
    outages_per_day: Type.Number(),
    average_outage_minutes: Type.Number(),
    longest_outage_minutes: Type.Number(),
    days_observed: Type.Integer({ description: 'Park-local days in the window on which the park was open.' }),
    down_minutes: Type.Number({ description: 'Down time inside operating hours.' }),
    operating_minutes: Type.Number({ description: 'Open-park minutes in the window.' }),
  },
  { additionalProperties: false },
);
