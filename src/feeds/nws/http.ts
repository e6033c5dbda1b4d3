/**
 * The NWS API client's HTTP: every request names the application (the API refuses anonymous
 * clients), is abandoned after a timeout, and is cached for as long as the response's own
 * Cache-Control max-age (or Expires) allows, so the ten parks' refreshes cost the agency only
 * what changed. Errors come back as UpstreamError, worded from the API's problem+json document.
 */
import type { Clock } from '../../lib/clock.js';
import { UpstreamError } from '../types.js';

export interface NwsHttpOptions {
  /** Base address (NWS_URL), no trailing slash. */
  readonly baseUrl: string;
  readonly userAgent: string;
  readonly clock: Clock;
  /** Milliseconds before a request is abandoned. */
  readonly timeoutMs: number;
}

interface Cached {
  readonly body: unknown;
  readonly expiresAt: number;
}

/** The most responses kept; the ten parks need a few dozen. */
const MAX_CACHED = 256;

/** How long a response may be reused, in ms from now, by its Cache-Control or Expires header. */
export function freshFor(headers: Headers, now: number): number {
  const cacheControl = headers.get('cache-control') ?? '';
  if (/(^|,)\s*(no-store|no-cache|private)\b/i.test(cacheControl)) return 0;
  const maxAge = /(?:^|,)\s*max-age\s*=\s*"?(\d+)"?/i.exec(cacheControl);
  if (maxAge) return Number(maxAge[1]) * 1000;
  const expires = headers.get('expires');
  if (expires) {
    const at = Date.parse(expires);
    // Expires is relative to the server's Date header when there is one (clock skew).
    const date = Date.parse(headers.get('date') ?? '');
    if (Number.isFinite(at)) return Math.max(0, at - (Number.isFinite(date) ? date : now));
  }
  return 0;
}

export class NwsHttp {
  private readonly cache = new Map<string, Cached>();

  constructor(private readonly options: NwsHttpOptions) {}

  /**
   * GETs a path of the API (or a link the API gave, which is re-based on NWS_URL so a proxy or a
   * test double sees the follow-up requests too).
   */
  async get(pathOrLink: string): Promise<unknown> {
    const url = this.resolve(pathOrLink);
    const now = this.options.clock.now();
    const cached = this.cache.get(url);
    if (cached && now < cached.expiresAt) return cached.body;

    let response: Response;
    try {
      response = await fetch(url, {
        headers: { 'User-Agent': this.options.userAgent, Accept: 'application/geo+json' },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new UpstreamError(
        'nws',
        timedOut
          ? `the National Weather Service did not answer within ${this.options.timeoutMs} ms`
          : `the National Weather Service could not be reached (${error instanceof Error ? error.message : String(error)})`,
        { cause: error },
      );
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) throw new UpstreamError('nws', problemMessage(response.status, text));
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      throw new UpstreamError('nws', `the National Weather Service sent a body that is not JSON (${url})`, {
        cause: error,
      });
    }
    const ttl = freshFor(response.headers, now);
    if (ttl > 0) {
      if (this.cache.size >= MAX_CACHED) this.evictExpired(now);
      this.cache.set(url, { body, expiresAt: now + ttl });
    }
    return body;
  }

  private resolve(pathOrLink: string): string {
    if (!/^https?:\/\//i.test(pathOrLink)) return `${this.options.baseUrl}${pathOrLink}`;
    const link = new URL(pathOrLink);
    return `${this.options.baseUrl}${link.pathname}${link.search}`;
  }

  private evictExpired(now: number): void {
    for (const [url, entry] of this.cache) if (entry.expiresAt <= now) this.cache.delete(url);
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
  }
}

/** The API's problem+json error (title, detail) in one line, or the status alone. */
function problemMessage(status: number, text: string): string {
  try {
    const problem = JSON.parse(text) as { title?: unknown; detail?: unknown };
    const parts = [problem.title, problem.detail].filter(
      (p): p is string => typeof p === 'string' && p !== '',
    );
    if (parts.length > 0) return `the National Weather Service answered ${status}: ${parts.join(': ')}`;
  } catch {
    // Not problem+json: the status says enough.
  }
  return `the National Weather Service answered ${status}`;
}
