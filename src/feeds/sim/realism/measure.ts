/**
 * The simulator's realism report: simulates every park over a span of dates and measures what a
 * guest who knows the parks would check (levels, daily shapes, calendar smoothness, downtime,
 * weather, priority-lane sell-outs), and compares the recorded attractions with the real posted
 * waits (data: TouringPlans.com). The CLI command `sim realism` prints it (`format.ts` as a table); a test keeps its goals.
 */
import type { Catalog } from '../../../catalog/catalog.js';
import { crowdFactor, isHolidayInfluenced } from '../calendar.js';
import { calendarDateOf, dateStringOf, dayNumberOf } from '../local-time.js';
import { parkProfileOf } from '../parks.js';
import { profileOf } from '../profiles.js';
import { hashString } from '../../../lib/random.js';
import type { Simulator } from '../simulator.js';
import { RECORDED_ATTRACTIONS } from '../../../catalog/recorded-attractions.js';
import type { ParkRealism, RealismReport, RideRealism, TouringPlansRealism } from './report.js';
import { hasRecordedFile, readPostedWaits, type RecordedWait } from './touringplans.js';
import { peakHour, profileCorrelation, usualHours, WeekHourGrid } from './week-hour-grid.js';

const MINUTE_MS = 60_000;
const SAMPLE_MINUTES = 15;

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
    const universal = /express/i.test(park.resort.priority_lane_brand ?? '');
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
