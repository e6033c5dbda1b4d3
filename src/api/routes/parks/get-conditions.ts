import { Type, type Static } from 'typebox';
import type { Park } from '../../../catalog/types.js';
import type { WeatherAlert, WeatherObservation } from '../../../feeds/types.js';
import { isoTimestamp } from '../../../lib/time.js';
import type { ApiContext } from '../../../http/context.js';
import { defineEndpoint } from '../../../http/endpoint.js';
import { requirePark } from '../../../http/lookup.js';
import { PARK_PARAM } from '../../../http/params.js';
import { ParkHeaderProperties, parkHeader } from '../../resources/park.js';
import { Envelope, Nullable, Timestamp } from '../../../http/schemas/common.js';

const NullableNumber = (description: string) => Nullable(Type.Number({ description }));

const ObservationSchema = Type.Object(
  {
    station_id: Type.String({ description: "The weather agency's station identifier, such as KISM." }),
    station_name: Nullable(Type.String()),
    observed_at: {
      ...Timestamp,
      description: 'When the station made the observation (within the last 3 hours).',
    },
    description: Nullable(
      Type.String({ description: 'The station’s own words, such as "Thunderstorms and Rain".' }),
    ),
    temperature_c: NullableNumber(
      'Air temperature, °C; null when the station did not report it (as for every value here).',
    ),
    dew_point_c: NullableNumber('Dew point, °C.'),
    relative_humidity_pct: NullableNumber('Relative humidity, percent.'),
    wind_speed_kmh: NullableNumber('Sustained wind speed, km/h.'),
    wind_gust_kmh: NullableNumber('Wind gust, km/h; null when no gust was reported.'),
    wind_direction_deg: NullableNumber('Direction the wind blows from, degrees from true north.'),
    precipitation_last_hour_mm: NullableNumber('Precipitation in the last hour, mm.'),
    visibility_km: NullableNumber('Visibility, km.'),
    thunderstorm: Type.Boolean({
      description: 'True when the station reports a thunderstorm at or near it.',
    }),
  },
  { additionalProperties: false, title: 'WeatherObservation' },
);

const AlertSchema = Type.Object(
  {
    id: Type.String({ description: "The weather agency's alert identifier." }),
    event: Type.String({
      description: 'Alert type, such as "Severe Thunderstorm Warning" or "Heat Advisory".',
    }),
    headline: Nullable(Type.String()),
    severity: Type.Union(
      [
        Type.Literal('Extreme'),
        Type.Literal('Severe'),
        Type.Literal('Moderate'),
        Type.Literal('Minor'),
        Type.Literal('Unknown'),
      ],
      { description: 'The agency’s severity (CAP).' },
    ),
    urgency: Nullable(Type.String({ description: 'CAP urgency, such as Immediate or Expected.' })),
    certainty: Nullable(Type.String({ description: 'CAP certainty, such as Observed or Likely.' })),
    onset_at: Nullable(Timestamp),
    ends_at: Nullable(Timestamp),
    expires_at: Nullable({ ...Timestamp, description: 'When this version of the alert expires.' }),
    sender_name: Nullable(Type.String({ description: 'The issuing office, such as "NWS Melbourne FL".' })),
  },
  { additionalProperties: false, title: 'WeatherAlert' },
);

const ConditionsBody = Envelope(
  {
    ...ParkHeaderProperties,
    data_status: Type.Union([Type.Literal('available'), Type.Literal('unavailable')], {
      description:
        'Weather data status. available: the weather agency was read within the last 15 minutes. unavailable: it could not be read, or no weather source covers the park (outside the weather agency’s country, or, for the simulator, outside the spec’s ten: a park the live feed discovered has no simulated weather); `observation`, `alerts` and `lightning_risk` are null (never older values) and `note` says why. The ride counts have their own `ride_counts.live_data_status`.',
    }),
    weather_source: Type.String({
      description:
        '`nws` for the US National Weather Service, `sim` for the simulated weather of a simulated deployment.',
    }),
    checked_at: Nullable({
      ...Timestamp,
      description: 'Last successful read of the weather agency; null before the first.',
    }),
    observation_status: Nullable(
      Type.Union([Type.Literal('current'), Type.Literal('outdated'), Type.Literal('none')], {
        description:
          "current: the nearest station's latest observation is within 3 hours and is in `observation`. outdated: its latest observation is older than 3 hours, so it is not reported (`observation` null). none: the station has no observation. Null when the weather is unavailable.",
      }),
    ),
    observation: Nullable(ObservationSchema),
    alerts: Nullable(
      Type.Array(AlertSchema, {
        description:
          "Weather alerts in effect for the park's location; empty when there are none, null when unavailable.",
      }),
    ),
    lightning_risk: Nullable(
      Type.Object(
        {
          level: Type.Union([Type.Literal('low'), Type.Literal('moderate'), Type.Literal('high')], {
            description:
              'high: a thunderstorm is observed or a thunderstorm alert is in effect, so outdoor rides are likely closed (Weather Delay). moderate: an afternoon in a season of frequent thunderstorms. low: otherwise.',
          }),
          reasons: Type.Array(
            Type.Union([
              Type.Literal('thunderstorm_observed'),
              Type.Literal('thunderstorm_alert'),
              Type.Literal('storm_season_afternoon'),
            ]),
            { description: 'Why, strongest first; empty when low.' },
          ),
        },
        {
          additionalProperties: false,
          title: 'LightningRisk',
          description: "The service's own lightning risk; null when the weather is unavailable.",
        },
      ),
    ),
    ride_counts: Type.Object(
      {
        live_data_status: Type.Union([Type.Literal('live'), Type.Literal('unavailable')], {
          description:
            'As in /waits: live from the current snapshot, or unavailable (the counts are then null).',
        }),
        park_status: Nullable(
          Type.Union([Type.Literal('open'), Type.Literal('closed')], { description: 'As in /waits.' }),
        ),
        operating: Nullable(Type.Integer({ minimum: 0, description: 'Queued rides with status OPERATING.' })),
        down: Nullable(
          Type.Integer({ minimum: 0, description: 'Queued rides down: Down, Brief Delay or Weather Delay.' }),
        ),
        closed: Nullable(
          Type.Integer({ minimum: 0, description: 'Queued rides closed (CLOSED or REFURBISHMENT).' }),
        ),
        unavailable: Nullable(
          Type.Integer({
            minimum: 0,
            description: 'Queued rides without a live value (status unavailable).',
          }),
        ),
      },
      {
        additionalProperties: false,
        title: 'RideCounts',
        description:
          'Queued rides (`type: ride`) by state, from the same live snapshot /waits serves at this moment.',
      },
    ),
    note: Type.String(),
  },
  "A park's current weather, alerts, lightning risk and ride counts.",
  'ParkConditions',
);
export type ParkConditionsResponse = Static<typeof ConditionsBody>;

