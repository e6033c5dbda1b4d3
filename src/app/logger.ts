import { pino, type Logger, type DestinationStream } from 'pino';
import type { LogLevel } from '../config/index.js';

/** Strips keys from logged URLs (`key=`, or a key pasted into a path): keys are never written to logs. */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&]key=)[^&#]*/gi, '$1[redacted]')
    .replace(/pk_live_[A-Za-z0-9]*/g, 'pk_live_[redacted]');
}

/**
 * Errors as pino serialises them, less what may carry a request's headers: Node's parser errors
 * hold the raw packet, Authorization and X-Service-Key included.
 */
function serializeError(error: Error): Record<string, unknown> {
  const { rawPacket: _rawPacket, ...rest } = pino.stdSerializers.err(error) as Record<string, unknown>;
  return rest;
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
        err: serializeError,
      },
      redact: {
        paths: ['req.headers.authorization', 'req.headers["x-service-key"]', 'err.rawPacket', 'rawPacket'],
        remove: true,
      },
    },
    destination,
  );
}
