/**
 * The simulator's realism report: simulates every park over a span of dates and measures what a
 * guest who knows the parks would check (levels, daily shapes, calendar smoothness, downtime,
 * weather, priority-lane sell-outs), and compares the recorded attractions with the real posted
 * waits (data: TouringPlans.com). The CLI command `sim realism` prints it; a test keeps its goals.
 */
import type { Catalog } from '../../../catalog/catalog.js';
import { crowdFactor, isHolidayInfluenced } from '../calendar.js';
import { calendarDateOf, dateStringOf, dayNumberOf } from '../local-time.js';
import { parkProfileOf } from '../parks.js';
import { profileOf } from '../profiles.js';
import { hashString } from '../random.js';
import type { Simulator } from '../simulator.js';
import { RECORDED_ATTRACTIONS } from '../../../catalog/recorded-attractions.js';
import { hasRecordedFile, readPostedWaits, type RecordedWait } from './touringplans.js';

const MINUTE_MS = 60_000;
const SAMPLE_MINUTES = 15;
const HOURS = 28;

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

export interface RealismOptions {
  readonly from: string;
  readonly to: string;
  /** Directory of the TouringPlans.com files; null skips the comparison. */
  readonly touringPlansDir: string | null;
  /** Real readings compared against (default: 2019, the last full year before the closure). */
  readonly realFrom?: string;
  readonly realTo?: string;
}

export const WDW_PARKS = ['magic-kingdom', 'epcot', 'hollywood-studios', 'animal-kingdom'];

/** Sums and counts by (ISO weekday 1-7, local hour). */
class WeekHourGrid {
  readonly sum = new Float64Array(8 * HOURS);
  readonly count = new Float64Array(8 * HOURS);
  add(weekday: number, hour: number, value: number): void {
    if (hour < 0 || hour >= HOURS) return;
    const i = weekday * HOURS + hour;
    this.sum[i] = (this.sum[i] as number) + value;
    this.count[i] = (this.count[i] as number) + 1;
  }
  hourCounts(): number[] {
    const out = new Array<number>(HOURS).fill(0);
    for (let w = 1; w <= 7; w++)
      for (let h = 0; h < HOURS; h++) out[h] = (out[h] as number) + (this.count[w * HOURS + h] as number);
    return out;
  }
  hourMeans(): (number | null)[] {
    const out: (number | null)[] = [];
    for (let h = 0; h < HOURS; h++) {
      let s = 0;
      let c = 0;
      for (let w = 1; w <= 7; w++) {
        s += this.sum[w * HOURS + h] as number;
        c += this.count[w * HOURS + h] as number;
      }
      out.push(c > 0 ? s / c : null);
    }
    return out;
  }
  total(): { sum: number; count: number } {
    let sum = 0;
    let count = 0;
    for (let i = 0; i < this.sum.length; i++) {
      sum += this.sum[i] as number;
      count += this.count[i] as number;
    }
    return { sum, count };
  }
}

/** Hours a ride is usually open: at least a quarter of the busiest hour's readings. */
function usualHours(grid: WeekHourGrid): Set<number> {
  const counts = grid.hourCounts();
  const max = Math.max(...counts);
  return new Set(counts.flatMap((c, h) => (max > 0 && c >= 0.25 * max ? [h] : [])));
}

function peakHour(grid: WeekHourGrid, hours: ReadonlySet<number>): number {
  const means = grid.hourMeans();
  let best = -1;
  let bestValue = -Infinity;
  for (const h of hours) {
    const v = means[h];
    if (v !== null && v !== undefined && v > bestValue) {
      bestValue = v;
      best = h;
    }
  }
  return best;
}

