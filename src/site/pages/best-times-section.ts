/**
 * The ride page's best-times chart for a chosen date (`?date=`, the same date rule as
 * `/v1/rides/{ride}/best-times`): the predicted wait with its band and the typical line, from the
 * best-times service; a table carries the same numbers for readers without JavaScript or sight.
 */
import { resolveDate } from '../../http/params.js';
import type { Attraction, Park } from '../../catalog/types.js';
import { addDays, hourBoundaries, localDate } from '../../lib/time.js';
import { FORECAST_DAYS } from '../../models/horizon-bands.js';
import { escapeHtml } from '../docs/escape.js';
import { dayLabel, zoneName } from '../format.js';
import { jsonScript } from './json-script.js';
import type { PageSection } from './section.js';

/** The dates the API's best-times `date` parameter accepts: today through this many days ahead. */
export const BEST_TIMES_MAX_DAYS_AHEAD = FORECAST_DAYS - 1;
const BEST_TIMES_DATE_BOUNDS = { maxDaysAhead: BEST_TIMES_MAX_DAYS_AHEAD, meaning: 'Park-local date' };

export interface BestTimesChoice {
  /** The park-local date shown. */
  readonly date: string;
  /** Set when the requested date was not accepted (today is shown instead). */
  readonly rejected: boolean;
}

/** The date a reader asked for, checked by the API's own date rule; today when absent or refused. */
export function chooseBestTimesDate(raw: unknown, park: Park, now: number): BestTimesChoice {
  const today = localDate(now, park.time_zone);
  if (raw === undefined || raw === '') return { date: today, rejected: false };
  if (typeof raw !== 'string') return { date: today, rejected: true };
  try {
    return { date: resolveDate(raw, park.time_zone, now, BEST_TIMES_DATE_BOUNDS), rejected: false };
  } catch {
    return { date: today, rejected: true };
  }
}

interface RideInput {
  readonly park: Park;
  readonly ride: Attraction;
  readonly bestTimes: BestTimesChoice;
}

/** The chart's series: x the start of each park-local hour in epoch seconds. */
export interface BestTimesSeries {
  readonly zone: string;
  readonly t: number[];
  readonly predicted: (number | null)[];
  readonly lower: (number | null)[];
  readonly upper: (number | null)[];
  readonly typical: (number | null)[];
}

const minutes = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : `${Math.round(value)} min`;

export const bestTimesSection: PageSection<RideInput> = {
  id: 'best-times',
  heading: 'Best times to ride',
  provider: false,
  version: ({ park }, context) => context.services.bestTimes.version(park),
  async render({ park, ride, bestTimes: choice }, context) {
    const now = context.clock.now();
    const today = localDate(now, park.time_zone);
    const last = addDays(today, BEST_TIMES_MAX_DAYS_AHEAD);
    const form = `<form method="get" action="#best-times" class="filters"><label for="best-date">Date</label> <input type="date" id="best-date" name="date" value="${choice.date}" min="${today}" max="${last}" required> <button type="submit">Show</button></form>`;
    const message = choice.rejected
      ? `<p class="note nodata" role="status">That date cannot be shown: choose a date from ${escapeHtml(dayLabel(today))} through ${escapeHtml(dayLabel(last))} (YYYY-MM-DD). Showing today.</p>`
      : '';
    const best = await context.services.bestTimes.forRide(ride, park, choice.date);
    const heading = `<p class="note">${escapeHtml(dayLabel(best.date))}. Times are park time (${escapeHtml(zoneName(now, park.time_zone))}).</p>`;
    if (best.data_status === 'park_closed')
      return `${form}${message}${heading}<p class="note">The park is closed that day.</p>`;
    if (best.data_status === 'insufficient_history')
      return `${form}${message}${heading}<p class="note nodata">No data: this ride has no recorded waits to learn from yet.</p>`;

    const predicted = new Map(best.predicted_hours.filter((h) => !h.park_closed).map((h) => [h.hour, h]));
    const typical = new Map(best.typical_hours.map((h) => [h.hour, h]));
    const hours = [...new Set([...predicted.keys(), ...typical.keys()])]
      .filter((hour) => predicted.size === 0 || predicted.has(hour))
      .sort((a, b) => a - b);
    const bounds = hourBoundaries(best.date, park.time_zone);
    const series: BestTimesSeries = {
      zone: park.time_zone,
      t: hours.map((hour) => Math.floor((bounds[hour] ?? 0) / 1000)),
      predicted: hours.map((hour) => predicted.get(hour)?.predicted_wait_minutes ?? null),
      lower: hours.map((hour) => predicted.get(hour)?.lower_bound ?? null),
      upper: hours.map((hour) => predicted.get(hour)?.upper_bound ?? null),
      typical: hours.map((hour) => typical.get(hour)?.typical_wait_minutes ?? null),
    };
    const windows = best.best_windows.map(
      (w) => `${w.start}–${w.end} (about ${minutes(w.average_wait_minutes)})`,
    );
    const summary =
      windows.length === 0
        ? 'No best window could be computed.'
        : `Best: ${windows.join(' and ')}.${best.worst_window ? ` Busiest: ${best.worst_window.start}–${best.worst_window.end}.` : ''}`;
    const basis =
      best.basis === 'predicted'
        ? 'Predicted standby wait by hour with its likely range, and the typical wait for that weekday.'
        : 'Beyond a week ahead: the typical wait for that weekday by hour.';
    const rows = hours.map((hour, i) => {
      const label = predicted.get(hour)?.local_time ?? typical.get(hour)?.local_time ?? '';
      return `<tr><td>${label}</td><td class="num">${minutes(series.predicted[i])}</td><td class="num">${series.lower[i] === null ? '—' : `${minutes(series.lower[i])}–${minutes(series.upper[i])}`}</td><td class="num">${minutes(series.typical[i])}</td></tr>`;
    });
    return `${form}${message}${heading}
<p><strong>${escapeHtml(summary)}</strong></p>
<figure>
<div class="chart" id="best-chart" role="img" aria-label="${escapeHtml(`${basis} ${summary}`)}"></div>
<figcaption class="note">${escapeHtml(basis)}</figcaption>
</figure>
<details><summary>Every hour (${hours.length})</summary>
<div class="scroll"><table><caption class="visually-hidden">Best times by hour</caption><thead><tr><th scope="col">Hour</th><th scope="col" class="num">Predicted</th><th scope="col" class="num">Likely range</th><th scope="col" class="num">Typical</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>
</details>
<script type="application/json" id="best-data">${jsonScript(series)}</script>`;
  },
};
