/**
 * The park page's sections over the hours, showtimes, conditions and crowd-forecast services:
 * today's hours and showtimes, current conditions, and the 30-day crowd calendar.
 */
import type { ApiContext } from '../../http/context.js';
import type { Park } from '../../catalog/types.js';
import type { Showtime } from '../../feeds/types.js';
import { localDate } from '../../lib/time.js';
import { dayNumber } from '../../models/hourly-history.js';
import { FORECAST_DAYS } from '../../models/horizon-bands.js';
import { escapeHtml } from '../docs/escape.js';
import { TYPE_LABELS, clockTime, dayLabel } from '../format.js';
import type { TodayHoursReader } from '../sources/today-hours.js';
import type { PageSection } from './section.js';

interface ParkInput {
  readonly park: Park;
  readonly hours: TodayHoursReader;
}

/** Showtimes follow the clock (performances are published and cancelled during the day). */
const SHOWTIMES_REREAD_MS = 5 * 60_000;

export const todaySection: PageSection<ParkInput> = {
  id: 'today',
  heading: 'Hours and showtimes today',
  provider: true,
  version: ({ park, hours }, context) =>
    `${hours.version(park)}~${Math.floor(context.clock.now() / SHOWTIMES_REREAD_MS)}`,
  async render({ park, hours }, context) {
    const zone = park.time_zone;
    const today = await hours.forPark(park);
    const shows = await context.services.showtimes.forDate(park, today.date);
    const windows = !today.published
      ? '<p class="note">No hours are published for this park: it counts as open while its rides operate.</p>'
      : today.windows === undefined
        ? '<p class="note nodata">Hours unavailable right now.</p>'
        : today.windows.length === 0
          ? '<p class="note">Closed today.</p>'
          : `<ul>${today.windows.map((w) => `<li>${escapeHtml(w.name)}: ${clockTime(w.opens_at, zone)}–${clockTime(w.closes_at, zone)}</li>`).join('')}</ul>`;
    const showList =
      shows.status === 'unavailable'
        ? `<p class="note nodata">Showtimes unavailable: ${escapeHtml(shows.reason ?? '')}</p>`
        : shows.showtimes.length === 0
          ? '<p class="note">No showtimes published for today.</p>'
          : showtimesTable(shows.showtimes, zone, context.clock.now());
    return `<h3>Hours, ${escapeHtml(dayLabel(today.date))}</h3>
${windows}
<h3>Showtimes</h3>
${showList}`;
  },
};

/** The next few performances in view; the whole day (character meets repeat all day) folded. */
const NEXT_SHOWS = 5;

function showtimesTable(shows: readonly Showtime[], zone: string, now: number): string {
  const row = (show: Showtime) =>
    `<tr><td>${clockTime(show.starts_at, zone)}–${clockTime(show.ends_at, zone)}</td><td>${escapeHtml(show.name)}</td><td>${TYPE_LABELS[show.type]}</td><td>${escapeHtml(show.land ?? '')}</td></tr>`;
  const table = (caption: string, rows: readonly Showtime[]) =>
    `<div class="scroll"><table><caption class="visually-hidden">${caption}</caption><thead><tr><th scope="col">Time</th><th scope="col">Show</th><th scope="col">Type</th><th scope="col">Where</th></tr></thead><tbody>${rows.map(row).join('')}</tbody></table></div>`;
  const next = shows.filter((show) => show.ends_at > now).slice(0, NEXT_SHOWS);
  const upcoming =
    next.length === 0 ? '<p class="note">No more performances today.</p>' : table('Next showtimes', next);
  return `${upcoming}
<details><summary>Every showtime today (${shows.length})</summary>
${table('Showtimes today', shows)}
</details>`;
}

const RISK_LABELS = { low: 'Low', moderate: 'Moderate', high: 'High' } as const;

const oneDecimal = (value: number | null, unit: string) =>
  value === null ? 'not reported' : `${Math.round(value * 10) / 10} ${unit}`;

