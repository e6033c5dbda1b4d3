/**
 * A ride's page (`/parks/{park}/rides/{slug}`, the attribution link of every ride answer): facts,
 * the live wait and status, today's wait history as a chart (with a table for readers without
 * JavaScript or sight), the best-times chart for a chosen date, recent outages and the 30-day
 * reliability summary.
 */
import { hasFamily } from '../../catalog/families.js';
import type { ApiContext } from '../../http/context.js';
import { presentLiveEntry } from '../../http/resources/live-entry.js';
import type { Attraction, Park } from '../../catalog/types.js';
import { RELIABILITY_WINDOW_DAYS } from '../../services/reliability.js';
import { escapeHtml } from '../docs/escape.js';
import {
  STATUS_LABELS,
  statusLabel,
  TYPE_LABELS,
  clockTime,
  dayLabel,
  durationLabel,
  waitLabel,
  actualWaitLabel,
  zoneName,
  priorityLaneLabel,
} from '../format.js';
import { isOutageStatus } from '../../live/outage-status.js';
import { renderPage } from './layout.js';
import { REOPENING_NOTE, reopeningLabel } from './reopening.js';
import { bestTimesSection, type BestTimesChoice } from './best-times-section.js';
import { jsonScript } from './json-script.js';
import { renderSections, sectionsVersion, type PageSection } from './section.js';
import { laneCell } from './waits-table.js';
import { sourceCredits } from '../../feeds/sources.js';

export interface RidePageInput {
  readonly park: Park;
  readonly ride: Attraction;
  /** The best-times chart's date (`?date=`). */
  readonly bestTimes: BestTimesChoice;
}

/** One prepared page per ride and best-times date (and whether a refused date is being explained). */
export function ridePageKey(input: RidePageInput): string {
  return `${input.ride.id}|${input.bestTimes.date}${input.bestTimes.rejected ? '|refused' : ''}`;
}

/** How many park-local days of outages the page lists. */
export const RECENT_OUTAGE_DAYS = 7;

const factsSection: PageSection<RidePageInput> = {
  id: 'facts',
  heading: 'Facts',
  provider: false,
  version: () => 'catalog',
  render({ ride, park }) {
    const facts: [string, string][] = [['Park', escapeHtml(park.name)]];
    if (ride.land !== '') facts.push(['Land', escapeHtml(ride.land)]);
    facts.push(['Type', TYPE_LABELS[ride.type]]);
    if (ride.height_requirement_inches !== undefined)
      facts.push(['Height requirement', `${ride.height_requirement_inches} in`]);
    if (ride.duration_minutes !== undefined) facts.push(['Duration', `${ride.duration_minutes} min`]);
    if (ride.top_speed_mph !== undefined) facts.push(['Top speed', `${ride.top_speed_mph} mph`]);
    if (ride.drop_feet !== undefined) facts.push(['Drop', `${ride.drop_feet} ft`]);
    if (ride.opened !== undefined) facts.push(['Opened', escapeHtml(ride.opened)]);
    if (ride.operation_note !== undefined)
      facts.push([
        'Operating',
        `${escapeHtml(ride.operation_note.text)} (since ${escapeHtml(ride.operation_note.since)})`,
      ]);
    // A discovered ride's single-rider line is stated by no source: left out, not answered "No".
    if (hasFamily(ride, 'ride_facts')) facts.push(['Single rider line', ride.single_rider ? 'Yes' : 'No']);
    if (ride.priority_lane.length > 0)
      facts.push([
        escapeHtml(priorityLaneLabel(park.resort)),
        ride.priority_lane.map((lane) => (lane === 'multi_pass' ? 'Multi pass' : 'Single pass')).join(', '),
      ]);
    return `<dl class="facts">${facts.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('')}</dl>`;
  },
};

