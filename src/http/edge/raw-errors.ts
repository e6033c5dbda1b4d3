/**
 * Error answers written without Fastify: to requests refused before the router (a method this
 * read-only API does not serve, a request without Host), to malformed requests Node's HTTP parser
 * rejects, to sockets over the connection cap and to refused WebSocket upgrades. Each is the same
 * JSON envelope with `docs_url` that the router writes, so a client never meets another shape.
 */
import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { STATUS_CODES } from 'node:http';
import type { EnvelopeFactory } from '../envelope.js';
import type { ErrorCode } from '../errors.js';
import { EXPOSED_HEADERS, JSON_CONTENT_TYPE, WWW_AUTHENTICATE } from '../response-headers.js';

export interface RawError {
  readonly status: number;
  readonly code: ErrorCode;
  readonly message: string;
  readonly headers?: Readonly<Record<string, string | number>>;
}

const EXPOSE = EXPOSED_HEADERS.join(', ');

/**
 * `node:http` keeps the response a socket is writing in `_httpMessage` until it finishes (not in
 * its public types, and stable since Node 0.x): the one way to know a response is in flight.
 */
interface HttpSocket {
  readonly _httpMessage?: unknown;
}

export class RawErrors {
  constructor(private readonly envelopes: EnvelopeFactory) {}

  body(error: RawError): string {
    return JSON.stringify(this.envelopes.error(error.code, error.message));
  }

  /** Headers every raw error carries, plus the error's own. */
  headers(error: RawError, requestId: string | undefined, body: string): Record<string, string | number> {
    return {
      'content-type': JSON_CONTENT_TYPE,
      'cache-control': 'no-store',
      'access-control-allow-origin': '*',
      'access-control-expose-headers': EXPOSE,
      ...(requestId === undefined ? {} : { 'x-request-id': requestId }),
      ...(error.status === 401 ? { 'www-authenticate': WWW_AUTHENTICATE } : {}),
      ...error.headers,
      'content-length': Buffer.byteLength(body),
    };
  }

  /** Answers a request the server has parsed, on its response. */
  respond(response: ServerResponse, error: RawError, requestId: string): void {
    const body = this.body(error);
    response.writeHead(error.status, this.headers(error, requestId, body));
    response.end(body);
  }

  /**
   * Answers on a bare socket (a request the parser refused, an upgrade, a connection over the cap)
   * and closes it. A keep-alive socket gets the answer after the responses it already carried; one
   * still writing a response (a stream, a pipelined request) is cut instead, as writing into the
   * middle of a response would corrupt it.
   */
  answerSocket(socket: Duplex, error: RawError, requestId?: string): void {
    if (!socket.writable || (socket as Duplex & HttpSocket)._httpMessage) {
      socket.destroy();
      return;
    }
    const body = this.body(error);
    const headers = { ...this.headers(error, requestId, body), connection: 'close' };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.end(`HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? 'Error'}\r\n${head}\r\n${body}`);
  }
}
