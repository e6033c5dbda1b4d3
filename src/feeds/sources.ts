/**
 * Which source serves each data family under the configuration (FEED, WEATHER), in words for the
 * `/v1` index and the docs: a family without a real source says it is simulated. The upstreams'
 * own attribution requirements and known folds are said here too, so every place that names a
 * source says the same.
 */
import type { Park } from '../catalog/types.js';
import type { FeedName, WeatherName } from '../config/index.js';

export interface FamilySource {
  readonly family: string;
  /** `sim`, `themeparks-wiki`, `queue-times`, `nws`, or `none` for a family the source lacks. */
  readonly source: string;
  readonly simulated: boolean;
}

const NAMES: Readonly<Record<string, string>> = {
  sim: 'the queuecast simulator',
  'themeparks-wiki': 'ThemeParks.wiki (https://themeparks.wiki/)',
  'queue-times': 'Queue-Times.com (https://queue-times.com/)',
  nws: 'the US National Weather Service (https://www.weather.gov/)',
};

/** A family the configured source does not publish and nothing stands in for (no simulated numbers beside real ones). */
const NONE = 'none';

/** A credit an upstream asks every user of its data to show, as a visible link. */
export interface SourceCredit {
  readonly text: string;
  readonly url: string;
}

/** Queue-Times asks every user of its data to show "Powered by Queue-Times.com" linking to it. */
export const QUEUE_TIMES_CREDIT: SourceCredit = {
  text: 'Powered by Queue-Times.com',
  url: 'https://queue-times.com',
};

export const QUEUE_TIMES_ATTRIBUTION = `${QUEUE_TIMES_CREDIT.text} (${QUEUE_TIMES_CREDIT.url}/)`;

/** The credits the configured feed requires wherever its data is shown (website pages, docs). */
export function sourceCredits(feed: FeedName): readonly SourceCredit[] {
  return feed === 'queue-times' ? [QUEUE_TIMES_CREDIT] : [];
}

export function familySources(feed: FeedName, weather: WeatherName): FamilySource[] {
  const wiki = feed === 'themeparks-wiki';
  const families: [string, string][] = [
    ['live queues (waits, statuses, return windows)', feed],
    ['showtimes', wiki ? feed : 'sim'],
    ['park hours', wiki ? feed : 'sim'],
    ['priority-lane prices', wiki ? feed : 'sim'],
    // Queue-Times publishes no operator forecast, and a simulated one beside real waits would mislead.
    [
      "operators' hourly wait forecasts (best times' operator_forecast)",
      feed === 'queue-times' ? NONE : feed,
    ],
    ['weather', weather],
    ['everything else (crowds, predictions, tickets, reservations, hotels, events, buses)', 'sim'],
  ];
  return families.map(([family, source]) => ({ family, source, simulated: source === 'sim' }));
}

/** One paragraph naming each family's source, for the `/v1` index and the docs. */
export function describeSources(feed: FeedName, weather: WeatherName): string {
  const parts = familySources(feed, weather).map(
    ({ family, source, simulated }) =>
      `${family}: ${simulated ? 'simulated' : source === NONE ? 'none (empty)' : `from ${NAMES[source] ?? source}`}`,
  );
  let text = `Data sources — ${parts.join('; ')}.`;
  if (feed === 'themeparks-wiki') {
    text +=
      ' ThemeParks.wiki reports the Universal parks’ brief and weather delays as DOWN, so they count as outages there.';
  }
  if (feed === 'queue-times') text += ` Live waits: ${QUEUE_TIMES_ATTRIBUTION}; show it with the link.`;
  return text;
}

/**
 * The priority-lane body's `feed`: the price source, with the upstream's known folds where they
 * apply (ThemeParks.wiki reports Universal's brief and weather delays as DOWN).
 */
export function priorityFeedLabel(feed: FeedName, park: Park): string {
  if (feed !== 'themeparks-wiki') return 'sim';
  return park.resort.priority_lane_brand.toLowerCase().includes('express')
    ? 'themeparks-wiki (brief and weather delays reported as DOWN)'
    : 'themeparks-wiki';
}