const liveSection: PageSection<RidePageInput> = {
  id: 'live',
  heading: 'Right now',
  provider: true,
  // A down ride's estimate moves with the minute, and the outages' version says so.
  version: ({ park }, context) =>
    `${context.services.live.version(park.key)}|${context.services.outages.version(park)}`,
  async render({ park, ride }, context) {
    const view = context.services.live.view(park.key);
    const entry = view.snapshot?.entries.find((e) => e.ride_id === ride.id);
    if (view.data_status === 'unavailable') {
      return `<p class="banner nodata" role="status"><strong>No live data.</strong> ${escapeHtml(view.reason ?? '')}</p>`;
    }
    if (!entry) {
      return `<p class="banner" role="status"><span class="status s-unavailable">No live data</span>: the operator reports nothing for this attraction right now.</p>`;
    }
    const live = presentLiveEntry(entry);
    const refreshed =
      view.refreshed_at === undefined ? '' : ` · updated ${clockTime(view.refreshed_at, park.time_zone)}`;
    const down = isOutageStatus(entry.status)
      ? await context.services.outages.openFor(park, ride.id)
      : undefined;
    const back = down?.reopening
      ? `\n<p id="reopening">${escapeHtml(capitalised(reopeningLabel(down.reopening, park.time_zone)))}.</p>
<p class="note">${REOPENING_NOTE}</p>`
      : '';
    const actual = actualWaitLabel(live);
    return `<p class="big">${waitLabel(live.standby_wait_minutes)}</p>${actual === '' ? '' : `\n<p class="actual-wait">${actual}</p>`}
<p><span class="status s-${live.status}">${STATUS_LABELS[live.status]}</span>${refreshed}</p>${back}
<dl class="facts"><dt>Single rider</dt><dd>${waitLabel(live.single_rider_wait_minutes)}</dd><dt>${escapeHtml(priorityLaneLabel(park.resort))}</dt><dd>${laneCell(live.priority_lane, park.time_zone)}</dd></dl>`;
  },
};

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** Today's waits as chart series: x in epoch seconds, y the posted wait (null while not operating). */
export interface WaitSeries {
  readonly zone: string;
  readonly t: number[];
  readonly w: (number | null)[];
}

const historySection: PageSection<RidePageInput> = {
  id: 'history',
  heading: 'Waits today',
  provider: true,
  version: ({ park }, context) => context.services.history.version(park),
  async render({ park, ride }, context) {
    const window = context.services.history.window(ride, park, 1);
    const changes = await context.services.history.changes(window);
    if (changes.length === 0)
      return `<p class="note">No wait recorded yet on ${escapeHtml(dayLabel(window.to_date))}.</p>`;
    const series: WaitSeries = { zone: park.time_zone, t: [], w: [] };
    // The chart starts at the first posted wait of the day, not at midnight's closed status.
    const first = changes.findIndex(
      (change) => change.status === 'OPERATING' && change.standby_wait_minutes !== null,
    );
    for (const change of first < 0 ? changes : changes.slice(first)) {
      series.t.push(Math.floor(change.at / 1000));
      series.w.push(change.status === 'OPERATING' ? change.standby_wait_minutes : null);
    }
    // Carry the last reading to now, so the line reaches the present.
    const last = series.w[series.w.length - 1] ?? null;
    series.t.push(Math.floor(window.now / 1000));
    series.w.push(last);
    const waits = series.w.filter((w): w is number => w !== null);
    const summary =
      waits.length === 0
        ? 'No posted wait today.'
        : `Posted standby wait between ${Math.min(...waits)} and ${Math.max(...waits)} minutes today.`;
    const rows = changes.map(
      (change) =>
        `<tr><td>${clockTime(change.at, park.time_zone)}</td><td><span class="status s-${escapeHtml(change.status)}">${escapeHtml(statusLabel(change.status))}</span></td><td class="num">${waitLabel(change.standby_wait_minutes)}</td></tr>`,
    );
    return `<figure>
<div class="chart" id="wait-chart" role="img" aria-label="${escapeHtml(`Chart of the posted standby wait today. ${summary}`)}"></div>
<figcaption class="note">${escapeHtml(summary)} Times are park time (${escapeHtml(zoneName(window.now, park.time_zone))}).</figcaption>
</figure>
<details><summary>Every change today (${changes.length})</summary>
<div class="scroll"><table><caption class="visually-hidden">Wait changes today</caption><thead><tr><th scope="col">Time</th><th scope="col">Status</th><th scope="col" class="num">Standby</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>
</details>
<script type="application/json" id="chart-data">${jsonScript(series)}</script>`;
  },
};

