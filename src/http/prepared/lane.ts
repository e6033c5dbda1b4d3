/**
 * The prepared lane: answers the plainest requests to endpoints served from a prepared body (a GET
 * whose query parameters the endpoint declares, no key or a key judged in the last 10 minutes,
 * within its limits) straight from the `node:http` server, before Fastify's router. Those are nearly all the
 * traffic of the live endpoints, and the router's per-request machinery (request and reply objects,
 * hooks, a child logger) costs more than the answer itself (ADR 0006). Answers are decided as
 * requests are read and written together at the end of the event-loop turn (WriteBatch).
 *
 * The lane only ever sends successes (200, and 304 for a matching If-None-Match). Everything else
 * (HEAD, an undeclared query parameter, an unknown park, a key to look up first, any refusal) goes
 * to the router, which alone words errors. Endpoints reach the lane only through their declaration
 * (endpoint.ts), which gives it the same parsers, resolution and bodies the router uses; a test
 * compares the two paths' answers for every endpoint (ADR 0008).
 */
// Imported, not the global: in Node 20 the global `performance` is a lazy getter that costs a
// module lookup on every read, and the lane reads the clock twice per request.
import { performance } from 'node:perf_hooks';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { AccessControl, AdmitListener, RateLimitHeaders } from '../access/access-control.js';
import { RawClient, type TrustProxy } from '../client-ip.js';
import { answerFor, type PreparedBody } from './body.js';
import type { RequestLog } from '../request-log.js';
import { requestId } from '../request-id.js';
import { EXPOSED_HEADERS, addPreparedHeaders, cacheControl } from '../response-headers.js';
import { WriteBatch } from './write-batch.js';

/**
 * The prepared body an endpoint answers for these path parameters and this query string (empty
 * without one); undefined when the router must answer (an error, an unbuilt body, a query the
 * endpoint does not take).
 */
export type PreparedLookup = (
  params: Readonly<Record<string, string>>,
  query: string,
) => PreparedBody | undefined;

export interface LaneRouteOptions {
  readonly maxAge: number;
  /** Provider-derived data (refused by the router when PROVIDER_DATA=disabled). */
  readonly provider: boolean;
  /** Counted against the caller's limits (every data endpoint; not `/v1` or `/v1/openapi.json`). */
  readonly rateLimited: boolean;
  readonly lookup: PreparedLookup;
}

interface LaneRoute extends LaneRouteOptions {
  readonly pattern: RegExp;
  readonly names: readonly string[];
  readonly cacheControl: string;
}

/** A path the lane serves: its route and the path parameters in it. */
interface PathMatch {
  readonly route: LaneRoute;
  readonly params: Readonly<Record<string, string>>;
}

/** How many paths' matches are remembered (clients choose paths, so the memo is bounded). */
const REMEMBERED_PATHS = 4_096;

/**
 * A request the lane serves and what it gets, waiting for the end of the event-loop turn
 * (WriteBatch). When its admission is decided later (a key to look up, shared counters) it is also
 * the listener told the outcome: one object per request, no promise.
 */
class LaneAnswer implements AdmitListener {
  /** Undefined for the endpoints that are not rate limited (`/v1` and `/v1/openapi.json`). */
  rateLimit: RateLimitHeaders | undefined = undefined;

  constructor(
    private readonly lane: PreparedLane,
    readonly client: RawClient,
    readonly response: ServerResponse,
    readonly found: PathMatch,
    readonly query: string,
    public body: PreparedBody,
    readonly started: number,
    private readonly router: Handler,
  ) {}

  admitted(headers: RateLimitHeaders): void {
    this.rateLimit = headers;
    this.lane.admittedLater(this);
  }

  /** Every refusal, and a failure to count, is the router's to word. */
  refused(): void {
    this.toRouter();
  }

  toRouter(): void {
    this.router(this.client.request, this.response);
  }
}

export interface LaneDependencies {
  readonly access: AccessControl;
  readonly trustProxy: TrustProxy;
  readonly log: RequestLog;
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** Path parameters the lane takes as they are; anything else (percent-escapes) is the router's to decode. */
const PLAIN_SEGMENT = '([A-Za-z0-9._~-]+)';
const EXPOSE = EXPOSED_HEADERS.join(', ');

export class PreparedLane {
  private readonly routes: LaneRoute[] = [];
  private readonly matches = new Map<string, PathMatch>();
  private readonly writes = new WriteBatch<LaneAnswer>(
    (answer) => {
      this.answer(answer);
    },
    (answer, error) => {
      this.failed(answer, error);
    },
  );
  private open = true;
  /** Requests the lane has answered (the rest went to the router). */
  answered = 0;

  constructor(private readonly deps: LaneDependencies) {}

