import { Type, type Static } from 'typebox';
import { UpstreamError } from '../../../feeds/types.js';
import { isoTimestamp } from '../../../lib/time.js';
import { FORECAST_DAYS } from '../../../models/horizon-bands.js';
import { PREDICTED_DAYS } from '../../../services/best-times.js';
import { defineEndpoint } from '../../../http/endpoint.js';
import { upstreamApiError } from '../../upstream-error.js';
import { requireRide } from '../../../http/lookup.js';
import { RIDE_PARAM, dateParam, resolveDate } from '../../../http/params.js';
import { Envelope, LocalDate, Timestamp } from '../../../http/schemas/common.js';

const DATE_BOUNDS = { maxDaysAhead: FORECAST_DAYS - 1, meaning: 'Park-local date' };

const Hour = Type.Integer({
  minimum: 0,
  maximum: 23,
  description: 'Park-local hour (the hour starting then).',
});
const LocalTime = Type.String({ pattern: '^\\d{2}:\\d{2}$', description: 'Park-local time HH:MM.' });

const WindowSchema = Type.Object(
  {
    start: LocalTime,
    end: { ...LocalTime, description: 'Park-local time HH:MM the window ends (exclusive).' },
    start_hour: Hour,
    end_hour: Type.Integer({ minimum: 1, maximum: 24, description: 'Hour the window ends (exclusive).' }),
    average_wait_minutes: Type.Number(),
  },
  {
    additionalProperties: false,
    title: 'WaitWindow',
    description: 'Two consecutive open hours (one when the park opens only an hour).',
  },
);

const BestTimesBody = Envelope(
  {
    ride_id: Type.String(),
    ride_name: Type.String(),
    park_id: Type.String(),
    park_name: Type.String(),
    time_zone: Type.String(),
    date: { ...LocalDate, description: 'Park-local date.' },
    day_of_week: Type.String({ description: 'English weekday name.' }),
    predicted_hours: Type.Array(
      Type.Object(
        {
          hour: Hour,
          local_time: LocalTime,
          predicted_wait_minutes: Type.Number({
            description: 'Predicted mean posted wait of the hour; 0 when the park is closed.',
          }),
          lower_bound: Type.Number({
            description: "Lower end of the 80% band (calibrated on the model's past errors).",
          }),
          upper_bound: Type.Number({ description: 'Upper end of the 80% band.' }),
          park_closed: Type.Boolean({
            description: "True for an hour outside the park's published operating hours.",
          }),
        },
        { additionalProperties: false, title: 'PredictedHour' },
      ),
      {
        description: `Hourly predictions with bounds for dates less than ${PREDICTED_DAYS} days ahead; empty for later dates (summary.basis typical).`,
      },
    ),
    typical_hours: Type.Array(
      Type.Object(
        {
          hour: Hour,
          local_time: LocalTime,
          typical_wait_minutes: Type.Number({
            description: 'Mean posted wait of that weekday and hour in the recorded history.',
          }),
          days_observed: Type.Integer({ minimum: 0, description: 'Recorded days behind the mean.' }),
        },
        { additionalProperties: false, title: 'TypicalHour' },
      ),
      { description: 'Typical wait by hour for that weekday.' },
    ),
    operator_forecast: Type.Array(
      Type.Object(
        {
          hour: Hour,
          local_time: LocalTime,
          forecast_wait_minutes: Type.Number({
            description: "The operator's forecast posted wait for the hour.",
          }),
        },
        { additionalProperties: false, title: 'OperatorForecastHour' },
      ),
      {
        description:
          "The park operator's own hourly forecast, when it publishes one (usually today only, at the Disney parks); empty otherwise.",
      },
    ),
    summary: Type.Object(
      {
        basis: Type.Union([Type.Literal('predicted'), Type.Literal('typical')], {
          description: `predicted for dates less than ${PREDICTED_DAYS} days ahead (today and the next ${PREDICTED_DAYS - 1}); typical beyond.`,
        }),
        best_windows: Type.Array(WindowSchema, {
          description:
            'One or two windows with the lowest waits, earliest first; empty when the park is closed all day or nothing is known yet.',
        }),
        worst_window: Type.Optional(WindowSchema),
      },
      { additionalProperties: false, title: 'BestTimesSummary' },
    ),
    prediction_generated_at: {
      ...Timestamp,
      description: 'When the models behind the predictions were last recomputed.',
    },
    data_status: Type.Union(
      [
        Type.Literal('predicted'),
        Type.Literal('typical'),
        Type.Literal('park_closed'),
        Type.Literal('insufficient_history'),
      ],
      {
        description:
          'predicted or typical (as summary.basis); park_closed when the park has no operating hours that date; insufficient_history when the ride has no recorded waits for the open hours yet.',
      },
    ),
    note: Type.String(),
  },
  "One ride's predicted and typical waits by hour for a date, with the best and worst windows.",
  'RideBestTimes',
);
export type RideBestTimesResponse = Static<typeof BestTimesBody>;

