/**
 * FEED=sim (the default): every family from the deterministic simulator.
 */
import type { FeedAdapter } from '../adapter.js';

export const simAdapter: FeedAdapter = {
  name: 'sim',
  label: 'the queuecast simulator',
  provides: ['liveQueues', 'showtimes', 'schedule', 'priorityPrices', 'operatorForecast'],
  lacks: [],
  credits: [],
  priorityFeedLabel: () => 'sim',
  create: ({ simulated }) => simulated,
};