function pearson(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  if (n < 3) return 0;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] as number) - mx;
    const dy = (ys[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : 0;
}

/**
 * Correlation of the weekday-by-hour means over the hours both the real and the simulated
 * attraction are usually open (an hour open only on a few peak nights would compare a handful of
 * readings with a year's).
 */
function profileCorrelation(sim: WeekHourGrid, real: WeekHourGrid): number {
  const simHours = usualHours(sim);
  const hours = [...usualHours(real)].filter((h) => simHours.has(h));
  const xs: number[] = [];
  const ys: number[] = [];
  for (let w = 1; w <= 7; w++) {
    for (const h of hours) {
      const i = w * HOURS + h;
      const cs = sim.count[i] as number;
      const cr = real.count[i] as number;
      if (cs > 0 && cr > 0) {
        xs.push((sim.sum[i] as number) / cs);
        ys.push((real.sum[i] as number) / cr);
      }
    }
  }
  return pearson(xs, ys);
}

function realGrid(rows: readonly RecordedWait[]): WeekHourGrid {
  const grid = new WeekHourGrid();
  for (const r of rows) {
    grid.add(calendarDateOf(dayNumberOf(r.parkDate)).weekday, Math.floor(r.minute / 60), r.posted);
  }
  return grid;
}

const round = (value: number, digits = 2): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};
const share = (hits: number, total: number): number | null => (total > 0 ? round(hits / total, 3) : null);

interface RideAccumulator {
  readonly grid: WeekHourGrid;
  operatingSum: number;
  operatingCount: number;
  downMinutes: number;
  openDays: number;
  allDayClosures: number;
  weatherDelays: number;
}

