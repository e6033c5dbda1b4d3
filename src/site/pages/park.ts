/**
 * A park's page (`/parks/{park}`, the attribution link of every park-scoped answer): the live
 * waits table, which the park script keeps current over the park's SSE stream; the priority lane's
 * return windows and prices; today's hours and showtimes; current conditions; today's outages; the
 * 30-day crowd calendar; the 30-day reliability ranking.
 */
import type { ApiContext } from '../../http/context.js';
import { presentPriorityLane } from '../../http/resources/live-entry.js';
import { presentParkWaits } from '../../http/resources/park-waits.js';
import type { Park } from '../../catalog/types.js';
import { localDate } from '../../lib/time.js';
import { escapeHtml } from '../docs/escape.js';
import {
  STATUS_LABELS,
  statusLabel,
  clockTime,
  dayLabel,
  durationLabel,
  money,
  zoneName,
  priorityLaneLabel,
} from '../format.js';
import type { TodayHoursReader } from '../sources/today-hours.js';
import { hoursLabel, parkStatus } from './home.js';
import { jsonScript } from './json-script.js';
import { conditionsSection, crowdCalendarSection, todaySection } from './park-sections.js';
import { renderPage } from './layout.js';
import { REOPENING_NOTE, reopeningLabel } from './reopening.js';
import { renderSections, sectionsVersion, type PageSection } from './section.js';
import { filtersForm, laneCell, waitsQueryKey, waitsTable, type WaitsQuery } from './waits-table.js';
import { sourceCredits } from '../../feeds/sources.js';

export interface ParkPageInput {
  readonly park: Park;
  readonly query: WaitsQuery;
  readonly hours: TodayHoursReader;
}

/** The banner above the table: live and when refreshed, or "No live data" and why. */
export function liveBanner(context: ApiContext, park: Park): string {
  const view = context.services.live.view(park.key);
  if (view.data_status === 'unavailable') {
    return `<p class="banner nodata" id="live-status" role="status"><strong>No live data.</strong> ${escapeHtml(view.reason ?? '')}</p>`;
  }
  const at =
    view.refreshed_at === undefined ? '' : ` · updated ${clockTime(view.refreshed_at, park.time_zone)}`;
  return `<p class="banner" id="live-status" role="status"><strong>Live</strong>${at}</p>`;
}

const waitsSection: PageSection<ParkPageInput> = {
  id: 'waits',
  heading: 'Live waits',
  provider: true,
  version: ({ park }, context) => context.services.live.version(park.key),
  render({ park, query }, context) {
    const view = context.services.live.view(park.key);
    const waits = presentParkWaits(park, view, context.clock.now());
    return `${liveBanner(context, park)}
${filtersForm(park, query)}
${waitsTable(waits.entries, park, query)}
<script type="application/json" id="waits-data">${jsonScript(waits.entries)}</script>`;
  },
};

/** The attraction's name linked to its page (its bare name if the catalog does not know it). */
function rideLink(park: Park, rideId: string, name: string): string {
  const ride = park.attractions.find((a) => a.id === rideId);
  return ride
    ? `<a href="/parks/${escapeHtml(park.key)}/rides/${escapeHtml(ride.slug)}">${escapeHtml(name)}</a>`
    : escapeHtml(name);
}

const priorityLaneSection: PageSection<ParkPageInput> = {
  id: 'priority-lane',
  heading: 'Priority lane',
  provider: true,
  version: ({ park }, context) => context.services.priorityLane.version(park),
  async render({ park }, context) {
    const zone = park.time_zone;
    const day = await context.services.priorityLane.forDate(park, localDate(context.clock.now(), zone));
    const prices = day.prices.prices.filter((price) => price.ride_id === undefined);
    const priceRows = prices.map(
      (price) =>
        `<tr><td>${escapeHtml(price.product_name)}</td><td class="num">${money(price.price.amount, price.price.currency)}</td><td>${price.available ? 'Available' : 'Sold out'}</td></tr>`,
    );
    const windows =
      day.live.data_status === 'unavailable'
        ? '<p class="note nodata">No live data: return windows are withheld until the park\'s data is current again.</p>'
        : day.rides.length === 0
          ? '<p class="note">No return windows are offered right now.</p>'
          : `<div class="scroll"><table><caption class="visually-hidden">Return windows</caption><thead><tr><th scope="col">Attraction</th><th scope="col">Next return window</th><th scope="col">Status</th></tr></thead><tbody>
${day.rides
  .map(
    (ride) =>
      `<tr><td>${rideLink(park, ride.ride_id, ride.name)}</td><td>${laneCell(presentPriorityLane(ride.priority_lane), zone)}</td><td><span class="status s-${ride.status}">${STATUS_LABELS[ride.status]}</span></td></tr>`,
  )
  .join('\n')}
</tbody></table></div>`;
    const priceTable =
      priceRows.length === 0
        ? ''
        : `<h3>Prices for ${escapeHtml(dayLabel(day.date))}</h3><div class="scroll"><table><caption class="visually-hidden">Priority-lane prices</caption><thead><tr><th scope="col">Product</th><th scope="col" class="num">Price</th><th scope="col">Today</th></tr></thead><tbody>${priceRows.join('')}</tbody></table></div>`;
    return `<p class="note">${escapeHtml(priorityLaneLabel(park.resort))}: next return windows, soonest first. Prices checked at ${clockTime(day.prices.checked_at, zone)}.</p>
${windows}
${priceTable}`;
  },
};

