/**
 * Every feed adapter, one line each: `FEED` accepts these names, the app creates the one it names,
 * and `/v1`, the site and the docs describe its families and credits from its declaration
 * (`adapter.ts`). A new feed is its folder and its line here.
 */
import type { CatalogDiscovery } from '../catalog/discovered.js';
import { ConfigError } from '../config/index.js';
import type { FeedAdapter, FeedContext, LiveFamilies, LiveFamily } from './adapter.js';
import { LIVE_FAMILIES } from './adapter.js';
import type { UpstreamClient } from './http/upstream-client.js';
import { queueTimesAdapter } from './queue-times/adapter.js';
import { simAdapter } from './sim/adapter.js';
import { themeparksWikiAdapter } from './themeparks-wiki/adapter.js';

export const FEED_ADAPTERS: readonly FeedAdapter[] = [
  simAdapter,
  themeparksWikiAdapter,
  queueTimesAdapter as FeedAdapter,
];

export const FEED_NAMES: readonly string[] = FEED_ADAPTERS.map((adapter) => adapter.name);

/** The adapter `FEED` names, or the configuration error start-up reports (exit 78). */
export function feedAdapter(name: string): FeedAdapter {
  const adapter = FEED_ADAPTERS.find((candidate) => candidate.name === name);
  if (!adapter) throw new ConfigError(`FEED must be one of ${FEED_NAMES.join(', ')} (got "${name}")`);
  return adapter;
}

/** Stand-ins for a family an adapter `lacks`: empty answers, never simulated numbers. */
const EMPTY: Partial<LiveFamilies> = {
  operatorForecast: { readOperatorForecast: async () => [] },
};

export interface FeedCreation extends Omit<FeedContext, 'upstream'> {
  /** The shared client for the named upstream (drivers.ts applies the configured etiquette). */
  readonly upstream: (
    feed: string,
    options: { readonly label: string; readonly baseUrl: string },
  ) => UpstreamClient;
}

/**
 * The park-level families under `FEED`: what the adapter provides, empty for what it lacks, the
 * simulator's for the rest. An adapter that declares a family it does not create fails here.
 */
export function createLiveFamilies(name: string, creation: FeedCreation): LiveFamilies {
  const adapter = feedAdapter(name);
  const own: Partial<LiveFamilies> = adapter.create({
    ...creation,
    upstream: (options) => creation.upstream(adapter.name, options),
  });
  const pick = <F extends LiveFamily>(family: F): LiveFamilies[F] => {
    if (adapter.provides.includes(family)) {
      const provided = own[family];
      if (!provided) throw new Error(`feed ${adapter.name} declares ${family} but does not create it`);
      return provided;
    }
    const empty = EMPTY[family];
    if ((adapter.lacks as readonly LiveFamily[]).includes(family)) {
      if (!empty) throw new Error(`feed ${adapter.name} lacks ${family}, which has no empty form`);
      return empty;
    }
    return creation.simulated[family];
  };
  const families = Object.fromEntries(LIVE_FAMILIES.map(({ family }) => [family, pick(family)]));
  return families as unknown as LiveFamilies;
}

/** The catalog discovery `FEED` declares (parks beyond the spec's ten), if it has one. */
export function createDiscovery(name: string, creation: FeedCreation): CatalogDiscovery | undefined {
  const adapter = feedAdapter(name);
  return adapter.discovery?.({
    ...creation,
    upstream: (options) => creation.upstream(adapter.name, options),
  });
}
