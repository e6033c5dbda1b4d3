/**
 * Which data families a park, resort or ride has, by where it entered the catalog. The spec's ten
 * parks and four resorts come from the data files, and every family has a source for them: the
 * configured feed, the recorded history, the data files' ride facts, the US calendar and thunder
 * normals, or the simulator's models of those resorts (tickets, reservations, hotels, event nights,
 * buses, weather). A park or resort the feed discovered (PARKS other than `spec`) has only what
 * its feed lists and what the service derives from the history it records; the families modelled
 * for the ten answer the spec's unavailable form for it, never numbers made for another park. This
 * module is the one place that says so: ingest, services, the API descriptions and the docs read it.
 */
import type { DiscoveredOrigin } from './types.js';

/** Where a family's data comes from. */
export type FamilySource = 'feed' | 'recorded' | 'modelled';

export type DataFamily =
  | 'live_queues'
  | 'park_hours'
  | 'showtimes'
  | 'priority_lane_prices'
  | 'operator_forecast'
  | 'history'
  | 'outages'
  | 'reliability'
  | 'crowds'
  | 'best_times'
  | 'plans'
  | 'ride_facts'
  | 'tickets'
  | 'park_availability'
  | 'hotels'
  | 'event_nights'
  | 'buses'
  | 'holiday_calendar'
  | 'storm_season'
  | 'simulated_weather';

export interface FamilyDescription {
  readonly family: DataFamily;
  readonly source: FamilySource;
  /** How the docs and the notes name it. */
  readonly words: string;
}

/** Every family, in the order the docs list them. */
export const DATA_FAMILIES: readonly FamilyDescription[] = [
  { family: 'live_queues', source: 'feed', words: 'live queues (waits, statuses, return windows)' },
  { family: 'park_hours', source: 'feed', words: 'park hours' },
  { family: 'showtimes', source: 'feed', words: 'showtimes' },
  { family: 'priority_lane_prices', source: 'feed', words: 'priority-lane prices' },
  { family: 'operator_forecast', source: 'feed', words: "operators' hourly wait forecasts" },
  { family: 'history', source: 'recorded', words: 'wait history' },
  { family: 'outages', source: 'recorded', words: 'outages and reopening estimates' },
  { family: 'reliability', source: 'recorded', words: 'reliability' },
  { family: 'crowds', source: 'recorded', words: 'crowd levels and crowd actuals' },
  { family: 'best_times', source: 'recorded', words: 'best times and estimated actual waits' },
  { family: 'plans', source: 'recorded', words: 'touring plans' },
  {
    family: 'ride_facts',
    source: 'modelled',
    words: 'ride facts (height, duration, speed, drop, opening date, single-rider and priority lines)',
  },
  { family: 'tickets', source: 'modelled', words: 'ticket prices' },
  { family: 'park_availability', source: 'modelled', words: 'park reservations' },
  { family: 'hotels', source: 'modelled', words: 'hotel availability' },
  { family: 'event_nights', source: 'modelled', words: 'event nights' },
  { family: 'buses', source: 'modelled', words: 'buses (a 404, as at every resort without a bus network)' },
  {
    family: 'holiday_calendar',
    source: 'modelled',
    words: 'the holiday and school-break calendar (crowd drivers)',
  },
  {
    family: 'storm_season',
    source: 'modelled',
    words: "the storm-season part of the lightning risk (Florida's and California's thunder normals)",
  },
  { family: 'simulated_weather', source: 'modelled', words: 'simulated weather (WEATHER=sim)' },
];

/** Anything the catalog holds: a park, a resort or a ride, with its origin when discovered. */
export interface CatalogSubject {
  readonly discovered?: DiscoveredOrigin | undefined;
}

/** Whether the feed discovered it (it is not one of the spec's ten parks, their resorts or rides). */
export function isDiscovered(subject: CatalogSubject): boolean {
  return subject.discovered !== undefined;
}

/** Whether some source provides the family for this park, resort or ride. */
export function hasFamily(subject: CatalogSubject, family: DataFamily): boolean {
  if (!isDiscovered(subject)) return true;
  return sourceOf(family) !== 'modelled';
}

/**
 * Whether the simulator may stand in for a feed family the configured feed does not publish: at
 * the spec's ten only; a discovered park has what its feed publishes, or nothing.
 */
export function simulatorStandsIn(subject: CatalogSubject): boolean {
  return !isDiscovered(subject);
}

/** Why a feed family answers unavailable for a discovered park whose feed does not publish it. */
export function noStandInReason(
  subject: { readonly name: string },
  family: DataFamily,
  feedLabel: string,
): string {
  return `${feedLabel} publishes no ${familyWords(family)} for ${subject.name}, and the simulator stands in for them at the spec's ten parks only.`;
}

/** The families it has, in the docs' order. */
export function familiesOf(subject: CatalogSubject): DataFamily[] {
  return DATA_FAMILIES.filter(({ family }) => hasFamily(subject, family)).map(({ family }) => family);
}

export function sourceOf(family: DataFamily): FamilySource {
  const found = DATA_FAMILIES.find((entry) => entry.family === family);
  if (!found) throw new Error(`unknown data family ${family}`);
  return found.source;
}

export function familyWords(family: DataFamily): string {
  return DATA_FAMILIES.find((entry) => entry.family === family)?.words ?? family;
}

/**
 * Why a family answers unavailable for this subject, in a sentence for a body's note; undefined
 * when some source provides it.
 */
export function unsourcedReason(
  subject: CatalogSubject & { readonly name: string },
  family: DataFamily,
): string | undefined {
  if (hasFamily(subject, family)) return undefined;
  return `No source provides ${familyWords(family)} for ${subject.name}: the service has them for the spec's ten parks and their resorts only, and the live feed that lists it does not publish them.`;
}

function listed(source: FamilySource): string {
  const words = DATA_FAMILIES.filter((entry) => entry.source === source).map((entry) => entry.words);
  return words.length > 1 ? `${words.slice(0, -1).join('; ')}; and ${words.at(-1) ?? ''}` : words.join('');
}

/** What a discovered park can have, for the API descriptions and the docs. */
export const DISCOVERED_FAMILIES_TEXT = `A park beyond the spec's ten (\`PARKS\` other than \`spec\`) and its resort have what the live feed publishes for them: ${listed('feed')}. A feed that publishes no schedule for a park leaves its hours unknown: \`/hours\` says \`status: unknown\` with no times, the park counts as open while one of its rides operates, and a plan without the party's \`start\` and \`end\` runs within the hours its rides are recorded operating on that weekday (\`data_status: unavailable\` until some are recorded). The service derives from the history it records for them: ${listed('recorded')}. No source provides the rest for them, which answer the unavailable form (\`data_status: unavailable\`, null, or an omitted fact), never numbers: ${listed('modelled')}.`;
