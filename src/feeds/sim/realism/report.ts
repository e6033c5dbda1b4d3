/**
 * The simulator's realism report as `sim realism --json` prints it: per park, per ride, and the
 * recorded attractions against the real posted waits (data: TouringPlans.com).
 */
export interface ParkRealism {
  readonly park: string;
  readonly mean_posted_wait: number;
  readonly storm_closure_day_share_summer: number | null;
  readonly storm_closure_day_share_winter: number | null;
  readonly peak_hour_histogram: Readonly<Record<string, number>>;
  readonly max_daily_jump: number;
  /** The date the largest jump landed on (null: no comparable pair of days). */
  readonly max_daily_jump_date: string | null;
  readonly rides_down_over_60_min_per_day: number;
  readonly lane_sellout_share_busy: number | null;
  readonly lane_sellout_share_quiet: number | null;
}

export interface RideRealism {
  readonly ride: string;
  readonly name: string;
  readonly park: string;
  readonly mean_downtime_min_per_day: number;
  readonly all_day_closures: number;
  readonly weather_delays: number;
  readonly indoor: boolean;
}

export interface TouringPlansRealism {
  readonly attraction: string;
  readonly ride: string;
  readonly profile_correlation: number;
  readonly peak_hour_sim: number;
  readonly peak_hour_real: number;
  readonly mean_wait_sim: number;
  readonly mean_wait_real: number;
}

export interface RealismReport {
  readonly from: string;
  readonly to: string;
  /** Walt Disney World's four parks together, weighted by rides. */
  readonly wdw_mean_posted_wait: number;
  readonly parks: readonly ParkRealism[];
  readonly rides: readonly RideRealism[];
  readonly touringplans: readonly TouringPlansRealism[];
}
