/** The parts the crowd forecast and crowd actuals bodies share: the scale and the measured accuracy. */
import { Type } from 'typebox';
import type { ParkModels } from '../../services/models/index.js';
import { Nullable } from '../../http/schemas/common.js';

export const CROWD_SCALE_TEXT =
  "1-10 by deciles of the park's own observed crowd index over the last 365 days: level 1 is quieter than 90% of those days, level 10 busier than 90% of them, level 6 about the median. The crowd index is the mean, over the park's queued rides, of the day's midday (11:00-16:59) posted waits divided by the ride's typical midday wait (1.0 = the park's typical day). Until 10 days have been observed the scale is even steps of 0.1 from 0.6 to 1.4.";

export const CrowdAccuracySchema = Type.Object(
  {
    method: Type.String({ description: 'How the figures were measured.' }),
    origins: Type.Integer({ minimum: 0, description: 'Earlier forecast origins scored.' }),
    days_scored: Type.Integer({ minimum: 0 }),
    mae_levels: Nullable(
      Type.Number({ description: 'Mean absolute error of the 1-10 level; null until a day was scored.' }),
    ),
    within_1: Nullable(
      Type.Number({ minimum: 0, maximum: 1, description: 'Share of scored days forecast within ±1 level.' }),
    ),
    within_2: Nullable(
      Type.Number({ minimum: 0, maximum: 1, description: 'Share of scored days forecast within ±2 levels.' }),
    ),
    wait_mae_minutes: Nullable(
      Type.Number({
        description: 'Mean absolute error of the hourly wait predictions (8:00-21:59), minutes.',
      }),
    ),
    typical_mae_minutes: Nullable(
      Type.Number({
        description: 'The same error for the typical wait (weekday × hour mean), the baseline to beat.',
      }),
    ),
  },
  {
    additionalProperties: false,
    title: 'CrowdAccuracy',
    description: "The crowd forecast's measured accuracy.",
  },
);

export function presentAccuracy(models: ParkModels) {
  return {
    method:
      'Rolling origins in the recorded history (every 7 days, the latest 31 days back): models fitted on the days before each origin only, scored on the 30 days after it.',
    ...models.accuracy,
  };
}
