/**
 * Which catalog discovery PARKS reads: the configured feed's own listing. The simulator lists no
 * catalog of its own here; a real feed reads through its own UpstreamClient, with the same
 * User-Agent and read budget as the adapter's.
 */
import type { CatalogDiscovery } from '../catalog/discovered.js';
import type { Config } from '../config/index.js';
import { UpstreamClient } from '../feeds/http/upstream-client.js';
import { QueueTimesDiscovery } from '../feeds/queue-times/discovery.js';
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