/** `GET /v1/rides/{ride}/best-times`. */
export const getBestTimes = defineEndpoint({
  url: '/v1/rides/:ride/best-times',
  operationId: 'getRideBestTimes',
  summary:
    'Hourly predicted waits with bounds for a date up to 30 days ahead, typical waits for that weekday, the operator forecast and the best and worst windows.',
  description: `Predictions for dates less than ${PREDICTED_DAYS} days ahead come from the service's own wait model (the ride's recent level against its typical waits, seasonal change, recent hourly shape), with 80% bands calibrated on its past errors; later dates fall back to typical waits (summary.basis). Hours outside the park's published hours are marked park_closed. Recomputed every 15 minutes.`,
  tag: 'Rides',
  params: { ride: RIDE_PARAM },
  query: { date: dateParam(DATE_BOUNDS) },
  body: BestTimesBody,
  errors: [400, 401, 403, 404, 429, 503],
  maxAge: 300,
  provider: true,
  examples: [
    '/v1/rides/magic-kingdom_seven-dwarfs-mine-train/best-times',
    '/v1/rides/epcot_test-track/best-times',
  ],
  resolve: ({ params, query }, context) => {
    const { ride, park } = requireRide(context, params.ride);
    const date = resolveDate(query.date, park.time_zone, context.clock.now(), DATE_BOUNDS);
    return {
      key: `${ride.id}|${date}`,
      version: context.services.bestTimes.version(park),
      input: { ride, park, date },
    };
  },
  build: async ({ ride, park, date }, { services, envelopes, links, config }) => {
    // A real upstream's schedule (a date past what it publishes, or a failed read) is a 503 with
    // its reason, as on /hours, never an internal error.
    const result = await services.bestTimes.forRide(ride, park, date).catch((error: unknown) => {
      if (error instanceof UpstreamError) throw upstreamApiError(error, 'Best times');
      throw error;
    });
    return envelopes.wrap(
      {
        ride_id: ride.id,
        ride_name: ride.name,
        park_id: park.id,
        park_name: park.name,
        time_zone: park.time_zone,
        date,
        day_of_week: result.day_of_week,
        predicted_hours: [...result.predicted_hours],
        typical_hours: [...result.typical_hours],
        operator_forecast: [...result.operator_forecast],
        summary: {
          basis: result.basis,
          best_windows: [...result.best_windows],
          ...(result.worst_window ? { worst_window: result.worst_window } : {}),
        },
        prediction_generated_at: isoTimestamp(result.generated_at),
        data_status: result.data_status,
        note: `The service's own model, learned from posted waits recorded since ${config.coverageStart}; bands are 80% intervals calibrated on the model's past errors. Predictions cover dates less than ${PREDICTED_DAYS} days ahead, typical waits beyond.`,
      },
      links.ridePage(ride),
    );
  },
});
