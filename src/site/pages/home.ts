/**
 * The home page (`/`, the attribution link of every resort-wide answer): every park by country and
 * destination with its status (open, closed or no live data) and today's hours, a filter box (a GET
 * `?q=` the server renders, narrowed as one types where scripts run), and each park's crowd level
 * today.
 */
import type { ApiContext } from '../../http/context.js';
import type { Park } from '../../catalog/types.js';
import type { WindowKind } from '../../services/park-hours.js';
import { localDate } from '../../lib/time.js';
import { normalizeIdentifier } from '../../catalog/catalog.js';
import { parkCountry } from '../../catalog/countries.js';
import { escapeHtml } from '../docs/escape.js';
import { clockTime, zoneName } from '../format.js';
import type { TodayHours, TodayHoursReader } from '../sources/today-hours.js';
import { renderPage } from './layout.js';
import { todayCrowdLevel } from './park-sections.js';
import type { PageSection } from './section.js';
import { renderSections, sectionsVersion } from './section.js';
import { sourceCredits } from '../../feeds/sources.js';

export interface HomeInput {
  readonly hours: TodayHoursReader;
  /** The filter box's `?q=`: parks that do not match are rendered hidden. */
  readonly filter?: string;
}

/** Longer filters name no park; the bound keeps request-made cache keys short. */
const MAX_FILTER_LENGTH = 80;

/** The `?q=` of a home request, trimmed and bounded ('' for none). */
export function homeFilter(query: Readonly<Record<string, unknown>>): string {
  const q = query.q;
  return typeof q === 'string' ? q.trim().slice(0, MAX_FILTER_LENGTH) : '';
}

/** The home page's cache key: the full list, or the list under one folded filter. */
export function homePageKey(filter: string): string {
  return filter ? `home?q=${filter}` : 'home';
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

/** How the pages say that a park's feed publishes no hours for it. */
export const NO_PUBLISHED_HOURS = 'No hours published: open while its rides operate';

export function hoursLabel(
  { windows, published }: Pick<TodayHours, 'windows' | 'published'>,
  zone: string,
): string {
  if (!published) return NO_PUBLISHED_HOURS;
  if (windows === undefined) return 'Hours unavailable right now';
  if (windows.length === 0) return 'Closed today';
  return windows
    .map(
      (window) =>
        `${WINDOW_LABELS[window.kind]} ${clockTime(window.opens_at, zone)}–${clockTime(window.closes_at, zone)}`,
    )
    .join(', ');
}

/** Parks under one destination heading, within one country. */
interface DestinationGroup {
  readonly name: string;
  readonly parks: Park[];
}

/**
 * The parks grouped as the home page lists them: by country (alphabetical, parks whose zone names
 * no country last), then by destination (the spec's resorts first, in the data files' order, then
 * the discovered ones by name). A destination whose parks stand in several countries appears
 * under each.
 */
export function groupParks(context: ApiContext): { country: string; destinations: DestinationGroup[] }[] {
  const { catalog } = context;
  const resortOrder = new Map(
    [...catalog.resorts]
      .sort(
        (a, b) =>
          Number(Boolean(a.discovered)) - Number(Boolean(b.discovered)) ||
          (a.discovered ? a.name.localeCompare(b.name) : 0),
      )
      .map((resort, index) => [resort.key, index]),
  );
  const countries = new Map<string, Map<string, DestinationGroup>>();
  for (const park of catalog.parks) {
    const country = parkCountry(park) ?? ELSEWHERE;
    const destinations = countries.get(country) ?? new Map<string, DestinationGroup>();
    countries.set(country, destinations);
    const resortName = catalog.resort(park.resort_key)?.name ?? park.resort.name;
    const group = destinations.get(park.resort_key) ?? { name: resortName, parks: [] };
    destinations.set(park.resort_key, group);
    group.parks.push(park);
  }
  return [...countries.entries()]
    .sort(([a], [b]) => Number(a === ELSEWHERE) - Number(b === ELSEWHERE) || a.localeCompare(b))
    .map(([country, destinations]) => ({
      country,
      destinations: [...destinations.entries()]
        .sort(([a], [b]) => (resortOrder.get(a) ?? 0) - (resortOrder.get(b) ?? 0))
        .map(([, group]) => group),
    }));
}

const ELSEWHERE = 'Elsewhere';

/**
 * What the filter box searches for a park: its name, key and aliases, its destination and its
 * country, each folded as path identifiers are. The home script folds what is typed the same way.
 */
function searchText(park: Park, context: ApiContext): string {
  const destination = context.catalog.resort(park.resort_key)?.name ?? park.resort.name;
  const country = parkCountry(park) ?? '';
  return [park.name, park.key, ...park.aliases, destination, country].map(normalizeIdentifier).join(' ');
}

/** Whether every word of the filter appears in a park's search text. */
function matchesFilter(text: string, filter: string): boolean {
  const words = normalizeIdentifier(filter).split(' ').filter(Boolean);
  return words.every((word) => text.includes(word));
}

/** `hidden` on what the filter leaves out: without scripts it is the filtered list; with them, typing shows it again. */
const hiddenUnless = (shown: boolean): string => (shown ? '' : ' hidden');

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
  async render({ hours, filter = '' }, context) {
    const total = context.catalog.parks.length;
    let shown = 0;
    const countries = await Promise.all(
      groupParks(context).map(async ({ country, destinations }) => {
        let countryShown = 0;
        const groups = await Promise.all(
          destinations.map(async (destination) => {
            let destinationShown = 0;
            const cards = await Promise.all(
              destination.parks.map(async (park) => {
                const text = searchText(park, context);
                const match = matchesFilter(text, filter);
                if (match) destinationShown++;
                const status = context.access.providerDataEnabled
                  ? parkStatus(context, park)
                  : { label: 'No live data', className: 'nodata' };
                const today = await hours.forPark(park);
                return `<li data-search="${escapeHtml(text)}"${hiddenUnless(match)}><a class="park" href="/parks/${escapeHtml(park.key)}">${escapeHtml(park.name)}</a>
<p><span class="status ${status.className}">${status.label}</span></p>
<p>${escapeHtml(hoursLabel(today, park.time_zone))} <span class="sub">${escapeHtml(zoneName(context.clock.now(), park.time_zone))}, park time</span></p></li>`;
              }),
            );
            countryShown += destinationShown;
            return `<div class="destination"${hiddenUnless(destinationShown > 0)}><h4>${escapeHtml(destination.name)}</h4>\n<ul class="cards">${cards.join('\n')}</ul></div>`;
          }),
        );
        shown += countryShown;
        return `<div class="country"${hiddenUnless(countryShown > 0)}><h3>${escapeHtml(country)}</h3>\n${groups.join('\n')}</div>`;
      }),
    );
    return `${filterForm(filter)}
<p class="note" id="park-count" aria-live="polite">${escapeHtml(countLine(shown, total, filter))}</p>
<div id="park-list">
${countries.join('\n')}
</div>`;
  },
};