export const conditionsSection: PageSection<ParkInput> = {
  id: 'conditions',
  heading: 'Conditions now',
  provider: false,
  version: ({ park }, context) => context.services.conditions.version(park),
  render({ park }, context) {
    const zone = park.time_zone;
    const now = context.services.conditions.forPark(park);
    const { weather, live } = now;
    let weatherHtml: string;
    if (weather.data_status === 'unavailable') {
      weatherHtml = `<p class="note nodata"><strong>No data</strong> for the weather: ${escapeHtml(weather.reason)}</p>`;
    } else {
      const observed = weather.observation;
      const facts: [string, string][] = [
        ['Lightning risk', RISK_LABELS[weather.lightning.level]],
        [
          'Weather',
          observed
            ? `${escapeHtml(observed.description ?? 'not described')}, ${oneDecimal(observed.temperature_c, '°C')} (observed ${clockTime(observed.observed_at, zone)})`
            : 'no current observation',
        ],
        [
          'Weather alerts',
          weather.alerts.length === 0 ? 'none' : weather.alerts.map((a) => escapeHtml(a.event)).join(', '),
        ],
      ];
      if (observed) facts.push(['Wind', oneDecimal(observed.wind_speed_kmh, 'km/h')]);
      weatherHtml = `<dl class="facts">${facts.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('')}</dl>
<p class="note">Weather checked at ${clockTime(weather.checked_at, zone)}.</p>`;
    }
    const rides =
      live.data_status === 'unavailable'
        ? `<p class="note nodata"><strong>No live data</strong> for ride counts: ${escapeHtml(live.reason)}</p>`
        : `<dl class="facts"><dt>Operating</dt><dd>${live.counts.operating}</dd><dt>Down</dt><dd>${live.counts.down}</dd><dt>Closed</dt><dd>${live.counts.closed}</dd><dt>No live data</dt><dd>${live.counts.unavailable}</dd></dl>`;
    return `${weatherHtml}
<h3>Queued rides</h3>
${context.access.providerDataEnabled ? rides : '<p class="note">This server does not publish operator-derived data.</p>'}`;
  },
};

/** How many days the calendar shows (today included), up to the forecast horizon. */
export const CALENDAR_DAYS = Math.min(30, FORECAST_DAYS);

export const crowdCalendarSection: PageSection<ParkInput> = {
  id: 'crowds',
  heading: `Crowd calendar, next ${CALENDAR_DAYS} days`,
  provider: false,
  version: ({ park }, context) =>
    `${context.services.models.version(park)}@${localDate(context.clock.now(), park.time_zone)}`,
  async render({ park }, context) {
    const today = localDate(context.clock.now(), park.time_zone);
    const first = dayNumber(today);
    const models = await context.services.models.forPark(park);
    const days = models.forecast.filter((entry) => entry.day >= first && entry.day < first + CALENDAR_DAYS);
    if (days.length === 0)
      return '<p class="note nodata">No data: no ride of this park has a recorded day to learn from yet.</p>';
    const rows = days.map(
      (entry) =>
        `<tr><td data-date="${entry.date}">${escapeHtml(dayLabel(entry.date))}</td><td class="num"><span class="crowd c${entry.level}">${entry.level}</span></td><td class="num">${entry.level_low}–${entry.level_high}</td><td>${entry.basis === 'observed' ? 'Observed' : 'Forecast'}</td></tr>`,
    );
    return `<p class="note">Crowd level 1 (quietest) to 10 (busiest), against this park's own last year; the range is the likely low and high.</p>
<div class="scroll"><table><caption class="visually-hidden">Crowd calendar</caption><thead><tr><th scope="col">Day</th><th scope="col" class="num">Level</th><th scope="col" class="num">Range</th><th scope="col">Basis</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table></div>`;
  },
};

/** Today's crowd level of a park from the crowd forecast, or undefined without history. */
export async function todayCrowdLevel(
  context: ApiContext,
  park: Park,
): Promise<{ level: number; basis: 'observed' | 'forecast' } | undefined> {
  const day = dayNumber(localDate(context.clock.now(), park.time_zone));
  const models = await context.services.models.forPark(park);
  const entry = models.forecast.find((forecast) => forecast.day === day);
  return entry && { level: entry.level, basis: entry.basis };
}
