/**
 * FEED=sim (the default): every family from the deterministic simulator, which lists SIM_PARKS
 * parks (the spec's ten by default; more are generated from its seed).
 */
import type { FeedAdapter } from '../adapter.js';
import { simulatedDiscovery } from './large-catalog.js';

export const simAdapter: FeedAdapter = {
  name: 'sim',
  label: 'the queuecast simulator',
  provides: ['liveQueues', 'showtimes', 'schedule', 'priorityPrices', 'operatorForecast'],
  lacks: [],
  credits: [],
  priorityFeedLabel: () => 'sim',
  create: ({ simulated }) => simulated,
  discovery: ({ config, catalog }) => simulatedDiscovery(catalog, config.simParks),
};
