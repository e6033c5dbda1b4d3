/**
 * FEED=themeparks-wiki: live queues, showtimes, park hours, priority-lane prices and the operators'
 * hourly forecasts from ThemeParks.wiki (THEMEPARKS_WIKI_URL), through one shared client.
 */
import type { FeedAdapter } from '../adapter.js';
import { ThemeParksWikiFeed } from './index.js';
import { FEED } from './parse.js';

export const themeparksWikiAdapter: FeedAdapter<
  'liveQueues' | 'showtimes' | 'schedule' | 'priorityPrices' | 'operatorForecast'
> = {
  name: FEED,
  label: 'ThemeParks.wiki (https://themeparks.wiki/)',
  provides: ['liveQueues', 'showtimes', 'schedule', 'priorityPrices', 'operatorForecast'],
  lacks: [],
  credits: [],
  notes:
    'ThemeParks.wiki reports the Universal parks’ brief and weather delays as DOWN, so they count as outages there.',
  // Universal Express is the brand whose delays arrive folded into DOWN.
  priorityFeedLabel: (park) =>
    (park.resort.priority_lane_brand ?? '').toLowerCase().includes('express')
      ? 'themeparks-wiki (brief and weather delays reported as DOWN)'
      : 'themeparks-wiki',
  create: ({ config, catalog, clock, logger, upstream }) => {
    const client = upstream({ label: 'ThemeParks.wiki', baseUrl: config.themeparksWikiUrl });
    // The operator's hourly `forecast` comes from the same live reads as the waits.
    const wiki = new ThemeParksWikiFeed({ client, catalog, clock, ...(logger ? { logger } : {}) });
    return {
      liveQueues: wiki,
      showtimes: wiki,
      schedule: wiki,
      priorityPrices: wiki,
      operatorForecast: wiki,
    };
  },
};
