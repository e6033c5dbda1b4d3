/**
 * The level model's options: the point model (`point-model.ts`), pooling across a park's rides
 * (`park-point-models.ts`), the school-session regression (`school-session-regression.ts`) and the
 * calibration of its bands (`wait-bands.ts`). `wait-model.ts` holds them as the combined model's
 * `level` options.
 */
export interface WaitModelOptions {
  /** Days before the origin the hour shape looks at (and the calendar's recent mix). */
  readonly recentDays: number;
  /** Windows (days before the origin) whose median levels are averaged into the recent level. */
  readonly recentWindows: readonly number[];
  /** Largest |log| gap between a window's older days' level and the shortest window's level. */
  readonly levelShiftLimit: number;
  /** Share (geometric) of the seasonal change taken from the park's rides when fitted together. */
  readonly peerSeasonalWeight: number;
  /** Half-width in days of the seasonal window around the same date in earlier years. */
  readonly seasonalHalfWidth: number;
  /** How many earlier years the seasonal change looks at. */
  readonly seasonalYears: number;
  /** Exponent damping the seasonal change (0 ignores it, 1 trusts it fully). */
  readonly seasonalWeight: number;
  /** Earlier origins whose errors calibrate the bounds. */
  readonly calibrationOrigins: number;
  /** Days between calibration origins. */
  readonly calibrationStep: number;
  /** Days before the origin the model's weekday × hour shape comes from (the baseline uses all). */
  readonly shapeDays: number;
  /** Days before the origin each weekday's own recent level comes from (0: no weekday adjustment). */
  readonly weekdayDays: number;
  /** Days before the origin the recent weekday × hour profile averages. */
  readonly profileDays: number;
  /** Weight of the recent profile (× seasonal change) blended with the level model. */
  readonly profileWeight: number;
  /**
   * Share of past errors left outside each side of the 80% band. Measured on the real data: the
   * errors of earlier origins understate later ones a little (parks drift), so 8.5% tails, not 10%,
   * give 75-84% coverage per attraction (docs/models.md).
   */
  readonly bandTail: number;
  /**
   * Days in session (as squared deviations of the share of schools in session) that count as much as
   * the prior of no effect, when the school sessions stand in for an unknown season: the fewer
   * sessions and breaks the history has seen, the less a break moves the level.
   */
  readonly schoolSessionPenalty: number;
  /**
   * The most a day's school sessions move its level either way (a factor), when they stand in for
   * an unknown season: their effect is learned from a few months, and a break far from those
   * months' shares would be an extrapolation.
   */
  readonly schoolSessionLimit: number;
}

export const DEFAULT_WAIT_MODEL_OPTIONS: WaitModelOptions = {
  recentDays: 28,
  recentWindows: [14, 28, 56, 84],
  levelShiftLimit: 0.5,
  peerSeasonalWeight: 0.5,
  seasonalHalfWidth: 10,
  seasonalYears: 6,
  seasonalWeight: 1,
  calibrationOrigins: 20,
  calibrationStep: 7,
  shapeDays: 100_000,
  weekdayDays: 0,
  profileDays: 21,
  profileWeight: 0.4,
  bandTail: 0.085,
  schoolSessionPenalty: 0.1,
  schoolSessionLimit: 1.3,
};
