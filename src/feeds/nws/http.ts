/**
 * The NWS API client's HTTP: every request names the application (the API refuses anonymous
 * clients), is abandoned after a timeout, and is cached for as long as the response's own
 * Cache-Control max-age (or Expires) allows, so the ten parks' refreshes cost the agency only
 * what changed. Errors come back as UpstreamError, worded from the API's problem+json document.
 */
import type { Clock } from '../../lib/clock.js';
import { UpstreamClient, type UpstreamClientOptions } from '../http/upstream-client.js';

export interface NwsHttpOptions {
  /** Base address (NWS_URL), no trailing slash. */
  readonly baseUrl: string;
  readonly userAgent: string;
  readonly clock: Clock;
  /** Milliseconds before a request is abandoned. */
  readonly timeoutMs: number;
  /** Shared-client settings from the configuration (read budget, recording). */
  readonly upstream?: Partial<UpstreamClientOptions>;
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
  private readonly client: UpstreamClient;

  constructor(private readonly options: NwsHttpOptions) {
    // The shared client keeps the etiquette (User-Agent, timeout, retries, 429, budget, recording).
    this.client = new UpstreamClient({
      feed: 'nws',
      label: 'the National Weather Service',
      baseUrl: options.baseUrl,
      userAgent: options.userAgent,
      clock: options.clock,
      accept: 'application/geo+json',
      timeoutMs: options.timeoutMs,
      retries: 1,
      backoffMs: 250,
      describeFailure: problemMessage,
      ...options.upstream,
    });
  }

  /**
   * GETs a path of the API (or a link the API gave, which is re-based on NWS_URL so a proxy or a
   * test double sees the follow-up requests too).
   */
  async get(pathOrLink: string): Promise<unknown> {
    // A link the API gave is re-based on NWS_URL by the client (a proxy or a test double sees it).
    const url = pathOrLink.replace(/^https?:\/\/[^/]+/i, '');
    const now = this.options.clock.now();
    const cached = this.cache.get(url);
    if (cached && now < cached.expiresAt) return cached.body;

    const { body, headers } = await this.client.getJson(url);
    const ttl = freshFor(headers, now);
    if (ttl > 0) {
      if (this.cache.size >= MAX_CACHED) this.evictExpired(now);
      this.cache.set(url, { body, expiresAt: now + ttl });
    }
    return body;
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
