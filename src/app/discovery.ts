/**
 * Which catalog discovery PARKS reads: the configured feed's own listing. A real feed reads through
 * its own UpstreamClient, with the same User-Agent and read budget as the adapter's; the simulator
 * lists SIM_PARKS parks generated from its seed (the spec's ten keep their records).
 */
import { Catalog } from '../catalog/catalog.js';
import type { CatalogDiscovery } from '../catalog/discovered.js';
import type { Config } from '../config/index.js';
import { UpstreamClient } from '../feeds/http/upstream-client.js';
import { QueueTimesDiscovery } from '../feeds/queue-times/discovery.js';
import { SIM_SOURCE, simulatedDiscovery } from '../feeds/sim/large-catalog.js';
import { ThemeParksWikiDiscovery } from '../feeds/themeparks-wiki/discovery.js';
import type { Clock } from '../lib/clock.js';

export function createDiscovery(config: Config, clock: Clock): CatalogDiscovery | undefined {
  const client = (feed: string, label: string, baseUrl: string) =>
    new UpstreamClient({
      feed,
      label,
      baseUrl,
      userAgent: config.upstreamUserAgent,
      clock,
      budget: { reads: config.upstreamReadBudget, windowMs: 60_000 },
    });
  if (config.feed === SIM_SOURCE) {
    // The spec's own catalog, not the served one: the listing must not grow from its own parks.
    return simulatedDiscovery(Catalog.load(), config.simParks);
  }
  if (config.feed === 'themeparks-wiki') {
    return new ThemeParksWikiDiscovery(
      client('themeparks-wiki', 'ThemeParks.wiki', config.themeparksWikiUrl),
    );
  }
  if (config.feed === 'queue-times') {
    return new QueueTimesDiscovery(client('queue-times', 'Queue-Times', config.queueTimesUrl));
  }
  return undefined;
}