  /** Serves `url` (a route path such as `/v1/parks/:park/waits`) in the lane. */
  add(url: string, options: LaneRouteOptions): void {
    const names: string[] = [];
    const source = url
      .split('/')
      .map((segment) => {
        if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(segment.slice(1));
        return PLAIN_SEGMENT;
      })
      .join('/');
    this.matches.clear();
    this.routes.push({
      ...options,
      pattern: new RegExp(`^${source}$`),
      names,
      cacheControl: cacheControl(options.maxAge),
    });
  }

  /** From now on every request goes to the router (which answers 503 while the server closes). */
  close(): void {
    this.open = false;
  }

  /** The server's request listener: the lane where it can answer, else `router`. */
  handler(router: Handler): Handler {
    return (request, response) => {
      if (!this.serve(request, response, router)) router(request, response);
    };
  }

  /** Answers (or will answer) the request and returns true, or returns false for the router. */
  private serve(request: IncomingMessage, response: ServerResponse, router: Handler): boolean {
    const url = request.url ?? '';
    if (!this.open || request.method !== 'GET') return false;
    const mark = url.indexOf('?');
    const found = this.match(mark < 0 ? url : url.slice(0, mark));
    if (!found) return false;
    const query = mark < 0 ? '' : url.slice(mark + 1);
    // Looked up before access is counted, so a request the router must answer is counted once.
    const body = found.route.lookup(found.params, query);
    if (!body) return false;
    const started = performance.now();
    const client = new RawClient(request, this.deps.trustProxy);
    const answer = new LaneAnswer(this, client, response, found, query, body, started, router);
    if (!found.route.rateLimited) {
      this.writes.add(answer);
      return true;
    }
    let admitted: RateLimitHeaders | undefined;
    try {
      admitted = this.deps.access.admit(client, found.route.provider, answer);
    } catch {
      return false;
    }
    if (admitted === undefined) return true; // the answer hears later
    answer.rateLimit = admitted;
    this.writes.add(answer);
    return true;
  }

  /** After a key lookup or a shared count: answers with the body prepared by then, if it is still there. */
  admittedLater(answer: LaneAnswer): void {
    const body = answer.found.route.lookup(answer.found.params, answer.query);
    if (!body) {
      answer.toRouter();
      return;
    }
    answer.body = body;
    this.writes.add(answer);
  }

  /** The route serving `path` and its parameters, remembered: nearly every request asks for a path asked for before. */
  private match(path: string): PathMatch | undefined {
    const remembered = this.matches.get(path);
    if (remembered) return remembered;
    const found = this.matchRoutes(path);
    if (found) {
      if (this.matches.size >= REMEMBERED_PATHS) this.matches.clear();
      this.matches.set(path, found);
    }
    return found;
  }

  private matchRoutes(path: string): PathMatch | undefined {
    for (const route of this.routes) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, index) => (params[name] = match[index + 1] ?? ''));
      return { route, params: Object.freeze(params) };
    }
    return undefined;
  }

  private answer({ client, response, found, body, rateLimit, started }: LaneAnswer): void {
    const route = found.route;
    const headers = client.headers;
    const answer = answerFor(body, headers['if-none-match'], headers['accept-encoding']);
    const reqId = requestId(headers);
    const sent: OutgoingHttpHeaders = rateLimit
      ? {
          'access-control-allow-origin': '*',
          'access-control-expose-headers': EXPOSE,
          'x-request-id': reqId,
          'x-ratelimit-limit': rateLimit['X-RateLimit-Limit'],
          'x-ratelimit-remaining': rateLimit['X-RateLimit-Remaining'],
          'x-ratelimit-reset': rateLimit['X-RateLimit-Reset'],
        }
      : {
          'access-control-allow-origin': '*',
          'access-control-expose-headers': EXPOSE,
          'x-request-id': reqId,
        };
    addPreparedHeaders(sent, route.cacheControl, body.etag, answer.bytes, answer.encoding, body.contentType);
    response.writeHead(answer.status, sent);
    response.end(answer.bytes);
    this.answered++;
    this.deps.log.completed({
      reqId,
      method: 'GET',
      url: client.request.url ?? '',
      client,
      statusCode: answer.status,
      responseTime: performance.now() - started,
    });
  }

  /** An answer that could not be written (it never should): the connection is dropped, the error logged. */
  private failed({ client, response, started }: LaneAnswer, error: unknown): void {
    response.destroy();
    this.deps.log.completed({
      reqId: requestId(client.headers),
      method: 'GET',
      url: client.request.url ?? '',
      client,
      statusCode: 500,
      responseTime: performance.now() - started,
      error: error instanceof Error ? error : new Error(String(error)),
    });
  }
}
