/**
 * Request logging: one line per request, written when the response is done, with the method, URL
 * (key redacted by the logger's serializer), client IP, request ID, status and response time.
 * Fastify's default writes two (an "incoming request" line, then "request completed"); at the
 * default LOG_LEVEL=info the second line cost about a fifth of the CPU time of a /waits request
 * (132 µs → 102 µs per request with one line; BENCHMARKS.md).
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // Logged with its outcome in requestCompleted.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
