import { Type, type Static } from 'typebox';
import type { Park } from '../../../catalog/types.js';
import { isoTimestamp, localDate } from '../../../lib/time.js';
import { crowdLevel } from '../../../models/crowd.js';
import { dayNumber, isoDateOf } from '../../../models/hourly-history.js';
import type { ApiContext } from '../../../http/context.js';
import { defineEndpoint } from '../../../http/endpoint.js';
import { requirePark } from '../../../http/lookup.js';
import { PARK_PARAM, daysParam } from '../../../http/params.js';
import { CROWD_SCALE_TEXT, CrowdAccuracySchema, presentAccuracy } from '../../resources/crowds.js';
import { Envelope, LocalDate, Nullable, Timestamp } from '../../../http/schemas/common.js';

const MAX_DAYS = 60;

const CrowdActualsBody = Envelope(
  {
    park_id: Type.String(),
    park_key: Type.String(),
    park_name: Type.String(),
    time_zone: Type.String(),
    days: Type.Integer({ minimum: 1, maximum: MAX_DAYS }),
    from_date: { ...LocalDate, description: 'First park-local day of the window.' },
    to_date: { ...LocalDate, description: 'Last park-local day of the window: today.' },
    computed_at: { ...Timestamp, description: 'When the index was last recomputed (every 15 minutes).' },
    scale: Type.String({ description: 'What the 1-10 level means.' }),
    actuals: Type.Array(
      Type.Object(
        {
          date: LocalDate,
          day_of_week: Type.String({ description: 'English weekday name.' }),
          crowd_index: Nullable(
            Type.Number({
              description:
                "Observed crowd index: the mean over the park's rides of the day's midday (11:00-16:59) posted waits over the ride's typical midday wait; 1.0 = the park's typical day. Null when the day has too few midday waits recorded (closed, or before coverage).",
            }),
          ),
          crowd_level: Nullable(
            Type.Integer({ minimum: 1, maximum: 10, description: 'The index on the 1-10 scale.' }),
          ),
          partial: Type.Boolean({
            description:
              'True for today: its index follows the waits observed so far, once the park has an hour of them.',
          }),
        },
        { additionalProperties: false, title: 'CrowdActualDay' },
      ),
      { description: 'One entry per park-local day of the window, oldest first.' },
    ),
    accuracy: CrowdAccuracySchema,
    data_status: Type.Union([Type.Literal('available'), Type.Literal('insufficient_history')], {
      description: '`insufficient_history` while no day of the window has an observed index.',
    }),
    note: Type.String(),
  },
  "A park's observed crowd index per day, with the forecast's measured accuracy.",
  'ParkCrowdActuals',
);
export type ParkCrowdActualsResponse = Static<typeof CrowdActualsBody>;

/** `GET /v1/parks/{park}/crowds/actuals`. */
export const getCrowdActuals = defineEndpoint({
  url: '/v1/parks/:park/crowds/actuals',
  operationId: 'getParkCrowdActuals',
  summary:
    "Observed crowd index for the last 1 to 60 park-local days (1.0 = the park's typical day), with the forecast's measured accuracy.",
  description: `From the recorded midday posted waits of the park's rides; today's value appears once the park has an hour of waits. Scale: ${CROWD_SCALE_TEXT} Recomputed every 15 minutes. Stays available when provider data is disabled.`,
  tag: 'Parks',
  params: { park: PARK_PARAM },
  query: {
    days: daysParam({ max: MAX_DAYS, fallback: 14, meaning: 'park-local days back, including today' }),
  },
  body: CrowdActualsBody,
  errors: [400, 401, 404, 429, 503],
  maxAge: 300,
  provider: false,
  examples: ['/v1/parks/magic-kingdom/crowds/actuals', '/v1/parks/dca/crowds/actuals?days=60'],
  resolve: ({ params, query }, context) => {
    const park = requirePark(context, params.park);
    const today = localDate(context.clock.now(), park.time_zone);
    return {
      key: `${park.key}|${today}|${query.days}`,
      version: context.services.models.version(park),
      input: { park, today, days: query.days },
    };
  },
  build: ({ park, today, days }, context) => actualsBody(context, park, today, days),
});

async function actualsBody(
  context: ApiContext,
  park: Park,
  today: string,
  days: number,
): Promise<ParkCrowdActualsResponse> {
  const models = await context.services.models.forPark(park);
  const last = dayNumber(today);
  const actuals = [];
  for (let day = last - days + 1; day <= last; day++) {
    const index = models.observed.get(day);
    const date = isoDateOf(day);
    actuals.push({
      date,
      day_of_week: new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
        weekday: 'long',
        timeZone: 'UTC',
      }),
      crowd_index: index === undefined ? null : Math.round(index * 1000) / 1000,
      crowd_level: index === undefined ? null : crowdLevel(index, models.scale),
      partial: day === last,
    });
  }
  return context.envelopes.wrap(
    {
      park_id: park.id,
      park_key: park.key,
      park_name: park.name,
      time_zone: park.time_zone,
      days,
      from_date: isoDateOf(last - days + 1),
      to_date: today,
      computed_at: isoTimestamp(models.computed_at),
      scale: CROWD_SCALE_TEXT,
      actuals,
      accuracy: presentAccuracy(models),
      data_status: actuals.some((entry) => entry.crowd_index !== null) ? 'available' : 'insufficient_history',
      note: `From recorded posted waits; coverage began ${context.config.coverageStart}, so earlier days have no index. The scale comes from ${models.scale_days} observed day${models.scale_days === 1 ? '' : 's'}.`,
    },
    context.links.parkPage(park),
  );
}
