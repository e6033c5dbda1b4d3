/** Days ahead the wait and crowd forecasts reach (the origin's day is the first). */
export const FORECAST_DAYS = 30;

/** Horizon bands the bounds are calibrated in (days after the origin, inclusive). */
export const HORIZON_BANDS = [
  { label: '1-7', from: 1, to: 7 },
  { label: '8-14', from: 8, to: 14 },
  { label: '15-30', from: 15, to: 30 },
] as const;

/** The horizon band (index into `HORIZON_BANDS`) of a day `horizon` days after the origin. */
export function horizonBandOf(horizon: number): number {
  return horizon <= 7 ? 0 : horizon <= 14 ? 1 : 2;
}
