/**
 * The operator's own hourly wait forecast, as the Disney parks publish it for the current day
 * (ThemeParks.wiki carries it as `forecast` on each attraction): for each queued ride and each hour
 * the park is open, the posted wait the operator expects, rounded to 5 minutes. The operator plans
 * with the day's expected crowd, not with what later happens, so the forecast is the ride's
 * simulated posted waits of that hour while operating, without the dips of outages and storms,
 * and the operator's habitual overstatement (Disney's forecasts run high, as its posted waits do).
 * Universal publishes none, and nobody publishes one for a later day.
 */
import type { Park } from '../../catalog/types.js';
import type { OperatorForecastHour } from '../types.js';
import { dayNumberOf } from './local-time.js';
import type { Simulator } from './simulator.js';

const HOUR_MS = 3_600_000;
/** Disney's own forecasts run above the waits it then posts. */
const OVERSTATEMENT = 1.1;
const PUBLISHING_RESORTS: ReadonlySet<string> = new Set(['walt-disney-world', 'disneyland-resort']);

/** Hour starts (epoch ms) covering the park's operating windows of the day. */
function operatingHourStarts(
  windows: readonly { type: string; opens_at: number; closes_at: number }[],
): number[] {
  const starts = new Set<number>();
  for (const window of windows) {
    if (window.type !== 'OPERATING' && window.type !== 'EARLY_ENTRY') continue;
    for (
      let start = Math.floor(window.opens_at / HOUR_MS) * HOUR_MS;
      start < window.closes_at;
      start += HOUR_MS
    ) {
      starts.add(start);
    }
  }
  return [...starts].sort((a, b) => a - b);
}

/**
 * The forecast published at `at` for the park-local `date`: only for today (the park-local date at
 * `at`) at the Disney parks; an empty list otherwise.
 */
export function simulateOperatorForecast(
  simulator: Simulator,
  park: Park,
  date: string,
  today: string,
): OperatorForecastHour[] {
  if (!PUBLISHING_RESORTS.has(park.resort_key) || date !== today) return [];
  dayNumberOf(date); // throws RangeError on a malformed date, as the other feeds do
  const day = simulator.simulateParkDay(park, date);
  const schedule = simulator.simulateSchedule(park, date);
  const hours = operatingHourStarts(schedule.windows);
  const forecast: OperatorForecastHour[] = [];
  park.attractions.forEach((attraction, index) => {
    if (attraction.type !== 'ride') return;
    const timeline = day.timelines[index];
    if (!timeline) return;
    for (const start of hours) {
      let sum = 0;
      let count = 0;
      for (let i = 0; i < timeline.times.length; i++) {
        const from = timeline.times[i] ?? 0;
        const to = timeline.times[i + 1] ?? from;
        const overlap = Math.min(to, start + HOUR_MS) - Math.max(from, start);
        const entry = timeline.entries[i];
        if (overlap <= 0 || !entry || entry.status !== 'OPERATING' || entry.standby_wait_minutes === null)
          continue;
        sum += entry.standby_wait_minutes * overlap;
        count += overlap;
      }
      if (count === 0) continue;
      forecast.push({
        ride_id: attraction.id,
        starts_at: start,
        wait_minutes: Math.max(5, Math.round(((sum / count) * OVERSTATEMENT) / 5) * 5),
      });
    }
  });
  return forecast;
}
