/** The realism report as the readable table `sim realism` prints without --json. */
import type { RealismReport } from './report.js';

/** The readable table the command prints without --json. */
export function formatRealism(report: RealismReport): string {
  const lines: string[] = [];
  const pad = (v: string | number | null, n: number): string => String(v ?? '-').padStart(n);
  const padEnd = (v: string | number | null, n: number): string => String(v ?? '-').padEnd(n);
  lines.push(`Simulator realism ${report.from} to ${report.to}`);
  lines.push(`Walt Disney World mean posted wait (by ride): ${report.wdw_mean_posted_wait} min`, '');
  lines.push(
    `${padEnd('park', 28)}${pad('wait', 6)}${pad('storm-su', 9)}${pad('storm-wi', 9)}${pad('jump', 7)}${pad('down>60', 8)}${pad('ll-busy', 8)}${pad('ll-quiet', 9)}  peak hours`,
  );
  for (const p of report.parks) {
    const peaks = Object.entries(p.peak_hour_histogram)
      .map(([h, n]) => `${h}h:${n}`)
      .join(' ');
    lines.push(
      `${padEnd(p.park, 28)}${pad(p.mean_posted_wait, 6)}${pad(p.storm_closure_day_share_summer, 9)}${pad(p.storm_closure_day_share_winter, 9)}${pad(p.max_daily_jump, 7)}${pad(p.rides_down_over_60_min_per_day, 8)}${pad(p.lane_sellout_share_busy, 8)}${pad(p.lane_sellout_share_quiet, 9)}  ${peaks}`,
    );
  }
  const rides = report.rides;
  const under15 = rides.filter((r) => r.mean_downtime_min_per_day < 15).length;
  lines.push(
    '',
    `Rides: ${rides.length}; downtime under 15 min/day: ${under15}; all-day closures: ${rides.reduce((s, r) => s + r.all_day_closures, 0)}; weather delays on indoor rides: ${rides.filter((r) => r.indoor).reduce((s, r) => s + r.weather_delays, 0)}`,
  );
  lines.push('Most downtime (min/day):');
  for (const r of [...rides]
    .sort((a, b) => b.mean_downtime_min_per_day - a.mean_downtime_min_per_day)
    .slice(0, 12)) {
    lines.push(
      `  ${padEnd(r.ride, 62)}${pad(r.mean_downtime_min_per_day, 7)}  closed all day ${r.all_day_closures}, weather ${r.weather_delays}${r.indoor ? ' (indoor)' : ''}`,
    );
  }
  if (report.touringplans.length > 0) {
    lines.push('', 'Against real recorded waits (data: TouringPlans.com):');
    lines.push(
      `  ${padEnd('attraction', 28)}${pad('corr', 7)}${pad('peak sim', 9)}${pad('real', 6)}${pad('wait sim', 9)}${pad('real', 7)}`,
    );
    for (const t of report.touringplans) {
      lines.push(
        `  ${padEnd(t.attraction, 28)}${pad(t.profile_correlation, 7)}${pad(t.peak_hour_sim, 9)}${pad(t.peak_hour_real, 6)}${pad(t.mean_wait_sim, 9)}${pad(t.mean_wait_real, 7)}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
