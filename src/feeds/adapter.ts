/**
 * What a feed adapter declares about itself, so that adding a feed stays one folder and one line in
 * `registry.ts`: its `FEED` name, the park-level families it provides, the families it lacks with
 * nothing standing in, the credit its upstream requires, its known folds, and how it is created.
 * Configuration, driver selection, `/v1` and the docs all read the declaration; none of them names
 * a feed.
 */
import type { Catalog } from '../catalog/catalog.js';
import type { CatalogDiscovery } from '../catalog/discovered.js';
import type { Park } from '../catalog/types.js';
import type { Config } from '../config/index.js';
import type { Clock } from '../lib/clock.js';
import type { UpstreamClient } from './http/upstream-client.js';
import type {
  LiveQueueFeed,
  OperatorForecastFeed,
  PriorityPriceFeed,
  ScheduleFeed,
  ShowtimeFeed,
} from './types.js';

/** The park-level families a `FEED` can provide; everything else stays simulated. */
export interface LiveFamilies {
  readonly liveQueues: LiveQueueFeed;
  readonly schedule: ScheduleFeed;
  readonly priorityPrices: PriorityPriceFeed;
  readonly showtimes: ShowtimeFeed;
  readonly operatorForecast: OperatorForecastFeed;
}

export type LiveFamily = keyof LiveFamilies;

/** Each family in the order `/v1` and the docs name them, with the words they use. */
export const LIVE_FAMILIES: readonly { readonly family: LiveFamily; readonly words: string }[] = [
  { family: 'liveQueues', words: 'live queues (waits, statuses, return windows)' },
  { family: 'showtimes', words: 'showtimes' },
  { family: 'schedule', words: 'park hours' },
  { family: 'priorityPrices', words: 'priority-lane prices' },
  { family: 'operatorForecast', words: "operators' hourly wait forecasts (best times' operator_forecast)" },
];

/** A credit an upstream asks every user of its data to show, as a visible link. */
export interface SourceCredit {
  readonly text: string;
  readonly url: string;
}

export interface FeedLogger {
  warn(details: object, message: string): void;
}

/** What an adapter is created from. */
export interface FeedContext {
  readonly config: Config;
  readonly catalog: Catalog;
  readonly clock: Clock;
  readonly logger?: FeedLogger;
  /** The simulated families, for the simulator itself (every other adapter replaces some). */
  readonly simulated: LiveFamilies;
  /**
   * The shared client for one upstream, with the configured User-Agent, read budget and recording:
   * every real adapter reads through one (src/feeds/http/upstream-client.ts).
   */
  readonly upstream: (options: { readonly label: string; readonly baseUrl: string }) => UpstreamClient;
}

export interface FeedAdapter<Provided extends LiveFamily = LiveFamily> {
  /** The `FEED` value, also the source name `/v1` gives its families. */
  readonly name: string;
  /** How `/v1` and the docs name the source, with its address. */
  readonly label: string;
  /** The families it serves itself; the others stay simulated unless listed in `lacks`. */
  readonly provides: readonly Provided[];
  /**
   * Families it does not publish where a simulated stand-in beside real data would mislead: they
   * answer empty (an operator forecast beside real waits, say).
   */
  readonly lacks: readonly Exclude<LiveFamily, Provided>[];
  /** Credits its upstream requires wherever its data is shown (site pages, docs). */
  readonly credits: readonly SourceCredit[];
  /** A sentence or two appended to the data-sources paragraph: required wording, known folds. */
  readonly notes?: string;
  /** The priority-lane body's `feed` for a park when it provides prices (its folds said there). */
  priorityFeedLabel?(park: Park): string;
  /** Its families, as declared in `provides`. */
  create(context: FeedContext): Pick<LiveFamilies, Provided>;
  /** The catalog the feed lists about itself, for parks beyond the spec's ten (PARKS). */
  discovery?(context: FeedContext): CatalogDiscovery;
}
