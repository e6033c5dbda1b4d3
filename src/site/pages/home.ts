/**
 * The home page (`/`, the attribution link of every resort-wide answer): every resort and park
 * with its status (open, closed or no live data) and today's hours, and each park's crowd level today.
 */
import type { ApiContext } from '../../http/context.js';
import type { Park } from '../../catalog/types.js';
import type { HoursWindow, WindowKind } from '../../services/park-hours.js';
import { localDate } from '../../lib/time.js';
import { escapeHtml } from '../docs/escape.js';
import { clockTime, zoneName } from '../format.js';
import type { TodayHoursReader } from '../sources/today-hours.js';
import { renderPage } from './layout.js';
import { todayCrowdLevel } from './park-sections.js';
import type { PageSection } from './section.js';
import { renderSections, sectionsVersion } from './section.js';
import { sourceCredits } from '../../feeds/sources.js';

export interface HomeInput {
  readonly hours: TodayHoursReader;
}

/** `Open`, `Closed` or `No live data`, from the park's live view as `/waits` reports it. */
export function parkStatus(context: ApiContext, park: Park): { label: string; className: string } {
  const view = context.services.live.view(park.key);
  if (!view.snapshot) return { label: 'No live data', className: 'nodata' };
  return view.snapshot.open ? { label: 'Open', className: 'open' } : { label: 'Closed', className: 'closed' };
}

const WINDOW_LABELS: Readonly<Record<WindowKind, string>> = {
  operating: 'Open',
  early_entry: 'Early entry',
  extended_evening: 'Extended evening',
  ticketed_event: 'Ticketed event',
};

export function hoursLabel(windows: readonly HoursWindow[] | undefined, zone: string): string {
  if (windows === undefined) return 'Hours unavailable right now';
  if (windows.length === 0) return 'Closed today';
  return windows
    .map(
      (window) =>
        `${WINDOW_LABELS[window.kind]} ${clockTime(window.opens_at, zone)}–${clockTime(window.closes_at, zone)}`,
    )
    .join(', ');
}

const parksSection: PageSection<HomeInput> = {
  id: 'parks',
  heading: 'Parks',
  provider: false,
  // What the cards show of live data is each park's status, not its waits: the section changes when
  // a park opens, closes or loses its feed, not at every wait a poll brings.
  version: ({ hours }, context) =>
    context.catalog.parks
      .map((park) => `${parkStatus(context, park).className}.${hours.version(park)}`)
      .join(','),
  async render({ hours }, context) {
    const resorts = await Promise.all(
      context.catalog.resorts.map(async (resort) => {
        const cards = await Promise.all(
          resort.parks.map(async (park) => {
            const status = context.access.providerDataEnabled
              ? parkStatus(context, park)
              : { label: 'No live data', className: 'nodata' };
            const today = await hours.forPark(park);
            return `<li><a class="park" href="/parks/${escapeHtml(park.key)}">${escapeHtml(park.name)}</a>
<p><span class="status ${status.className}">${status.label}</span></p>
<p>${escapeHtml(hoursLabel(today.windows, park.time_zone))} <span class="sub">${escapeHtml(zoneName(context.clock.now(), park.time_zone))}, park time</span></p></li>`;
          }),
        );
        return `<h3>${escapeHtml(resort.name)}</h3>\n<ul class="cards">${cards.join('\n')}</ul>`;
      }),
    );
    return resorts.join('\n');
  },
};

const crowdsSection: PageSection<HomeInput> = {
  id: 'crowds',
  heading: 'Crowd level today',
  provider: false,
  version: (_input, context) =>
    context.catalog.parks
      .map(
        (park) =>
          `${context.services.models.version(park)}@${localDate(context.clock.now(), park.time_zone)}`,
      )
      .join(','),
  async render(_input, context) {
    const rows = await Promise.all(
      context.catalog.parks.map(async (park) => {
        const today = await todayCrowdLevel(context, park);
        const level =
          today === undefined
            ? '<span class="nodata">No data yet</span>'
            : `<span class="crowd c${today.level}">${today.level}</span> ${today.basis === 'observed' ? 'observed' : 'forecast'}`;
        return `<tr><td><a href="/parks/${escapeHtml(park.key)}#crowds">${escapeHtml(park.name)}</a></td><td class="num">${level}</td></tr>`;
      }),
    );
    return `<p class="note">1 (quietest) to 10 (busiest), against each park's own last year.</p>
<div class="scroll"><table><caption class="visually-hidden">Crowd level today</caption><thead><tr><th scope="col">Park</th><th scope="col" class="num">Level</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
  },
};

/** The home page's sections, in order. */
export const HOME_SECTIONS: readonly PageSection<HomeInput>[] = [parksSection, crowdsSection];

export function homeVersion(input: HomeInput, context: ApiContext): string {
  return sectionsVersion(HOME_SECTIONS, input, context);
}

/**
 * The home page's version as `homeVersion` says it, read on every request to `/` and worked out
 * again only when what its sections follow has moved: each park's live-state version (its status),
 * models version (its crowd level) and local date, and the schedules read (its hours). Joining
 * every park's status, hours and crowd version into one string cost more than the rest of the
 * request; reading what they follow is a few map lookups per park.
 */
export class HomeVersion {
  private inputs: readonly (string | number)[] = [];
  private version = '';

  constructor(
    private readonly input: HomeInput,
    private readonly context: ApiContext,
  ) {}

  current(): string {
    const inputs = this.inputsNow();
    if (inputs.length !== this.inputs.length || inputs.some((value, i) => value !== this.inputs[i])) {
      this.inputs = inputs;
      this.version = homeVersion(this.input, this.context);
    }
    return this.version;
  }

  private inputsNow(): (string | number)[] {
    const { catalog, clock, services } = this.context;
    const now = clock.now();
    const inputs: (string | number)[] = [this.input.hours.reads];
    for (const park of catalog.parks) {
      inputs.push(
        services.live.version(park.key),
        services.models.version(park),
        localDate(now, park.time_zone),
      );
    }
    return inputs;
  }
}

export async function renderHome(input: HomeInput, context: ApiContext): Promise<string> {
  const main = `<h1>Live theme-park waits</h1>
<p class="lead">Live waits, outages and reliability for ${context.catalog.parks.length} parks in ${context.catalog.resorts.length} resorts, from the queuecast API.</p>
${await renderSections(HOME_SECTIONS, input, context)}`;
  return renderPage({
    title: 'queuecast: live theme-park waits',
    description:
      'Live wait times, ride outages and reliability for Walt Disney World, Disneyland Resort, Universal Orlando and Universal Studios Hollywood.',
    canonical: context.links.siteRoot,
    attribution: context.envelopes.attribution(),
    credits: sourceCredits(context.config.feed),
    main,
  });
}