/** `GET /v1/parks/{park}/conditions`. */
export const getConditions = defineEndpoint({
  url: '/v1/parks/:park/conditions',
  operationId: 'getParkConditions',
  summary:
    "Current weather (the agency's latest observation within 3 hours), alerts, the service's lightning risk and queued-ride counts for a park.",
  description:
    "Current conditions only, no history. The weather agency (the US National Weather Service, or the simulator in a simulated deployment) is read for every park every 5 minutes; the nearest station's latest observation is reported only when it is at most 3 hours old, and alerts are those in effect for the park's location. When the agency cannot be read, `data_status` is unavailable and no weather values are given. `lightning_risk` is the service's own: high while a thunderstorm is observed or a thunderstorm alert is in effect (outdoor rides close for lightning, reported as Weather Delay). `ride_counts` counts queued rides operating, down, closed or unavailable in the same live snapshot `/waits` serves.",
  tag: 'Parks',
  params: { park: PARK_PARAM },
  body: ConditionsBody,
  errors: [400, 401, 403, 404, 429, 503],
  maxAge: 60,
  provider: true,
  examples: ['/v1/parks/magic-kingdom/conditions', '/v1/parks/usf/conditions'],
  resolve: ({ params }, context) => {
    const park = requirePark(context, params.park);
    return { key: park.key, version: context.services.conditions.version(park), input: park };
  },
  build: (park, context) => conditionsBody(context, park),
});

function presentObservation(o: WeatherObservation) {
  return { ...o, observed_at: isoTimestamp(o.observed_at) };
}

function presentAlert(a: WeatherAlert) {
  const at = (t: number | null) => (t === null ? null : isoTimestamp(t));
  return { ...a, onset_at: at(a.onset_at), ends_at: at(a.ends_at), expires_at: at(a.expires_at) };
}

function conditionsBody(context: ApiContext, park: Park): ParkConditionsResponse {
  const { conditions } = context.services;
  const { weather, live } = conditions.forPark(park);
  const counts =
    live.data_status === 'live'
      ? {
          live_data_status: 'live' as const,
          park_status: live.open ? ('open' as const) : ('closed' as const),
          ...live.counts,
        }
      : {
          live_data_status: 'unavailable' as const,
          park_status: null,
          operating: null,
          down: null,
          closed: null,
          unavailable: null,
        };
  const notes: string[] = [];
  if (weather.data_status === 'unavailable') notes.push(`Weather unavailable: ${weather.reason}`);
  else if (weather.observation_status === 'outdated')
    notes.push('The station’s latest observation is more than 3 hours old and is not reported as current.');
  else if (weather.observation_status === 'none') notes.push('The station has no recent observation.');
  if (live.data_status === 'unavailable') notes.push(`Ride counts unavailable: ${live.reason}`);
  const available = weather.data_status === 'available' ? weather : null;
  return context.envelopes.wrap(
    {
      ...parkHeader(park),
      data_status: weather.data_status,
      weather_source: conditions.source,
      checked_at: weather.checked_at === null ? null : isoTimestamp(weather.checked_at),
      observation_status: available ? available.observation_status : null,
      observation: available?.observation ? presentObservation(available.observation) : null,
      alerts: available ? available.alerts.map(presentAlert) : null,
      lightning_risk: available
        ? { level: available.lightning.level, reasons: [...available.lightning.reasons] }
        : null,
      ride_counts: counts,
      note: notes.length > 0 ? notes.join(' ') : 'Current conditions; weather read every 5 minutes.',
    },
    context.links.parkPage(park),
  );
}
