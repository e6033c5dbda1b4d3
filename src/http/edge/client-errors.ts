/**
 * Requests Node's HTTP parser refuses (malformed request lines and headers, oversized headers, a
 * request that took too long to arrive) are answered in the JSON envelope, not with Node's bare
 * "400 Bad Request". The log names the parser's error code only: the raw packet it carries holds
 * the request's headers, keys included.
 */
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import type { RawError, RawErrors } from './raw-errors.js';
import { NOT_ALLOWED } from './request-guard.js';

/** The answer to a parser error `code`; undefined when nothing should be written (the client left). */
export function clientErrorAnswer(code: string | undefined): RawError | undefined {
  switch (code) {
    case 'ECONNRESET':
    case 'EPIPE':
      return undefined;
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        code: 'invalid_request',
        message: 'The request headers are too large (at most 16 KB in all); send fewer or shorter headers.',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return {
        status: 408,
        code: 'invalid_request',
        message:
          'The request took too long to arrive (headers within 10 seconds, the whole request within 30); send it at once.',
      };
    case 'HPE_INVALID_METHOD':
      return NOT_ALLOWED;
    default:
      return {
        status: 400,
        code: 'invalid_request',
        message:
          'The request is not valid HTTP/1.1 (a malformed request line, header or encoding); check how the client builds it.',
      };
  }
}

export function clientErrorHandler(raw: RawErrors, logger: Logger) {
  return (error: Error & { code?: string }, socket: Duplex): void => {
    const answer = clientErrorAnswer(error.code);
    logger.debug(
      { clientError: error.code ?? error.name, status: answer?.status },
      'malformed request refused',
    );
    if (answer) raw.answerSocket(socket, answer);
    else socket.destroy();
  };
}