/** A GET form: without scripts the server renders `?q=`; the home script filters as one types. */
function filterForm(filter: string): string {
  return `<form class="park-filter" role="search" method="get" action="/#parks">
<label for="park-filter">Filter parks by name, destination or country</label>
<div><input type="search" id="park-filter" name="q" value="${escapeHtml(filter)}" autocomplete="off" spellcheck="false" aria-describedby="park-count"> <button class="primary" type="submit">Filter</button>${filter ? ' <a href="/#parks">Show all</a>' : ''}</div>
</form>`;
}

function countLine(shown: number, total: number, filter: string): string {
  if (!normalizeIdentifier(filter)) return `${total} parks.`;
  if (shown === 0) return `No park matches “${filter}”.`;
  return `${shown} of ${total} parks match “${filter}”.`;
}

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
  async render({ filter = '' }, context) {
    const rows = await Promise.all(
      context.catalog.parks.map(async (park) => {
        const today = await todayCrowdLevel(context, park);
        const level =
          today === undefined
            ? '<span class="nodata">No data yet</span>'
            : `<span class="crowd c${today.level}">${today.level}</span> ${today.basis === 'observed' ? 'observed' : 'forecast'}`;
        const text = searchText(park, context);
        return `<tr data-search="${escapeHtml(text)}"${hiddenUnless(matchesFilter(text, filter))}><td><a href="/parks/${escapeHtml(park.key)}#crowds">${escapeHtml(park.name)}</a></td><td class="num">${level}</td></tr>`;
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

/** The ten parks' resorts, named where the site describes itself while it serves only them. */
const SPEC_DESCRIPTION =
  'Live wait times, ride outages and reliability for Walt Disney World, Disneyland Resort, Universal Orlando and Universal Studios Hollywood.';

/** @param scripts the home script's address: it filters the list as one types. */
export async function renderHome(
  input: HomeInput,
  context: ApiContext,
  scripts: readonly string[] = [],
): Promise<string> {
  const { parks, resorts } = context.catalog;
  const main = `<h1>Live theme-park waits</h1>
<p class="lead">Live waits, outages and reliability for ${parks.length} parks in ${resorts.length} resorts, from the queuecast API.</p>
${await renderSections(HOME_SECTIONS, input, context)}`;
  const discovered = parks.some((park) => park.discovered);
  return renderPage({
    title: 'queuecast: live theme-park waits',
    description: discovered
      ? `Live wait times, ride outages and reliability for ${parks.length} theme parks, by destination and country.`
      : SPEC_DESCRIPTION,
    canonical: context.links.siteRoot,
    attribution: context.envelopes.attribution(),
    credits: sourceCredits(context.config.feed),
    main,
    scripts,
  });
}