export function measureRealism(catalog: Catalog, sim: Simulator, options: RealismOptions): RealismReport {
  const first = dayNumberOf(options.from);
  const last = dayNumberOf(options.to);
  if (last < first) throw new RangeError(`--to (${options.to}) is before --from (${options.from})`);
  const parks: ParkRealism[] = [];
  const rides: RideRealism[] = [];
  const gridsByRide = new Map<string, WeekHourGrid>();
  let wdwSum = 0;
  let wdwRides = 0;

  for (const park of catalog.parks) {
    const attractions = park.attractions;
    const indexById = new Map(attractions.map((x, i) => [x.id, i]));
    const acc: RideAccumulator[] = attractions.map(() => ({
      grid: new WeekHourGrid(),
      operatingSum: 0,
      operatingCount: 0,
      downMinutes: 0,
      openDays: 0,
      allDayClosures: 0,
      weatherDelays: 0,
    }));
    /** Per day: each ride's mean posted wait in park hours (NaN: no posted wait that day). */
    const dailyRideMeans: Float64Array[] = [];
    const specialDay: boolean[] = [];
    const crowds: number[] = [];
    const laneOutcomes: { soldOut: number; lanes: number }[] = [];
    let summerDays = 0;
    let summerStorms = 0;
    let winterDays = 0;
    let winterStorms = 0;

    for (let dayNumber = first; dayNumber <= last; dayNumber++) {
      const date = dateStringOf(dayNumber);
      const day = sim.simulateParkDay(park, date);
      const { schedule } = day;
      const { month, weekday } = calendarDateOf(dayNumber);
      specialDay.push(schedule.event !== null || isHolidayInfluenced(dayNumber));
      crowds.push(day.crowd);
      const op = schedule.windows[0];
      const daySums = new Float64Array(attractions.length);
      const dayCounts = new Float64Array(attractions.length);
      let stormDay = false;
      let soldOut = 0;
      let lanes = 0;
      if (op && op.type === 'OPERATING') {
        const startMinute = Math.min(...schedule.windows.map((w) => w.openMinute));
        const endMinute = Math.max(...schedule.windows.map((w) => w.closeMinute));
        for (const [i, timeline] of day.timelines.entries()) {
          const a = acc[i] as RideAccumulator;
          const attraction = attractions[i];
          if (!attraction || attraction.type !== 'ride') continue;
          if (timeline.times.length > 1) {
            a.openDays++;
            let down = 0;
            for (const o of timeline.outages) {
              down += (o.end - o.start) / MINUTE_MS;
              if (o.status === 'WEATHER_DELAY') {
                a.weatherDelays++;
                stormDay = true;
              }
              if (o.status === 'DOWN' && o.start <= op.opens_at && o.end >= op.closes_at) a.allDayClosures++;
            }
            a.downMinutes += down;
          }
          if (timeline.multiPassSoldOutAt !== null) soldOut++;
          if (timeline.singlePassSoldOutAt !== null) soldOut++;
        }
        for (const [i, attraction] of attractions.entries()) {
          // Lane rides only: shows and meets with a lane rarely sell out and are not what guests chase.
          if (attraction.type !== 'ride' || attraction.priority_lane.length === 0) continue;
          if ((day.timelines[i]?.times.length ?? 0) > 1) lanes += attraction.priority_lane.length;
        }
        for (let m = startMinute; m < endMinute; m += SAMPLE_MINUTES) {
          const t = op.opens_at + (m - op.openMinute) * MINUTE_MS;
          const reading = sim.simulateLiveQueues(park, t);
          const inPark = t >= op.opens_at && t < op.closes_at;
          const hour = Math.floor(m / 60);
          for (const entry of reading.entries) {
            if (entry.status !== 'OPERATING' || entry.standby_wait_minutes === null) continue;
            const index = indexById.get(entry.ride_id) ?? -1;
            const a = acc[index];
            if (!a) continue;
            a.grid.add(weekday, hour, entry.standby_wait_minutes);
            if (inPark && entry.type === 'ride') {
              a.operatingSum += entry.standby_wait_minutes;
              a.operatingCount++;
              daySums[index] = (daySums[index] as number) + entry.standby_wait_minutes;
              dayCounts[index] = (dayCounts[index] as number) + 1;
            }
          }
        }
      }
      dailyRideMeans.push(
        daySums.map((sum, i) => ((dayCounts[i] as number) > 0 ? sum / (dayCounts[i] as number) : NaN)),
      );
      laneOutcomes.push({ soldOut, lanes });
      if (month >= 6 && month <= 9) {
        summerDays++;
        if (stormDay) summerStorms++;
      } else if (month === 12 || month <= 2) {
        winterDays++;
        if (stormDay) winterStorms++;
      }
    }

    // Largest day-over-day move outside holiday periods (with the day either side, where their
    // lift eases in and out) and event days.
    let maxJump = 0;
    let maxJumpDate: string | null = null;
    // Over the rides that posted waits on both days, so a ride closed all day or for a
    // refurbishment changes nothing but itself.
    for (let i = 1; i < dailyRideMeans.length; i++) {
      if (specialDay[i] || specialDay[i - 1]) continue;
      const before = dailyRideMeans[i - 1] as Float64Array;
      const after = dailyRideMeans[i] as Float64Array;
      let a = 0;
      let b = 0;
      before.forEach((x, k) => {
        const y = after[k] as number;
        if (Number.isFinite(x) && Number.isFinite(y)) {
          a += x;
          b += y;
        }
      });
      if (a <= 0) continue;
      const jump = Math.abs(b / a - 1);
      if (jump > maxJump) {
        maxJump = jump;
        maxJumpDate = dateStringOf(first + i);
      }
    }
    // Crowd levels as deciles of the year ending on the last day (whatever the span measured):
    // busy = levels 8-10 (the top 30% of the year's days), quiet = levels 1-3.
    const parkProfile = parkProfileOf(park);
    const yearCrowds: number[] = [];
    for (let d = last - 364; d <= last; d++) {
      yearCrowds.push(
        crowdFactor(sim.seed, parkProfile.region, hashString(park.resort_key), hashString(park.key), d) *
          parkProfile.crowdScale,
      );
    }
    const sorted = yearCrowds.sort((x, y) => x - y);
    const busyFrom = sorted[Math.floor(sorted.length * 0.7)] ?? Infinity;
    const quietTo = sorted[Math.max(0, Math.ceil(sorted.length * 0.3) - 1)] ?? -Infinity;
    let busySold = 0;
    let busyLanes = 0;
    let quietSold = 0;
    let quietLanes = 0;
    crowds.forEach((c, i) => {
      const o = laneOutcomes[i] as { soldOut: number; lanes: number };
      if (c >= busyFrom) {
        busySold += o.soldOut;
        busyLanes += o.lanes;
      } else if (c <= quietTo) {
        quietSold += o.soldOut;
        quietLanes += o.lanes;
      }
    });

    const histogram: Record<string, number> = {};
    let parkSum = 0;
    let parkRides = 0;
    let over60 = 0;
    const operator = parkProfile.operator;
    const profiles = attractions.map((x) => profileOf(x, operator));
    attractions.forEach((attraction, i) => {
      const a = acc[i] as RideAccumulator;
      gridsByRide.set(attraction.id, a.grid);
      if (attraction.type !== 'ride') return;
      if (a.operatingCount > 0) {
        parkSum += a.operatingSum / a.operatingCount;
        parkRides++;
        const peak = peakHour(a.grid, usualHours(a.grid));
        if (peak >= 0) histogram[String(peak)] = (histogram[String(peak)] ?? 0) + 1;
      }
      const downtime = a.openDays > 0 ? a.downMinutes / a.openDays : 0;
      if (downtime > 60) over60++;
      rides.push({
        ride: attraction.id,
        name: attraction.name,
        park: park.key,
        mean_downtime_min_per_day: round(downtime, 1),
        all_day_closures: a.allDayClosures,
        weather_delays: a.weatherDelays,
        indoor: !(profiles[i]?.reliability?.outdoor ?? false),
      });
    });
    if (WDW_PARKS.includes(park.key)) {
      wdwSum += parkSum;
      wdwRides += parkRides;
    }
    const universal = /express/i.test(park.resort.priority_lane_brand);
    parks.push({
      park: park.key,
      mean_posted_wait: round(parkRides > 0 ? parkSum / parkRides : 0, 1),
      storm_closure_day_share_summer: share(summerStorms, summerDays),
      storm_closure_day_share_winter: share(winterStorms, winterDays),
      peak_hour_histogram: Object.fromEntries(
        Object.entries(histogram).sort(([x], [y]) => Number(x) - Number(y)),
      ),
      max_daily_jump: round(maxJump, 3),
      max_daily_jump_date: maxJumpDate,
      rides_down_over_60_min_per_day: over60,
      lane_sellout_share_busy: universal ? null : share(busySold, busyLanes),
      lane_sellout_share_quiet: universal ? null : share(quietSold, quietLanes),
    });
  }

  const touringplans: TouringPlansRealism[] = [];
  if (options.touringPlansDir !== null) {
    for (const recorded of RECORDED_ATTRACTIONS) {
      if (recorded.ride === null || catalog.ride(recorded.ride).kind !== 'found') continue;
      if (!hasRecordedFile(options.touringPlansDir, recorded.file)) continue;
      const simGrid = gridsByRide.get(recorded.ride);
      if (!simGrid) continue;
      const rows = readPostedWaits(
        options.touringPlansDir,
        recorded.file,
        options.realFrom ?? '2019-01-01',
        options.realTo ?? '2019-12-31',
      );
      const real = realGrid(rows);
      const simTotal = simGrid.total();
      const realTotal = real.total();
      touringplans.push({
        attraction: recorded.name,
        ride: recorded.ride,
        profile_correlation: round(profileCorrelation(simGrid, real), 3),
        peak_hour_sim: peakHour(simGrid, usualHours(simGrid)),
        peak_hour_real: peakHour(real, usualHours(real)),
        mean_wait_sim: round(simTotal.count > 0 ? simTotal.sum / simTotal.count : 0, 1),
        mean_wait_real: round(realTotal.count > 0 ? realTotal.sum / realTotal.count : 0, 1),
      });
    }
  }
  return {
    from: options.from,
    to: options.to,
    wdw_mean_posted_wait: round(wdwRides > 0 ? wdwSum / wdwRides : 0, 1),
    parks,
    rides,
    touringplans,
  };
}

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