const outagesSection: PageSection<ParkPageInput> = {
  id: 'outages',
  heading: 'Outages today',
  provider: true,
  version: ({ park }, context) => context.services.outages.version(park),
  async render({ park }, context) {
    const today = await context.services.outages.today(park);
    if (today.outages.length === 0) return '<p class="note">No outage recorded today.</p>';
    const rides = new Map(park.attractions.map((a) => [a.id, a]));
    const rows = today.outages.map((outage) => {
      const ride = rides.get(outage.ride_id);
      const name = ride
        ? `<a href="/parks/${escapeHtml(park.key)}/rides/${escapeHtml(ride.slug)}">${escapeHtml(ride.name)}</a>`
        : escapeHtml(outage.ride_id);
      const end = outage.ended_at === null ? 'ongoing' : clockTime(outage.ended_at, park.time_zone);
      const length = durationLabel((outage.ended_at ?? today.now) - outage.started_at);
      const back =
        outage.ended_at === null && outage.reopening
          ? `<br><span class="note">${reopeningLabel(outage.reopening, park.time_zone)}</span>`
          : '';
      return `<tr><td>${name}</td><td><span class="status s-${escapeHtml(outage.status)}">${escapeHtml(statusLabel(outage.status))}</span></td><td>${clockTime(outage.started_at, park.time_zone)}–${end}${back}</td><td class="num">${length}</td></tr>`;
    });
    const estimated = today.outages.some((outage) => outage.ended_at === null && outage.reopening);
    return `<div class="scroll"><table><caption class="visually-hidden">Outages today</caption><thead><tr><th scope="col">Attraction</th><th scope="col">Reported</th><th scope="col">When</th><th scope="col" class="num">Length</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table></div>${estimated ? `\n<p class="note">${REOPENING_NOTE}</p>` : ''}`;
  },
};

const reliabilitySection: PageSection<ParkPageInput> = {
  id: 'reliability',
  heading: 'Reliability, last 30 days',
  provider: true,
  version: ({ park }, context) => context.services.reliability.version(park),
  async render({ park }, context) {
    const computed = await context.services.reliability.forPark(park);
    if (computed.rides.length === 0) return '<p class="note">No ride has been observed yet.</p>';
    const rides = new Map(park.attractions.map((a) => [a.id, a]));
    const rows = computed.rides.map((row, index) => {
      const ride = rides.get(row.ride_id);
      const name = ride
        ? `<a href="/parks/${escapeHtml(park.key)}/rides/${escapeHtml(ride.slug)}">${escapeHtml(row.name)}</a>`
        : escapeHtml(row.name);
      return `<tr><td class="num">${index + 1}</td><td>${name}</td><td class="num">${row.uptime_pct.toFixed(1)}%</td><td class="num">${row.outages}</td><td class="num">${Math.round(row.average_outage_minutes)} min</td></tr>`;
    });
    const since = computed.truncated ? ' (history starts later, so the window is shorter)' : '';
    return `<p class="note">Least reliable first: share of open-park time each ride was not down${since}.</p>
<div class="scroll"><table><caption class="visually-hidden">Reliability ranking</caption><thead><tr><th scope="col" class="num">#</th><th scope="col">Ride</th><th scope="col" class="num">Uptime</th><th scope="col" class="num">Outages</th><th scope="col" class="num">Average outage</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table></div>`;
  },
};

/** The park page's sections, in order. */
export const PARK_SECTIONS: readonly PageSection<ParkPageInput>[] = [
  waitsSection,
  todaySection,
  conditionsSection,
  priorityLaneSection,
  outagesSection,
  crowdCalendarSection,
  reliabilitySection,
];

export function parkPageKey(input: ParkPageInput): string {
  return `${input.park.key}?${waitsQueryKey(input.query)}`;
}

export function parkPageVersion(input: ParkPageInput, context: ApiContext): string {
  return `${input.hours.version(input.park)}|${sectionsVersion(PARK_SECTIONS, input, context)}`;
}

/**
 * What the park script needs: where the stream is, the zone, the priority lane's brand, and each
 * attraction's page and land.
 */
function pageData(park: Park): string {
  const data = {
    park: park.key,
    zone: park.time_zone,
    stream: `/v1/parks/${park.key}/waits/stream`,
    lane: priorityLaneLabel(park.resort),
    rides: Object.fromEntries(park.attractions.map((a) => [a.id, [a.slug, a.land]])),
  };
  return jsonScript(data);
}

export async function renderParkPage(
  input: ParkPageInput,
  context: ApiContext,
  scripts: readonly string[],
): Promise<string> {
  const { park } = input;
  const now = context.clock.now();
  const status = context.access.providerDataEnabled
    ? parkStatus(context, park)
    : { label: 'No live data', className: 'nodata' };
  const hours = await input.hours.forPark(park);
  const main = `<p class="crumbs"><a href="/">Parks</a> › ${escapeHtml(park.resort.name)}</p>
<h1>${escapeHtml(park.name)}</h1>
<p><span class="status ${status.className}" id="park-status">${status.label}</span> · Today: ${escapeHtml(hoursLabel(hours, park.time_zone))}</p>
<p class="note">Times are park time (${escapeHtml(zoneName(now, park.time_zone))}).</p>
<p><a href="/parks/${escapeHtml(park.key)}/plan">Plan your day at ${escapeHtml(park.name)}</a></p>
${await renderSections(PARK_SECTIONS, input, context)}
<script type="application/json" id="park-data">${pageData(park)}</script>`;
  return renderPage({
    title: `${park.name} live waits · queuecast`,
    description: `Live wait times, priority-lane return windows, outages and ride reliability at ${park.name}.`,
    canonical: context.links.parkPage(park),
    attribution: context.envelopes.attribution(context.links.parkPage(park)),
    credits: sourceCredits(context.config.feed),
    main,
    scripts,
  });
}
