/**
 * Which source serves each data family under the configuration (FEED, WEATHER), in words for the
 * `/v1` index and the docs: a family without a real source says it is simulated. Each feed's own
 * declaration (`registry.ts`) says what it provides, what it lacks, the credit its upstream requires
 * and its known folds, so every place that names a source says the same.
 */
import { simulatorStandsIn } from '../catalog/families.js';
import type { Park } from '../catalog/types.js';
import type { FeedName, WeatherName } from '../config/index.js';
import { LIVE_FAMILIES, type SourceCredit } from './adapter.js';
import { FEED_ADAPTERS, feedAdapter } from './registry.js';

export type { SourceCredit } from './adapter.js';
export { QUEUE_TIMES_ATTRIBUTION, QUEUE_TIMES_CREDIT } from './queue-times/adapter.js';

export interface FamilySource {
  readonly family: string;
  /** A FEED or WEATHER name (`sim` when simulated), or `none` for a family the source lacks. */
  readonly source: string;
  readonly simulated: boolean;
}

const WEATHER_LABELS: Readonly<Record<string, string>> = {
  nws: 'the US National Weather Service (https://www.weather.gov/)',
};

/** A family the configured source does not publish and nothing stands in for (no simulated numbers beside real ones). */
const NONE = 'none';
const SIM = 'sim';

function labelOf(source: string): string {
  return FEED_ADAPTERS.find((adapter) => adapter.name === source)?.label ?? WEATHER_LABELS[source] ?? source;
}

/** The credits the configured feed requires wherever its data is shown (website pages, docs). */
export function sourceCredits(feed: FeedName): readonly SourceCredit[] {
  return feedAdapter(feed).credits;
}

export function familySources(feed: FeedName, weather: WeatherName): FamilySource[] {
  const adapter = feedAdapter(feed);
  const families: [string, string][] = [
    ...LIVE_FAMILIES.map(({ family, words }): [string, string] => [
      words,
      adapter.provides.includes(family)
        ? adapter.name
        : (adapter.lacks as readonly string[]).includes(family)
          ? NONE
          : SIM,
    ]),
    ['weather', weather],
    ['everything else (crowds, predictions, tickets, reservations, hotels, events, buses)', SIM],
  ];
  return families.map(([family, source]) => ({ family, source, simulated: source === SIM }));
}

/** One paragraph naming each family's source, for the `/v1` index and the docs. */
export function describeSources(feed: FeedName, weather: WeatherName): string {
  const parts = familySources(feed, weather).map(
    ({ family, source, simulated }) =>
      `${family}: ${simulated ? 'simulated' : source === NONE ? 'none (empty)' : `from ${labelOf(source)}`}`,
  );
  const { notes } = feedAdapter(feed);
  const discovered = discoveredParksSentence(feed);
  return `Data sources — ${parts.join('; ')}.${discovered === undefined ? '' : ` ${discovered}`}${notes === undefined ? '' : ` ${notes}`}`;
}

/**
 * What a park beyond the spec's ten gets from a real feed: nothing simulated stands in for it, and
 * without a published schedule its hours are unknown (ingest/park-hours.ts opens it by its rides).
 */
function discoveredParksSentence(feed: FeedName): string | undefined {
  const adapter = feedAdapter(feed);
  if (adapter.name === SIM) return undefined;
  const hours = adapter.provides.includes('schedule')
    ? 'A park it has no schedule for has unknown hours and counts as open while any of its rides operates.'
    : `${adapter.label} publishes no schedules, so their hours are unknown and each counts as open while any of its rides operates.`;
  return `Parks beyond the spec's ten (PARKS) get only what ${adapter.label} publishes for them, never simulated numbers. ${hours}`;
}

/**
 * The priority-lane body's `feed`: the price source, with the upstream's known folds where they
 * apply (ThemeParks.wiki reports Universal's brief and weather delays as DOWN).
 */
export function priorityFeedLabel(feed: FeedName, park: Park): string {
  const adapter = feedAdapter(feed);
  // A discovered park gets no simulated prices (src/app/drivers.ts): its feed is the one named.
  if (!adapter.provides.includes('priorityPrices')) return simulatorStandsIn(park) ? SIM : adapter.name;
  return adapter.priorityFeedLabel?.(park) ?? adapter.name;
}
