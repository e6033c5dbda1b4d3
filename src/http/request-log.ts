/**
 * Request logging. Every request is logged with its outcome in one line (method, URL with any key
 * redacted by the logger's serializer, client IP, request ID, status, response time): at `debug`
 * for successes, `info` for client errors, `error` for server errors. At the default
 * LOG_LEVEL=info successes are counted instead (a line each would cost more than the rest of a
 * cached answer, ADR 0006), and a summary of the traffic is logged once a minute
 * (`TrafficSummary`). LOG_LEVEL=debug logs every request.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { TrafficSummary } from './traffic-summary.js';

export interface CompletedRequest {
  readonly reqId: string;
  readonly method: string;
  readonly url: string;
  /** Read only when the line is written (behind a proxy, `ip` walks X-Forwarded-For). */
  readonly client: { readonly ip: string };
  readonly statusCode: number;
  /** Milliseconds from the request to the end of the response. */
  readonly responseTime: number;
  readonly error?: Error | undefined;
}

export class RequestLog {
  readonly traffic: TrafficSummary;

  constructor(private readonly logger: Logger) {
    this.traffic = new TrafficSummary(logger);
  }

  completed(request: CompletedRequest): void {
    this.traffic.count(request.statusCode);
    const level =
      request.error || request.statusCode >= 500 ? 'error' : request.statusCode >= 400 ? 'info' : 'debug';
    if (!this.logger.isLevelEnabled(level)) return;
    this.logger[level](
      {
        reqId: request.reqId,
        req: { method: request.method, url: request.url, ip: request.client.ip },
        res: { statusCode: request.statusCode },
        responseTime: request.responseTime,
        ...(request.error ? { err: request.error } : {}),
      },
      request.error ? 'request errored' : 'request completed',
    );
  }
}

/** Fastify's request logging, through the one `RequestLog` (Fastify's default writes two lines). */
export class FastifyRequestLog extends LogController {
  constructor(private readonly log: RequestLog) {
    super();
  }

  override incomingRequest(): void {
    // Logged with its outcome in requestCompleted.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    this.log.completed({
      reqId: request.id,
      method: request.method,
      url: request.url,
      client: request,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
      error: error ?? undefined,
    });
  }
}
