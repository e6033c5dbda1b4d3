/**
 * A line a minute at `info` on what the server answered: requests by status class. It keeps the
 * traffic visible at the default log level without a line per request (see request-log.ts).
 */
import type { Logger } from 'pino';

const INTERVAL_MS = 60_000;
const CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
type StatusClass = (typeof CLASSES)[number];

export class TrafficSummary {
  private counts: Record<StatusClass, number> = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly logger: Logger) {}

  count(statusCode: number): void {
    const statusClass = CLASSES[Math.floor(statusCode / 100) - 2];
    if (statusClass) this.counts[statusClass]++;
  }

  start(intervalMs = INTERVAL_MS): void {
    this.stop();
    this.timer = setInterval(() => {
      this.flush();
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and logs what was counted since the last line. */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.flush();
  }

  /** Logs the counts since the last line, when there were any, and starts counting afresh. */
  flush(): void {
    const counts = this.counts;
    const requests = CLASSES.reduce((sum, statusClass) => sum + counts[statusClass], 0);
    if (requests === 0) return;
    this.counts = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
    this.logger.info({ requests, by_status: counts }, 'requests answered since the last summary');
  }
}
