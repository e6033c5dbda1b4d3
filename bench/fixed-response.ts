/**
 * The bare HTTP baseline's handler: a `node:http` server answering every request with one fixed
 * response (status, the given headers, Content-Length, then the bytes), which the parent sets to the
 * exact bytes queuecast answered with. In its own process (`bare-http.ts`), or beside queuecast in
 * one process (`instructions.ts`, so both run on the same heap and JIT).
 */
import { createServer, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { RawResponse } from './http-get.js';

/** Headers `node:http` writes itself, so a fixed response must not carry them. */
const NODE_WRITES = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** What a fixed-response server needs to answer `answer` again, over IPC. */
export interface FixedResponseMessage {
  readonly status: number;
  /** base64 */
  readonly body: string;
  readonly headers: Record<string, string>;
}

/**
 * The very response queuecast sent: status, body and every header (rate-limit counts and request ID
 * as they were then), except those `node:http` writes itself.
 */
export function fixedResponseOf(answer: RawResponse): FixedResponseMessage {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (typeof value === 'string' && !NODE_WRITES.has(name)) headers[name] = value;
  }
  return { status: answer.status, body: answer.body.toString('base64'), headers };
}

export interface FixedResponse {
  readonly server: Server;
  /** Sets the response from an IPC request: `status`, `body` (base64) and `headers`. */
  readonly respond: (request: Record<string, unknown>) => void;
}

export function fixedResponseServer(): FixedResponse {
  let status = 200;
  let headers: OutgoingHttpHeaders = {};
  let body = Buffer.alloc(0);
  const server = createServer((_request, response) => {
    response.writeHead(status, headers);
    response.end(body);
  });
  server.keepAliveTimeout = 60_000;
  return {
    server,
    respond: (request) => {
      status = Number(request.status);
      body = Buffer.from(String(request.body), 'base64');
      headers = { ...(request.headers as Record<string, string>) };
      if (status !== 304) headers['content-length'] = body.length;
    },
  };
}
