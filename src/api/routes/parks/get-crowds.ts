import { Type, type Static } from 'typebox';
import type { Park } from '../../../catalog/types.js';
import { isoTimestamp } from '../../../lib/time.js';
import { dayNumber } from '../../../models/hourly-history.js';
import { FORECAST_DAYS } from '../../../models/horizon-bands.js';
import type { ApiContext } from '../../../http/context.js';
import { defineEndpoint } from '../../../http/endpoint.js';
import { requirePark } from '../../../http/lookup.js';
import { PARK_PARAM, dateParam, daysParam, resolveDate } from '../../../http/params.js';
import { CROWD_SCALE_TEXT, CrowdAccuracySchema, presentAccuracy } from '../../resources/crowds.js';
import { Envelope, LocalDate, Timestamp } from '../../../http/schemas/common.js';

const DATE_BOUNDS = { maxDaysAhead: FORECAST_DAYS - 1, meaning: 'First park-local date of the forecast,' };

const Level = Type.Integer({ minimum: 1, maximum: 10 });

const CrowdDriverSchema = Type.Object(
  {
    driver: Type.Union(
      [
        Type.Literal('weekday'),
        Type.Literal('season'),
        Type.Literal('recent_trend'),
        Type.Literal('hours_length'),
        Type.Literal('holiday'),
        Type.Literal('school_break'),
        Type.Literal('event_night'),
      ],
      {
        description:
          'weekday, season, recent_trend and hours_length are always listed; holiday, school_break and event_night only on days they apply to.',
      },
    ),
    effect: Type.Number({
      description:
        "Against a typical day (1 = no effect). weekday, season and recent_trend: the wait models' multipliers behind the forecast. hours_length, holiday, school_break, event_night: how much busier the park's recorded days they applied to ran than its other days, which the wait models carry in their season and calendar.",
    }),
    detail: Type.String({ description: 'What the driver is on that day, in words.' }),
  },
  { additionalProperties: false, title: 'CrowdDriver' },
);

const CrowdsBody = Envelope(
  {
    park_id: Type.String(),
    park_key: Type.String(),
    park_name: Type.String(),
    time_zone: Type.String(),
    date: { ...LocalDate, description: 'First park-local date of the forecast.' },
    days: Type.Integer({ minimum: 1, maximum: FORECAST_DAYS }),
    computed_at: { ...Timestamp, description: 'When the models behind the forecast were last recomputed.' },
    scale: Type.String({ description: 'What the 1-10 level means.' }),
    forecasts: Type.Array(
      Type.Object(
        {
          date: LocalDate,
          day_of_week: Type.String({ description: 'English weekday name.' }),
          crowd_level: Level,
          crowd_level_low: {
            ...Level,
            description: 'Low end of the likely range (about the 10th percentile).',
          },
          crowd_level_high: {
            ...Level,
            description: 'High end of the likely range (about the 90th percentile).',
          },
          crowd_index: Type.Number({
            description: "Forecast (or, today, observed) crowd index: 1.0 = the park's typical day.",
          }),
          basis: Type.Union([Type.Literal('forecast'), Type.Literal('observed')], {
            description:
              '`observed` for today once the park has an hour of posted waits (the level follows them); `forecast` otherwise.',
          }),
          drivers: Type.Array(CrowdDriverSchema),
        },
        { additionalProperties: false, title: 'CrowdForecastDay' },
      ),
      {
        description:
          'One entry per day from `date`, oldest first; days past the 30-day horizon are left out.',
      },
    ),
    accuracy: CrowdAccuracySchema,
    data_status: Type.Union([Type.Literal('available'), Type.Literal('insufficient_history')], {
      description:
        '`insufficient_history` while no ride of the park has a recorded day to learn from (forecasts is empty).',
    }),
    note: Type.String(),
  },
  "A park's 1-10 crowd forecast with ranges and drivers.",
  'ParkCrowds',
);
export type ParkCrowdsResponse = Static<typeof CrowdsBody>;

/** `GET /v1/parks/{park}/crowds`. */
export const getCrowds = defineEndpoint({
  url: '/v1/parks/:park/crowds',
  operationId: 'getParkCrowds',
  summary:
    '1-10 crowd forecast with a low-high range and drivers for up to 30 days, with its measured accuracy.',
  description: `The service's own model, learned from the recorded posted waits: each ride's recent level against its typical waits, the seasonal change seen in earlier years, and the learned effects of holidays, school breaks, ticketed event nights and operating hours. Today's level follows the observed waits once the park has an hour of them. Scale: ${CROWD_SCALE_TEXT} Recomputed every 15 minutes. Crowd forecasts stay available when provider data is disabled.`,
  tag: 'Parks',
  params: { park: PARK_PARAM },
  query: {
    date: dateParam(DATE_BOUNDS),
    days: daysParam({ max: FORECAST_DAYS, fallback: 1, meaning: 'days forecast from `date`' }),
  },
  body: CrowdsBody,
  errors: [400, 401, 404, 429, 503],
  maxAge: 300,
  provider: false,
  examples: ['/v1/parks/magic-kingdom/crowds', '/v1/parks/epcot/crowds?days=7'],
  resolve: ({ params, query }, context) => {
    const park = requirePark(context, params.park);
    const date = resolveDate(query.date, park.time_zone, context.clock.now(), DATE_BOUNDS);
    return {
      key: `${park.key}|${date}|${query.days}`,
      version: context.services.models.version(park),
      input: { park, date, days: query.days },
    };
  },
  build: ({ park, date, days }, context) => crowdsBody(context, park, date, days),
});

async function crowdsBody(
  context: ApiContext,
  park: Park,
  date: string,
  days: number,
): Promise<ParkCrowdsResponse> {
  const models = await context.services.models.forPark(park);
  const first = dayNumber(date);
  const forecasts = models.forecast
    .filter((entry) => entry.day >= first && entry.day < first + days)
    .map((entry) => ({
      date: entry.date,
      day_of_week: weekdayName(entry.date),
      crowd_level: entry.level,
      crowd_level_low: entry.level_low,
      crowd_level_high: entry.level_high,
      crowd_index: entry.index,
      basis: entry.basis,
      drivers: entry.drivers.map((driver) => ({ ...driver })),
    }));
  const truncated = forecasts.length < days && models.forecast.length > 0;
  return context.envelopes.wrap(
    {
      park_id: park.id,
      park_key: park.key,
      park_name: park.name,
      time_zone: park.time_zone,
      date,
      days,
      computed_at: isoTimestamp(models.computed_at),
      scale: CROWD_SCALE_TEXT,
      forecasts,
      accuracy: presentAccuracy(models),
      data_status: models.rides.size > 0 ? 'available' : 'insufficient_history',
      note: `The service's own model, learned from ${models.history_days} recorded day${models.history_days === 1 ? '' : 's'} of posted waits (coverage began ${context.config.coverageStart}); recomputed every 15 minutes.${truncated ? ` Forecasts reach ${FORECAST_DAYS - 1} days ahead; later days are left out.` : ''}`,
    },
    context.links.parkPage(park),
  );
}

function weekdayName(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
}