const outagesSection: PageSection<RidePageInput> = {
  id: 'outages',
  heading: `Outages, last ${RECENT_OUTAGE_DAYS} days`,
  provider: true,
  version: ({ park }, context) => context.services.outages.version(park),
  async render({ park, ride }, context) {
    const window = context.services.history.window(ride, park, RECENT_OUTAGE_DAYS);
    const outages = await context.services.outages.forRide(window);
    if (outages.length === 0) return '<p class="note">No outage recorded in this window.</p>';
    const zone = park.time_zone;
    const rows = outages.map((outage) => {
      const day = dayLabel(new Date(outage.started_at).toLocaleDateString('en-CA', { timeZone: zone }));
      const end = outage.ended_at === null ? 'ongoing' : clockTime(outage.ended_at, zone);
      return `<tr><td>${escapeHtml(day)}</td><td>${clockTime(outage.started_at, zone)}–${end}</td><td><span class="status s-${escapeHtml(outage.status)}">${escapeHtml(statusLabel(outage.status))}</span></td><td class="num">${durationLabel((outage.ended_at ?? window.now) - outage.started_at)}</td></tr>`;
    });
    return `<div class="scroll"><table><caption class="visually-hidden">Recent outages</caption><thead><tr><th scope="col">Day</th><th scope="col">When</th><th scope="col">Reported</th><th scope="col" class="num">Length</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
  },
};

const reliabilitySection: PageSection<RidePageInput> = {
  id: 'reliability',
  heading: `Reliability, last ${RELIABILITY_WINDOW_DAYS} days`,
  provider: true,
  version: ({ park }, context) => context.services.reliability.version(park),
  async render({ park, ride }, context) {
    if (ride.type !== 'ride') return '<p class="note">Reliability is computed for queued rides only.</p>';
    const { park: computed, ride: row } = await context.services.reliability.forRide(park, ride.id);
    if (!row) return '<p class="note">Not observed yet.</p>';
    const rank = computed.rides.findIndex((r) => r.ride_id === ride.id) + 1;
    return `<dl class="facts">
<dt>Uptime</dt><dd>${row.uptime_pct.toFixed(1)}%</dd>
<dt>Outages</dt><dd>${row.outages} (${row.outages_per_day.toFixed(2)} a day)</dd>
<dt>Average outage</dt><dd>${Math.round(row.average_outage_minutes)} min</dd>
<dt>Longest outage</dt><dd>${Math.round(row.longest_outage_minutes)} min</dd>
<dt>Days observed</dt><dd>${row.days_observed}</dd>
<dt>Rank in park</dt><dd>${rank} of ${computed.rides.length}, least reliable first (<a href="/parks/${escapeHtml(park.key)}#reliability">ranking</a>)</dd>
</dl>`;
  },
};

/** The ride page's sections, in order. */
export const RIDE_SECTIONS: readonly PageSection<RidePageInput>[] = [
  liveSection,
  historySection,
  bestTimesSection,
  factsSection,
  outagesSection,
  reliabilitySection,
];

export function ridePageVersion(input: RidePageInput, context: ApiContext): string {
  return sectionsVersion(RIDE_SECTIONS, input, context);
}

export interface RidePageAssets {
  readonly scripts: readonly string[];
  readonly styles: readonly string[];
}

export async function renderRidePage(
  input: RidePageInput,
  context: ApiContext,
  assets: RidePageAssets,
): Promise<string> {
  const { park, ride } = input;
  const main = `<p class="crumbs"><a href="/">Parks</a> › <a href="/parks/${escapeHtml(park.key)}">${escapeHtml(park.name)}</a> › ${escapeHtml(ride.land)}</p>
<h1>${escapeHtml(ride.name)}</h1>
${await renderSections(RIDE_SECTIONS, input, context)}`;
  return renderPage({
    title: `${ride.name} wait times · ${park.name} · queuecast`,
    description: `Live wait, today's wait history, outages and 30-day reliability of ${ride.name} at ${park.name}.`,
    canonical: context.links.ridePage(ride),
    attribution: context.envelopes.attribution(context.links.ridePage(ride)),
    credits: sourceCredits(context.config.feed),
    main,
    scripts: assets.scripts,
    styles: assets.styles,
  });
}
