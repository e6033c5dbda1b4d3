/**
 * FEED=queue-times: posted standby waits and open/closed from Queue-Times.com (QUEUE_TIMES_URL).
 * It publishes no operator forecast, and a simulated one beside real waits would mislead: that
 * family answers empty. Queue-Times asks every user of its data to show "Powered by Queue-Times.com"
 * linking to it.
 */
import type { FeedAdapter, SourceCredit } from '../adapter.js';
import { QUEUE_TIMES, QueueTimesFeed } from './index.js';

export const QUEUE_TIMES_CREDIT: SourceCredit = {
  text: 'Powered by Queue-Times.com',
  url: 'https://queue-times.com',
};

export const QUEUE_TIMES_ATTRIBUTION = `${QUEUE_TIMES_CREDIT.text} (${QUEUE_TIMES_CREDIT.url}/)`;

export const queueTimesAdapter: FeedAdapter<'liveQueues'> = {
  name: QUEUE_TIMES,
  label: 'Queue-Times.com (https://queue-times.com/)',
  provides: ['liveQueues'],
  lacks: ['operatorForecast'],
  credits: [QUEUE_TIMES_CREDIT],
  notes: `Live waits: ${QUEUE_TIMES_ATTRIBUTION}; show it with the link.`,
  create: ({ config, catalog, clock, logger, upstream }) => {
    const client = upstream({ label: 'Queue-Times', baseUrl: config.queueTimesUrl });
    return { liveQueues: new QueueTimesFeed({ client, catalog, clock, ...(logger ? { logger } : {}) }) };
  },
};
