import { pino, type Logger, type DestinationStream } from 'pino';
import type { LogLevel } from '../config/index.js';

/** Strips `key=` from logged URLs: keys are secrets and are never written to logs. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]key=)[^&#]*/gi, '$1[redacted]');
}

/**
 * Structured JSON logs. Requests are logged by method, URL (key redacted), request ID and status;
 * headers are not logged, so no Authorization or X-Service-Key value can reach the log.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'queuecast' },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: redactUrl(req.url),
          ip: req.ip,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      redact: { paths: ['req.headers.authorization', 'req.headers["x-service-key"]'], remove: true },
    },
    destination,
  );
}
